import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
} from '../../contract/constants';

export { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language };

/**
 * Message namespaces: one file per language and namespace in `src/i18n/locales/<lng>/<ns>.json`
 * (`notifications` and `options`, which the server reads too: `contract/locales/<lng>/<ns>.json`),
 * one namespace per feature folder so that people converting different folders edit different files.
 * `frame` (the two texts of the loading frame) is read by src/app/AppFrame.tsx itself, in all three
 * languages, before the rest of the layer has loaded (it is a few bytes).
 * `terms` (the long terms text) is the one English file not bundled with the app: the terms screens'
 * own module registers it (src/features/auth/terms.ts); Bengali and Hindi load it with the rest.
 * `validation` is generated from the contract's message catalogue for English (`npm run i18n:catalogue`),
 * and `options` (the names of the contract's fixed option lists: industries, districts, …) from
 * contract/options.ts the same way.
 */
export const NAMESPACES = [
  'frame',
  'common',
  'auth',
  'teacher',
  'student',
  'admin',
  'jobs',
  'notifications',
  'validation',
  'options',
  'terms',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** BCP 47 tags for Intl (India's conventions: lakh grouping; Bengali digits in bn). */
export const LOCALE_TAGS: Record<Language, string> = { en: 'en-IN', bn: 'bn-IN', hi: 'hi-IN' };

/** The language to start with: the remembered choice, else the browser's first of en/bn/hi, else English. */
export function detectLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // storage unavailable (private mode): fall through to the browser's languages
  }
  const wanted =
    typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]).filter(Boolean);
  for (const tag of wanted) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

export function rememberLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}
