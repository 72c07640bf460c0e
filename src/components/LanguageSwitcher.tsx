import { Box, NativeSelect } from '@mantine/core';
import { useTranslation } from '../i18n';
import { isLanguage, LANGUAGES, type Language } from '../i18n/languages';
import { chooseLanguage } from '../lib/account-language';
import { useHydrated } from '../lib/hydrated';
import { AfterFirstPaint } from './AfterFirstPaint';

/** Each language named in its own script (the same in every language file). */
const NAME_KEYS: Record<Language, string> = {
  en: 'common:language.en',
  bn: 'common:language.bn',
  hi: 'common:language.hi',
};

const WIDTH = 92;

/**
 * The language choice in the header of every screen: a labelled native select (keyboard and
 * screen-reader friendly, compact on a 360 px phone). Switching re-renders the texts in place;
 * nothing remounts, so an open wizard keeps its draft.
 *
 * It comes just after the screen's first paint, in a space kept for it: laying out each language's
 * name in its own script makes the browser find fonts for two more scripts, which on a slow phone
 * held back the screen the person came for.
 */
export function LanguageSwitcher() {
  return (
    <AfterFirstPaint placeholder={<Box w={WIDTH} h="var(--input-height-xs)" aria-hidden />}>
      <LanguageSelect />
    </AfterFirstPaint>
  );
}

function LanguageSelect() {
  const { t, i18n } = useTranslation();
  // A prerendered page's select does nothing until the code has arrived: keep it disabled till then.
  const hydrated = useHydrated();
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <NativeSelect
      size="xs"
      w={WIDTH}
      aria-label={t('common:language.label')}
      value={current}
      disabled={!hydrated}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLanguage(next)) void chooseLanguage(next);
      }}
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {t(NAME_KEYS[language])}
        </option>
      ))}
    </NativeSelect>
  );
}
