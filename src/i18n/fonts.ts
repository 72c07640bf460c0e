import type { Language } from './languages';

/**
 * The Bengali and Devanagari fonts (self-hosted from @fontsource, script subsets only, regular and
 * bold), fetched only when that language is chosen. The theme's font stack names both families after
 * the system fonts, so Latin text keeps the system font and Bengali/Devanagari letters use these.
 */
const FONTS: Partial<Record<Language, () => Promise<unknown>>> = {
  bn: () =>
    Promise.all([
      import('@fontsource/noto-sans-bengali/bengali-400.css'),
      import('@fontsource/noto-sans-bengali/bengali-700.css'),
    ]),
  hi: () =>
    Promise.all([
      import('@fontsource/noto-sans-devanagari/devanagari-400.css'),
      import('@fontsource/noto-sans-devanagari/devanagari-700.css'),
    ]),
};

export function loadFont(language: Language): Promise<unknown> {
  return FONTS[language]?.().catch(() => undefined) ?? Promise.resolve();
}
