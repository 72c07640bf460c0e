/**
 * `npx tsx scripts/i18n-allowlist.ts`: prints the files of src/ that still show literal texts (what
 * tests/client/i18n/allowlist.txt may list). With `--write`, rewrites the list: converted files leave
 * it. Adding a file to the list is for work written before the language layer; new texts go through it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXEMPT, visibleLiterals } from '../tests/client/i18n/literals';
import { ROOT, rel, sourceFiles } from '../tests/client/i18n/scan';

const offending: string[] = [];
for (const path of sourceFiles(join(ROOT, 'src'), /\.tsx?$/)) {
  const name = rel(path);
  if (!EXEMPT.some((re) => re.test(name)) && visibleLiterals(path).length) offending.push(name);
}
offending.sort();
if (process.argv.includes('--write')) {
  const file = join(ROOT, 'tests/client/i18n/allowlist.txt');
  const header = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('#'));
  writeFileSync(file, `${[...header, ...offending].join('\n')}\n`);
} else console.log(offending.join('\n'));
