import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mantineLazyDefaultVariables } from '../../vite.config';

// require() finds the package's CommonJS entry (cjs/index.cjs); its ES modules are in esm/ beside it.
const moduleFile = join(
  dirname(createRequire(import.meta.url).resolve('@mantine/core')),
  '..',
  'esm/core/MantineProvider/MantineCssVariables/remove-default-variables.mjs',
);

type Transform = (
  this: { error: (message: string) => never },
  code: string,
  id: string,
) => string | undefined;
const transform = mantineLazyDefaultVariables().transform as Transform;
const context = {
  error: (message: string): never => {
    throw new Error(message);
  },
};

/** The build computes Mantine's default theme variables on first use, not when the app starts. */
describe('mantineLazyDefaultVariables', () => {
  it("defers the installed Mantine's computation into the function that uses it", () => {
    const code = readFileSync(moduleFile, 'utf8');
    expect(code).toMatch(/^const defaultCssVariables = defaultCssVariablesResolver\(DEFAULT_THEME\);$/m);
    const lazy = transform.call(context, code, moduleFile) ?? '';
    // No statement at the module's top level calls the resolver any more; the function does, once.
    expect(lazy).not.toMatch(/^const \w+ = defaultCssVariablesResolver\(/m);
    expect(lazy).toContain('(defaults ??= defaultCssVariablesResolver(DEFAULT_THEME))');
    expect(lazy).not.toContain('defaultCssVariables.');
    expect(lazy.match(/defaultVariables\(\)\.(variables|light|dark)\[key\]/g)).toHaveLength(3);
  });

  it('fails the build when the module no longer reads as expected, and leaves other modules alone', () => {
    expect(() => transform.call(context, 'export const x = 1;', moduleFile)).toThrow(/update this plugin/);
    expect(
      transform.call(context, 'const a = 1;', '/x/node_modules/@mantine/core/esm/other.mjs'),
    ).toBeUndefined();
  });
});
