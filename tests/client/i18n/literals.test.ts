/**
 * No user-visible text in src/ bypasses the language layer: JSX text, string literals given to the
 * props people read or hear (placeholder, aria-label, title, label, alt, description, error, …), and,
 * in .ts helpers as much as in components, texts given to toasts and alerts, set as attributes people
 * read, returned by text-making functions (…Label, …Text, …Title) or thrown as a failure's sentence
 * (literals.ts says exactly where it looks), must come from t('ns:key') or a rule's catalogued message. Files not converted yet are listed in allowlist.txt (one path per line);
 * convert a file, then delete its line (the test fails on a listed file that is already clean).
 * src/features/machines (the developer's visualiser) stays English and is not checked.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXEMPT, visibleLiterals } from './literals';
import { listFile, ROOT, rel, sourceFiles } from './scan';

describe('user-visible texts go through the language layer', () => {
  const allowlist = new Set(listFile('allowlist.txt'));
  const files = [...sourceFiles(join(ROOT, 'src'), /\.tsx?$/)]
    .map((path) => ({ path, name: rel(path) }))
    .filter(({ name }) => !EXEMPT.some((re) => re.test(name)));

  it('no file outside the allowlist shows a literal text', () => {
    const offending = files
      .filter(({ name }) => !allowlist.has(name))
      .flatMap(({ path, name }) => visibleLiterals(path).map((hit) => `${name}:${hit}`));
    expect(offending).toEqual([]);
  });

  it('the allowlist names only files that exist and still have literal texts (delete converted ones)', () => {
    const byName = new Map(files.map((f) => [f.name, f.path]));
    const stale = [...allowlist].filter(
      (name) => !byName.has(name) || !visibleLiterals(byName.get(name)!).length,
    );
    expect(stale).toEqual([]);
  });
});

describe('what the literal check finds in a .ts helper', () => {
  const found = (source: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'literals-'));
    try {
      writeFileSync(join(dir, 'helper.ts'), source);
      return visibleLiterals(join(dir, 'helper.ts')).map((hit) => hit.replace(/^\d+: /, ''));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('finds texts shown by toasts, attributes, text-making functions and failures', () => {
    expect(
      found(`
        notifications.show({ title: 'Saved', message: 'Your details were saved' });
        toast('Profile updated');
        button.setAttribute('aria-label', 'Close menu');
        document.title = 'Bengal Tutors - Log in';
        export const statusLabel = (s: string) => LABELS[s] ?? 'Unknown status';
        export function payText(n: number) { if (n) return 'Paid monthly'; return null; }
        throw new Error('Please fill in your details first.');
        export const NOT_FOUND = 'This page does not exist.';
      `),
    ).toEqual([
      'title: Saved',
      'message: Your details were saved',
      'toast(Profile updated)',
      'aria-label=Close menu',
      'title = Bengal Tutors - Log in',
      'returns Unknown status',
      'returns Paid monthly',
      'Error(Please fill in your details first.)',
      'NOT_FOUND = This page does not exist.',
    ]);
  });

  it('leaves keys, ids, developer messages and catalogued messages alone', () => {
    expect(
      found(`
        toast(t('common:saved'));
        console.warn('Dashboard: could not load the chart');
        el.setAttribute('data-state', 'Open now');
        const statusLabel = (s: string) => t(KEYS[s]);
        throw new Error(\`request failed with status \${status}\`);
        throw new Error(JOB_MESSAGES.personalDetailsFirst);
        const field = 'email';
      `),
    ).toEqual([]);
  });
});
