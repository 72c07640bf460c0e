/**
 * The language layer: one i18next instance for the whole app (react-i18next binds it to React).
 * English comes with the code (the app's shared texts with the app, a feature's with the feature:
 * instance.ts); Bengali and Hindi messages and fonts are fetched only when chosen (`setLanguage`). Import `useTranslation`, `Trans` and the helpers from here, never from
 * 'react-i18next' directly, so that the instance is initialised wherever a text is shown.
 * Conventions (key names, plurals, values): docs/architecture.md, "Languages".
 */

export { Trans, useTranslation } from 'react-i18next';
export * from './format';
export {
  addEnglish,
  currentLanguage,
  i18n,
  loadLanguage,
  localeTag,
  onLanguageChosen,
  setLanguage,
  startLanguage,
} from './instance';
export * from './languages';
export { translateMessage, useMessage } from './messages';
export {
  degreeName,
  namedOptions,
  type OptionsKey,
  optionName,
  optionNameNow,
  subjectName,
  subjectNameNow,
  subjectNames,
} from './options';
