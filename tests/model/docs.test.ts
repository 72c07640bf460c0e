import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/testing.md shows its examples verbatim: each `<!-- example: <file> -->` is followed by a code
// block equal to that file, which typechecks with the project and runs as a model test.
const doc = readFileSync('docs/testing.md', 'utf8');
const examples = [...doc.matchAll(/<!-- example: (\S+) -->\n```\w*\n([\s\S]*?)```/g)];

describe('docs/testing.md examples', () => {
  it('has at least one example taken from a file', () => expect(examples.length).toBeGreaterThan(0));
  it.each(examples.map((m) => [m[1], m[2]]))('shows %s exactly as it is', (file, code) => {
    expect(code).toBe(readFileSync(file, 'utf8'));
  });
  it('imports only what exists (renderRoute, not renderApp)', () => {
    const render = readFileSync('tests/client/render.tsx', 'utf8');
    for (const [, name] of doc.matchAll(/import \{ (\w+) \} from '\.\.\/render'/g))
      expect(render).toContain(`export function ${name}`);
    expect(doc).not.toContain('renderApp');
  });
});
