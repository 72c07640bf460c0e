import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { machineRegistry } from '../../machines';
import { describeMachine } from '../../src/features/machines/analysis';
import { COVERAGE_DIR } from './kit';

/**
 * `npm run test:model`: runs every *.model.test.ts(x) (vitest project "model"), then prints states
 * reached / total and transitions taken / total per machine from the kit's records, and exits
 * non-zero when a test failed or the totals are below tests/model/coverage.config.json.
 */
const config = JSON.parse(readFileSync('tests/model/coverage.config.json', 'utf8')) as {
  states: number;
  transitions: number;
};

// --report-only: print the table from the records of a run that already happened (CI runs the model
// project inside `npm test`, then reports without running the tests twice).
const reportOnly = process.argv.includes('--report-only');
if (!reportOnly) rmSync(COVERAGE_DIR, { recursive: true, force: true });
const run = reportOnly
  ? { status: existsSync(COVERAGE_DIR) ? 0 : 1 }
  : spawnSync('npx', ['vitest', 'run', '--project', 'model', ...process.argv.slice(2)], { stdio: 'inherit' });
if (reportOnly && run.status !== 0)
  console.error(`No coverage records in ${COVERAGE_DIR}: run the model tests first.`);

interface Totals {
  states: Set<string>;
  transitions: Set<string>;
  reached: Set<string>;
  taken: Set<string>;
}
const byMachine = new Map<string, Totals>();
for (const entry of machineRegistry) {
  const d = describeMachine(entry.machine);
  byMachine.set(entry.name, {
    states: new Set(d.states.slice(1).map((s) => s.id)),
    transitions: new Set(d.transitions.map((t) => t.id)),
    reached: new Set(),
    taken: new Set(),
  });
}
const registered = new Set(byMachine.keys());
for (const file of existsSync(COVERAGE_DIR) ? readdirSync(COVERAGE_DIR) : []) {
  const r = JSON.parse(readFileSync(join(COVERAGE_DIR, file), 'utf8'));
  const totals = byMachine.get(r.machine) ?? {
    states: new Set<string>(r.states),
    transitions: new Set<string>(r.transitions),
    reached: new Set<string>(),
    taken: new Set<string>(),
  };
  for (const id of r.reachedStates) if (totals.states.has(id)) totals.reached.add(id);
  for (const id of r.takenTransitions) if (totals.transitions.has(id)) totals.taken.add(id);
  byMachine.set(r.machine, totals);
}

const pct = (n: number, d: number) => (d ? (100 * n) / d : 100);
const cell = (n: number, d: number) => `${n}/${d} (${pct(n, d).toFixed(0)}%)`;
const rows = [...byMachine].map(([name, t]) => [
  registered.has(name) ? name : `${name} (fixture, not in totals)`,
  cell(t.reached.size, t.states.size),
  cell(t.taken.size, t.transitions.size),
]);
let states = 0;
let reached = 0;
let transitions = 0;
let taken = 0;
for (const name of registered) {
  const t = byMachine.get(name) as Totals;
  states += t.states.size;
  reached += t.reached.size;
  transitions += t.transitions.size;
  taken += t.taken.size;
}
rows.push(['TOTAL (registered machines)', cell(reached, states), cell(taken, transitions)]);
const header = ['Machine', 'States reached', 'Transitions taken'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
console.log(`\nModel-based coverage\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of rows) console.log(line(r));

const statePct = pct(reached, states);
const transitionPct = pct(taken, transitions);
const below = statePct < config.states || transitionPct < config.transitions;
console.log(
  `\nThreshold (tests/model/coverage.config.json): states ${config.states}%, transitions ${config.transitions}%: ${below ? 'NOT MET' : 'met'}`,
);
if (run.status !== 0) console.error('Some model-based tests failed.');
process.exit(run.status !== 0 || below ? 1 : 0);
