import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machineRegistry } from '../machines';
import { machineDoc, machinesIndexDoc } from '../src/features/machines/docs';

/**
 * `npm run machines:docs` writes docs/machines/<name>.md for every registered machine (and an index).
 * `npm run machines:docs -- --check` writes nothing and exits 1 when the checked-in docs differ.
 */
const DIR = 'docs/machines';
const check = process.argv.includes('--check');

const wanted = new Map<string, string>([['README.md', machinesIndexDoc(machineRegistry)]]);
for (const entry of machineRegistry) wanted.set(`${entry.name}.md`, machineDoc(entry));

const existing = existsSync(DIR) ? readdirSync(DIR).filter((f) => f.endsWith('.md')) : [];
const stale = [
  ...[...wanted]
    .filter(([file, text]) => !existsSync(join(DIR, file)) || readFileSync(join(DIR, file), 'utf8') !== text)
    .map(([f]) => f),
  ...existing.filter((f) => !wanted.has(f)),
];

if (check) {
  if (stale.length) {
    console.error(
      `docs/machines is out of date (${stale.join(', ')}): run npm run machines:docs and commit the result.`,
    );
    process.exit(1);
  }
  console.log(`docs/machines is up to date (${machineRegistry.length} machines).`);
} else {
  mkdirSync(DIR, { recursive: true });
  for (const f of existing) if (!wanted.has(f)) rmSync(join(DIR, f));
  for (const [file, text] of wanted) writeFileSync(join(DIR, file), text);
  console.log(`Wrote ${wanted.size} files to ${DIR} (${stale.length} changed).`);
}
