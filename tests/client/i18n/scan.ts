/**
 * Reading the source and the message files for the language checks (keys.test.ts, literals.test.ts).
 * Key convention the scanner relies on: every key is written in full, as one string literal,
 * 'namespace:dotted.key' (t('auth:login.title'), i18nKey="auth:terms.body", or a literal in a map of
 * keys); plural forms live in the files as key_one / key_other and are used as the bare key.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NAMESPACES } from '../../../src/i18n/languages';

const HERE = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(HERE, '../../..');
export const LOCALES = join(ROOT, 'src/i18n/locales');
/** The namespaces the server reads too (e-mails, option names): their files are in contract/locales. */
export const CONTRACT_NAMESPACES = ['notifications', 'options'];
export const CONTRACT_LOCALES = join(ROOT, 'contract/locales');

/** Where a language's file of a namespace is. */
export const localeFile = (language: string, namespace: string) =>
  join(CONTRACT_NAMESPACES.includes(namespace) ? CONTRACT_LOCALES : LOCALES, language, `${namespace}.json`);
export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

export function* sourceFiles(dir: string, pattern = /\.(ts|tsx)$/): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'locales') continue;
    if (statSync(path).isDirectory()) yield* sourceFiles(path, pattern);
    else if (pattern.test(name)) yield path;
  }
}

export const rel = (path: string) => relative(ROOT, path).split('\\').join('/');

/** A message file as flat 'dotted.key' -> text. */
export function flatten(node: unknown, prefix = '', out: Record<string, string> = {}) {
  if (typeof node === 'string') out[prefix] = node;
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

export function messages(language: string, namespace: string): Record<string, string> {
  return flatten(JSON.parse(readFileSync(localeFile(language, namespace), 'utf8')));
}

const KEY_LITERAL = new RegExp(`['"\`](${NAMESPACES.join('|')}):([A-Za-z0-9_.-]+)['"\`]`, 'g');

/** Every 'namespace:key' literal in src/ (the keys the code uses). */
export function usedKeys(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const file of sourceFiles(join(ROOT, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(KEY_LITERAL)) {
      const key = `${m[1]}:${m[2]}`;
      used.set(key, [...(used.get(key) ?? []), rel(file)]);
    }
  }
  return used;
}

/** Lines of a list file in this folder (blank lines and # comments skipped). */
export function listFile(name: string): string[] {
  return readFileSync(join(HERE, name), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}
