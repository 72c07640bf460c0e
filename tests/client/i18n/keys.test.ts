import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueAsMessages } from '../../../contract/messages';
import { MESSAGE_VALUE_LISTS, OPTION_LISTS, optionId, optionsAsMessages } from '../../../contract/options';
import { LANGUAGES, NAMESPACES } from '../../../src/i18n/languages';
import { flatten, LOCALES, listFile, localeFile, messages, PLURAL_SUFFIX, usedKeys } from './scan';

// Namespaces whose Bengali/Hindi files are still being written ("bn validation" per line).
const pending = new Set(listFile('untranslated.txt'));
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe('message files', () => {
  it('English validation messages are the contract catalogue, word for word (npm run i18n:catalogue)', () => {
    const file = JSON.parse(readFileSync(join(LOCALES, 'en/validation.json'), 'utf8'));
    expect(file).toEqual(catalogueAsMessages());
  });

  it('English option names are the contract option lists, word for word (npm run i18n:catalogue)', () => {
    const file = JSON.parse(readFileSync(localeFile('en', 'options'), 'utf8'));
    expect(file).toEqual(optionsAsMessages());
    // Each wire value of a list has its own key (no two values share an id).
    for (const [list, options] of Object.entries(OPTION_LISTS)) {
      const ids = options.map((o) => optionId(o.value));
      expect(new Set(ids).size, `options:${list}`).toBe(ids.length);
      expect(ids.every(Boolean), `options:${list}`).toBe(true);
    }
  });

  for (const namespace of NAMESPACES)
    for (const language of LANGUAGES.filter((l) => l !== 'en'))
      it(`${language}/${namespace}.json has exactly the English keys, with the same placeholders`, () => {
        const english = messages('en', namespace);
        const other = messages(language, namespace);
        if (pending.has(`${language} ${namespace}`)) {
          // Still being translated: no key English lacks, and what is there is complete.
          expect(Object.keys(other).filter((k) => !(k in english))).toEqual([]);
        } else {
          expect(Object.keys(other).sort()).toEqual(Object.keys(english).sort());
        }
        for (const [key, text] of Object.entries(other)) {
          expect(text.trim(), `${language} ${namespace}:${key} is empty`).not.toBe('');
          expect(placeholders(text), `${language} ${namespace}:${key}`).toEqual(placeholders(english[key]));
        }
      });

  it('every key the code uses exists in English, and every English key is used', () => {
    const used = usedKeys();
    const defined = new Set<string>();
    for (const namespace of NAMESPACES)
      for (const key of Object.keys(messages('en', namespace)))
        defined.add(`${namespace}:${key.replace(PLURAL_SUFFIX, '')}`);
    const missing = [...used.keys()]
      .filter((k) => !defined.has(k) && ![...defined].some((d) => d.startsWith(`${k}.`)))
      .map((k) => `${k} (${used.get(k)!.join(', ')})`);
    expect(missing, 'keys used in src/ but not in the English files').toEqual([]);
    // validation: the catalogue's messages are used through useMessage() (looked up by their text).
    // A key used as a whole object (t('terms:document', { returnObjects: true })) covers those under it.
    const isUsed = (key: string) =>
      key.split('.').some((_, i, parts) => used.has(parts.slice(0, i + 1).join('.')));
    // The lists whose names fill rule messages' values (MESSAGE_VALUE_LISTS) are used by useMessage() too.
    const valueLists = new Set(Object.values(MESSAGE_VALUE_LISTS).flatMap((p) => Object.values(p)));
    const inValueList = (key: string) => valueLists.has(key.replace(/^options:([^.]+)\..*$/, '$1') as never);
    // notifications:email: the frame of the notification e-mails, which the server writes (same file).
    const unused = [...defined].filter(
      (k) =>
        !k.startsWith('validation:') &&
        !k.startsWith('notifications:email.') &&
        !(k.startsWith('options:') && inValueList(k)) &&
        !isUsed(k),
    );
    expect(unused, 'keys in the English files that no code uses').toEqual([]);
  });

  it('plural forms come as _one and _other (en, bn and hi have those two categories)', () => {
    for (const language of LANGUAGES) {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      expect([...categories].sort()).toEqual(['one', 'other']);
      for (const namespace of NAMESPACES) {
        const keys = Object.keys(flatten(messages(language, namespace)));
        for (const key of keys.filter((k) => PLURAL_SUFFIX.test(k))) {
          const base = key.replace(PLURAL_SUFFIX, '');
          expect(keys, `${language} ${namespace}:${base}`).toEqual(
            expect.arrayContaining([`${base}_one`, `${base}_other`]),
          );
        }
      }
    }
  });
});
