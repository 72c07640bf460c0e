/**
 * No user-visible text in src/ bypasses the language layer: JSX text, and string literals given to the
 * props people read or hear (placeholder, aria-label, title, label, alt, description, error, …), must
 * come from t('ns:key'). Files not converted yet are listed in allowlist.txt (one path per line);
 * convert a file, then delete its line (the test fails on a listed file that is already clean).
 * src/features/machines (the developer's visualiser) stays English and is not checked.
 */
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
