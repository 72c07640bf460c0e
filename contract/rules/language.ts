import { isLanguage, type Language } from '../constants';
import type { FieldErrors } from './common';

export const LANGUAGE_MESSAGES = {
  languageInvalid: 'Please choose English, Bengali or Hindi',
} as const;

/** The interface language a person saves to their account: one of en, bn, hi. */
export function validateLanguage(input: { language?: unknown }): FieldErrors<'language'> {
  return isLanguage(input.language) ? {} : { language: LANGUAGE_MESSAGES.languageInvalid };
}

export type { Language };
