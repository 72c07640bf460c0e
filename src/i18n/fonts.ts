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

/** The family and a sample of each script, to fetch the font file itself before showing the texts. */
const FAMILIES: Partial<Record<Language, { family: string; sample: string }>> = {
  bn: { family: 'Noto Sans Bengali', sample: 'বাংলা' },
  hi: { family: 'Noto Sans Devanagari', sample: 'हिन्दी' },
};

/**
 * Loads the language's font (its CSS, then the regular and bold faces' files) so that the first render of the
 * new texts already has it: a text laid out before its font arrived could stay as empty boxes. Waits
 * at most a few seconds; on a slow line the texts show and the font swaps in when it comes.
 */
export async function loadFont(language: Language): Promise<void> {
  const css = FONTS[language];
  if (!css) return;
  try {
    await css();
    const face = FAMILIES[language];
    if (face && typeof document !== 'undefined' && document.fonts?.load) {
      await Promise.race([
        Promise.all(
          ['400', '700'].map((weight) => document.fonts.load(`${weight} 16px "${face.family}"`, face.sample)),
        ),
        new Promise((resolve) => setTimeout(resolve, 3000)),
      ]);
    }
  } catch {
    // Without the font the system's own (if any) is used.
  }
}
