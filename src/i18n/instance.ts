/** The i18next instance and switching languages (see index.ts). */
import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadFont } from './fonts';
import {
  DEFAULT_LANGUAGE,
  detectLanguage,
  isLanguage,
  type Language,
  LOCALE_TAGS,
  NAMESPACES,
  type Namespace,
  rememberLanguage,
} from './languages';
import { possessive } from './possessive';

type Messages = { default: Record<string, unknown> };

const fileNamespace = (path: string) => path.replace(/^.*\/([^/]+)\.json$/, '$1');
/**
 * The English files every route needs, bundled with the app: the rest is registered by the code that
 * shows it (`addEnglish`, from each feature's `messages.ts`), so a route loads only its own texts.
 * `validation` and `options` are never needed in English: their English is the contract's own text,
 * which machines and the server already hold (see messages.ts, options.ts); they load with Bengali
 * or Hindi, to look a text up in them.
 */
const english: ResourceLanguage = {};
for (const [path, module] of Object.entries(
  import.meta.glob<Messages>(['./locales/en/{frame,common,auth}.json'], { eager: true }),
))
  english[fileNamespace(path)] = module.default;

/**
 * bn/hi message files (and the English catalogues they are looked up in): chunks fetched when chosen.
 * The namespaces the server reads too (`notifications`, `options`: the e-mails' wording and the
 * option names) live in contract/locales/, one copy for both.
 */
const lazyFiles = import.meta.glob<Messages>([
  './locales/bn/*.json',
  './locales/hi/*.json',
  './locales/en/validation.json',
  '../../contract/locales/bn/*.json',
  '../../contract/locales/hi/*.json',
  '../../contract/locales/en/options.json',
]);

/** The language of a message file, from its folder ('…/locales/bn/teacher.json' -> 'bn'). */
const fileLanguage = (path: string) => path.replace(/^.*\/locales\/([^/]+)\/[^/]+\.json$/, '$1');

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['en', 'bn', 'hi'],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  fallbackNS: false,
  resources: { en: english } as Resource,
  partialBundledLanguages: true,
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  showSupportNotice: false, // no promotional line in people's consoles
  react: { useSuspense: false, bindI18nStore: 'added' },
});
i18n.services.formatter?.add('of', (value, lng) => possessive(value, lng));

/**
 * Texts already translated, by language, namespace, key and options (calls whose options are all
 * plain values): i18next resolves every call afresh (namespaces, fallbacks, interpolation), which was
 * a twentieth of a slow phone's first render of the finder's cards. Emptied whenever the language or
 * the loaded messages change.
 */
const translated = new Map<string, string>();
const translateAfresh = i18n.t.bind(i18n) as unknown as (...args: unknown[]) => unknown;
const forget = () => translated.clear();
i18n.on('languageChanged', forget);
i18n.store.on('added', forget);
i18n.store.on('removed', forget);
i18n.t = ((key: unknown, options?: unknown, ...rest: unknown[]) => {
  const remembered = typeof key === 'string' && rest.length === 0 ? textKey(key, options) : undefined;
  if (remembered === undefined) return translateAfresh(key, options, ...rest);
  let text = translated.get(remembered);
  if (text === undefined) {
    const afresh = translateAfresh(key, options);
    if (typeof afresh !== 'string') return afresh;
    text = afresh;
    translated.set(remembered, text);
  }
  return text;
}) as unknown as typeof i18n.t;

/** The key a call's text is kept under, or undefined when an option is not a plain value. */
function textKey(key: string, options: unknown): string | undefined {
  let id = `${i18n.language}\u0000${key}`;
  if (options === undefined || options === null) return id;
  if (typeof options !== 'object') return undefined;
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (Array.isArray(value) && name !== 'lngs' && name !== 'ns') return undefined;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return undefined;
    if (typeof value === 'function') return undefined;
    id += `\u0000${name}=${typeof value}:${Array.isArray(value) ? value.join(',') : String(value)}`;
  }
  return id;
}

const loaded = new Set<Language>([DEFAULT_LANGUAGE]);

/** Fetches a language's message files (and starts its font) without switching to it. */
export async function loadLanguage(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const files = Object.entries(lazyFiles).filter(([path]) =>
    [language, DEFAULT_LANGUAGE].includes(fileLanguage(path) as Language),
  );
  // Messages and font in parallel; the texts switch once both are here.
  const [modules] = await Promise.all([Promise.all(files.map(([, load]) => load())), loadFont(language)]);
  files.forEach(([path], i) => {
    const lng = fileLanguage(path) === language ? language : DEFAULT_LANGUAGE;
    i18n.addResourceBundle(lng, fileNamespace(path), modules[i].default, true, lng === language);
  });
  loaded.add(language);
}

/**
 * Registers a namespace's English messages. Each feature's `messages.ts` calls it with its file, and
 * every module showing that namespace's texts imports that `messages.ts`, so the English texts travel
 * with the code that shows them (tests/client/i18n/bundled.test.ts checks the imports).
 */
export function addEnglish(namespace: Namespace, messages: Record<string, unknown>): void {
  if (!i18n.hasResourceBundle(DEFAULT_LANGUAGE, namespace))
    i18n.addResourceBundle(DEFAULT_LANGUAGE, namespace, messages, true, false);
}

function applyDocumentLanguage(language: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Listeners told when the person chooses a language (the session layer saves it to the account). */
const choiceListeners = new Set<(language: Language) => void>();
export function onLanguageChosen(listener: (language: Language) => void): () => void {
  choiceListeners.add(listener);
  return () => choiceListeners.delete(listener);
}

/**
 * Switches the whole interface: loads the messages first (nothing suspends or remounts, so an open
 * wizard keeps its draft), then changes the language, remembers it in this browser and sets <html lang>.
 * `chosen` (default true) tells listeners it was the person's choice (saved to their account);
 * `remember` (default true) false leaves the browser's stored choice alone (starting up with it).
 */
export async function setLanguage(
  language: Language,
  { chosen = true, remember = true } = {},
): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
  if (remember) rememberLanguage(language);
  if (chosen) for (const listener of choiceListeners) listener(language);
}

/** The current language (one of en/bn/hi). */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

/** Called once before the first render: the remembered or browser language, loaded. */
export function startLanguage(): Promise<void> {
  const language = detectLanguage();
  applyDocumentLanguage(language);
  if (language === DEFAULT_LANGUAGE) return Promise.resolve();
  return setLanguage(language, { chosen: false, remember: false }).catch(() => undefined);
}

export const localeTag = (language: Language = currentLanguage()) => LOCALE_TAGS[language];
