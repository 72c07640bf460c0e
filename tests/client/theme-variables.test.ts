import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEME_CSS } from '../../src/app/theme-variables';
import { themeVariablesCss, themeVariablesModule } from './theme-variables';

describe('the theme CSS variables computed ahead', () => {
  it('are the ones MantineProvider computes for the theme (re-run scripts/theme-css.ts when not)', () => {
    expect(THEME_CSS).toBe(themeVariablesCss());
  });

  it('are written by scripts/theme-css.ts exactly as biome keeps them (no rewrite after a re-run)', () => {
    expect(readFileSync('src/app/theme-variables.ts', 'utf8')).toBe(themeVariablesModule());
  });
});
