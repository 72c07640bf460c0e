import { describe, expect, it } from 'vitest';
import { CHART_COLOURS } from '../../../contract/rules/admin';

/** WCAG's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('chart colours (the admin dashboard)', () => {
  // Bars, slices and legend swatches are graphics people need to see: 3:1 against the white card
  // (WCAG 1.4.11). axe-core does not measure SVG fills, so this does.
  it.each(CHART_COLOURS.map((c) => [c]))('%s has 3:1 or more against white', (colour) => {
    expect(contrast(colour, '#ffffff')).toBeGreaterThanOrEqual(3);
  });

  it('gives every series its own colour', () => {
    expect(new Set(CHART_COLOURS).size).toBe(CHART_COLOURS.length);
  });
});
