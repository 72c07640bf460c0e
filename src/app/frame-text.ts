import { detectLanguage } from '../i18n/languages';
import bn from '../i18n/locales/bn/frame.json';
import en from '../i18n/locales/en/frame.json';
import hi from '../i18n/locales/hi/frame.json';

const FRAME = { en, bn, hi };

/**
 * The loading frame's texts in the remembered or browser language, without the i18n library (the
 * frame is painted before it loads, and a screen whose code failed to load must not wait for more
 * code). Keys as everywhere: 'frame:home', 'frame:loading'.
 */
export function frameText(key: `frame:${keyof typeof en}`, values: Record<string, string> = {}): string {
  const text = FRAME[detectLanguage()][key.slice('frame:'.length) as keyof typeof en];
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}
