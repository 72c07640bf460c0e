import bengali400 from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2?url';
import bengali700 from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff2?url';
import devanagari400 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import devanagari700 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2?url';
import type { Language } from './languages';

/**
 * The Bengali and Devanagari fonts (self-hosted from @fontsource, script subsets only, regular and
 * bold), fetched only when that language is chosen. The theme's font stack names both families after
 * the system fonts, so Latin text keeps the system font and Bengali/Devanagari letters use these.
 *
 * The faces are added from script (the FontFace API), not by importing @fontsource's stylesheets:
 * the app has one stylesheet (vite.config.ts), and an `@font-face` rule in it would make every
 * screen download both fonts as soon as the language switcher shows 'বাংলা' and 'हिन्दी'.
 */
const FACES: Partial<Record<Language, { family: string; files: Record<'400' | '700', string> }>> = {
  bn: { family: 'Noto Sans Bengali', files: { '400': bengali400, '700': bengali700 } },
  hi: { family: 'Noto Sans Devanagari', files: { '400': devanagari400, '700': devanagari700 } },
};

const added = new Set<string>();

/**
 * Loads the language's font (the regular and bold faces' files) so that the first render of the
 * new texts already has it: a text laid out before its font arrived could stay as empty boxes. Waits
 * at most a few seconds; on a slow line the texts show and the font swaps in when it comes.
 */
export async function loadFont(language: Language): Promise<void> {
  const face = FACES[language];
  if (!face || typeof document === 'undefined' || typeof FontFace === 'undefined' || !document.fonts) return;
  try {
    const loads = (['400', '700'] as const).map((weight) => {
      const key = `${face.family} ${weight}`;
      if (added.has(key)) return Promise.resolve();
      added.add(key);
      const font = new FontFace(face.family, `url(${face.files[weight]}) format('woff2')`, {
        weight,
        style: 'normal',
        display: 'swap',
      });
      document.fonts.add(font);
      return font.load();
    });
    await Promise.race([Promise.all(loads), new Promise((resolve) => setTimeout(resolve, 3000))]);
  } catch {
    // Without the font the system's own (if any) is used.
  }
}
