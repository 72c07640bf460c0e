import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { machineRegistry } from '../../machines';
import { COVERAGE_DIR, type CoverageRecord, machineStructure } from './kit';

/**
 * `npm run test:model [-- <files>]`: runs the model-based tests (vitest project "model"), then prints
 * per machine the states reached and transitions taken, and names every one missing. Exits non-zero
 * when a test failed or the totals are below tests/model/coverage.config.json.
 *
 *   --update-structure  rewrite each machine's committed structure (<machine>.structure.json beside
 *                       its model test) from the machine, then run the tests
 *   --structure-only    only rewrite the structures (npm run model:structure); no path runs
 *   --report-only       print the table of the run that just happened (CI: after `npm test`)
 *
 * Records are per run (the model project clears them when it starts, tests/setup/model-global.ts).
 * A run of some files reports only the machines those files test; a run of every model test file
 * reports every registered machine, those without a model test at 0%.
 */
const config = JSON.parse(readFileSync('tests/model/coverage.config.json', 'utf8')) as {
  states: number;
  transitions: number;
};

const flags = new Set(process.argv.slice(2).filter((a) => a.startsWith('--')));
const args = process.argv
  .slice(2)
  .filter((a) => !['--update-structure', '--structure-only', '--report-only'].includes(a));
const reportOnly = flags.has('--report-only');
const structureOnly = flags.has('--structure-only');
const env = { ...process.env };
if (flags.has('--update-structure')) env.MODEL_STRUCTURE = 'update';
if (structureOnly) env.MODEL_STRUCTURE = 'only';

const run = reportOnly
  ? { status: existsSync(COVERAGE_DIR) ? 0 : 1 }
  : spawnSync('npx', ['vitest', 'run', '--project', 'model', '--project', 'model-mocked', ...args], {
      stdio: 'inherit',
      env,
    });
if (structureOnly) {
  console.log(
    run.status === 0
      ? '\nStructures written beside each model test (<machine>.structure.json): review them with git diff.'
      : '\nWriting the structures failed.',
  );
  process.exit(run.status ?? 1);
}
if (reportOnly && run.status !== 0)
  console.error(`No coverage records in ${COVERAGE_DIR}: run the model tests first.`);

interface Totals {
  states: string[];
  transitions: string[];
  reached: Set<string>;
  taken: Set<string>;
  files: Set<string>;
}
const records: CoverageRecord[] = (existsSync(COVERAGE_DIR) ? readdirSync(COVERAGE_DIR) : [])
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(COVERAGE_DIR, f), 'utf8')));

// Every model test file ran (a whole run) or only some: then only their machines are reported.
const walkFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory()
      ? walkFiles(join(dir, d.name))
      : /\.model\.test\.tsx?$/.test(d.name)
        ? [join(dir, d.name)]
        : [],
  );
const allFiles = walkFiles('tests');
const ranFiles = new Set(records.map((r) => r.file));
const wholeRun = allFiles.every((f) => ranFiles.has(f));

const byMachine = new Map<string, Totals>();
const registered = new Set(machineRegistry.map((e) => e.name));
if (wholeRun)
  for (const entry of machineRegistry) {
    const s = machineStructure(entry.name, entry.machine);
    byMachine.set(entry.name, {
      states: s.states,
      transitions: s.transitions,
      reached: new Set(),
      taken: new Set(),
      files: new Set(),
    });
  }
for (const r of records) {
  const totals = byMachine.get(r.machine) ?? {
    states: r.states,
    transitions: r.transitions,
    reached: new Set<string>(),
    taken: new Set<string>(),
    files: new Set<string>(),
  };
  for (const x of r.reachedStates) if (totals.states.includes(x)) totals.reached.add(x);
  for (const x of r.takenTransitions) if (totals.transitions.includes(x)) totals.taken.add(x);
  totals.files.add(r.file);
  byMachine.set(r.machine, totals);
}

const pct = (n: number, d: number) => (d ? (100 * n) / d : 100);
const cell = (n: number, d: number) => `${n}/${d} (${pct(n, d).toFixed(0)}%)`;
const sorted = [...byMachine].sort(([a], [b]) => a.localeCompare(b));
const rows = sorted.map(([name, t]) => [
  registered.has(name) ? name : `${name} (fixture, not in totals)`,
  cell(t.reached.size, t.states.length),
  cell(t.taken.size, t.transitions.length),
]);
let states = 0;
let reached = 0;
let transitions = 0;
let taken = 0;
for (const [name, t] of sorted) {
  if (!registered.has(name)) continue;
  states += t.states.length;
  reached += t.reached.size;
  transitions += t.transitions.length;
  taken += t.taken.size;
}
rows.push([
  wholeRun ? 'TOTAL (registered machines)' : 'TOTAL (machines of this run)',
  cell(reached, states),
  cell(taken, transitions),
]);
const header = ['Machine', 'States reached', 'Transitions taken'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
console.log(`\nModel-based coverage\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of rows) console.log(line(r));

// Name what is missing, machine by machine.
const missing: string[] = [];
for (const [name, t] of sorted) {
  const states = t.states.filter((x) => !t.reached.has(x));
  const trans = t.transitions.filter((x) => !t.taken.has(x));
  if (!states.length && !trans.length) continue;
  missing.push(`\n${name}${t.files.size ? '' : ' (no model test)'}:`);
  for (const x of states) missing.push(`  state not reached: ${x}`);
  for (const x of trans) missing.push(`  transition not taken: ${x}`);
}
if (missing.length) console.log(`\nMissing${missing.join('\n')}`);

const statePct = pct(reached, states);
const transitionPct = pct(taken, transitions);
const below = statePct < config.states || transitionPct < config.transitions;
console.log(
  `\nThreshold (tests/model/coverage.config.json): states ${config.states}%, transitions ${config.transitions}%: ${below ? 'NOT MET' : 'met'}${wholeRun ? '' : ' (for the machines of this run)'}`,
);
if (run.status !== 0) console.error('Some model-based tests failed.');
process.exit(run.status !== 0 || below ? 1 : 0);
