import type { Language } from '../../contract/constants';
import bnOptions from '../../contract/locales/bn/options.json';
import enOptions from '../../contract/locales/en/options.json';
import hiOptions from '../../contract/locales/hi/options.json';

/**
 * The `options` message files (the client's own, kept in contract/locales/) in each language, read
 * once for every server module that names an option: subject names, decline reasons.
 */
export const OPTION_TEXTS: Record<Language, typeof enOptions> = {
  en: enOptions,
  bn: bnOptions,
  hi: hiOptions,
};
