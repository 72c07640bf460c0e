import { currentLanguage, isLanguage, type Language, setLanguage } from '../i18n';
import { session } from './session';

/** Saves the language to the signed-in account (best effort: the browser remembers it anyway). */
export async function saveAccountLanguage(language: Language): Promise<void> {
  if (!session.token()) return;
  try {
    await (await import('../api/account')).saveLanguage(language);
  } catch {
    // Offline or signed out meanwhile: the choice stays in this browser.
  }
}

/** The person picks a language (the header's switcher): switch, remember here and on the account. */
export async function chooseLanguage(language: Language): Promise<void> {
  await setLanguage(language);
  await saveAccountLanguage(language);
}

/**
 * After sign-in (or when a stored session is confirmed): the account's language wins when it has
 * one; an account without one (null) takes the language chosen in this browser. An answer without
 * the field (an older server) changes nothing.
 */
export function adoptAccountLanguage(language: unknown): void {
  if (isLanguage(language)) {
    if (language !== currentLanguage()) void setLanguage(language, { chosen: false }).catch(() => undefined);
  } else if (language === null) void saveAccountLanguage(currentLanguage());
}
