/**
 * `npm run i18n:catalogue`: writes the English `validation` messages (src/i18n/locales/en/validation.json)
 * from the contract's message catalogue, so the English stays exactly the rules' text. `--check` only
 * compares (tests/i18n/keys.test.ts does the same in `npm test`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { catalogueAsMessages } from '../contract/messages';

const file = 'src/i18n/locales/en/validation.json';
const text = `${JSON.stringify(catalogueAsMessages(), null, 2)}\n`;
if (process.argv.includes('--check')) {
  const current = readFileSync(file, 'utf8');
  if (current !== text) {
    console.error(`${file} is out of date: run npm run i18n:catalogue`);
    process.exit(1);
  }
} else writeFileSync(file, text);
