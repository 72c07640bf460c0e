import { describe, expect, it } from 'vitest';
import { THEME_CSS } from '../../src/app/theme-variables';
import { themeVariablesCss } from './theme-variables';

describe('the theme CSS variables computed ahead', () => {
  it('are the ones MantineProvider computes for the theme (re-run scripts/theme-css.ts when not)', () => {
    expect(THEME_CSS).toBe(themeVariablesCss());
  });
});
