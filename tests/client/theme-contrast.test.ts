import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from '../../src/app/theme';
import { THEME_CSS } from '../../src/app/theme-variables';

const colours = { ...DEFAULT_THEME.colors, ...theme.colors } as Record<string, readonly string[]>;

/** WCAG 2.1 contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The shade a light-scheme variable names in the CSS the page carries (`var(--mantine-color-blue-0)`),
 * or Mantine's own default when the theme does not set it.
 */
function shadeOf(variable: string, mantineDefault?: string): string {
  const light = THEME_CSS.slice(THEME_CSS.indexOf('[data-mantine-color-scheme="light"]'));
  const value = new RegExp(`${variable}: var\\(--mantine-color-(\\w+)-(\\d)\\)`).exec(light);
  if (value) return colours[value[1]][Number(value[2])];
  if (mantineDefault) return mantineDefault;
  throw new Error(`${variable} is not a theme shade in the light scheme`);
}

describe('light buttons, badges and notices (Preview, Remove, pending…), at rest and under the pointer', () => {
  // The colours the app's light variants use. Mantine's light text is shade 9 and its fill shade 1.
  it.each(['blue', 'red', 'green', 'gray', 'grape', 'yellow'])(
    '%s: text 4.5:1 on the fill and the hover fill',
    (name) => {
      const text = shadeOf(`--mantine-color-${name}-light-color`, colours[name][9]);
      expect(contrast(text, colours[name][1])).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text, shadeOf(`--mantine-color-${name}-light-hover`))).toBeGreaterThanOrEqual(4.5);
    },
  );
});
