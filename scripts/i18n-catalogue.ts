/**
 * `npm run i18n:catalogue`: writes the English messages that come from the contract, so the English
 * stays exactly the contract's text: `validation` (the rules' message catalogue) and `options` (the
 * fixed option lists' names). `--check` only compares (tests/client/i18n/keys.test.ts does the same
 * in `npm test`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { catalogueAsMessages } from '../contract/messages';
import { optionsAsMessages } from '../contract/options';

const files: [string, unknown][] = [
  ['src/i18n/locales/en/validation.json', catalogueAsMessages()],
  ['contract/locales/en/options.json', optionsAsMessages()],
];
let stale = false;
for (const [file, messages] of files) {
  const text = `${JSON.stringify(messages, null, 2)}\n`;
  if (process.argv.includes('--check')) {
    if (readFileSync(file, 'utf8') !== text) {
      console.error(`${file} is out of date: run npm run i18n:catalogue`);
      stale = true;
    }
  } else writeFileSync(file, text);
}
if (stale) process.exit(1);
