/**
 * Showing a message of the contract's rules (what machines hold and the server answers) in the
 * person's language. A machine keeps the rule's English text (or a failure kind); the view passes it
 * through `useMessage()`: the text is looked up in the English `validation` file (the catalogue, by
 * exact text or by template with values), and its key's translation is shown. Any other text (a
 * server message the catalogue does not know) is shown as it is.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { UNNAMED_STUDENT } from '../../contract/constants';
import { type CatalogueEntry, type MessageRef, messageIndex } from '../../contract/message-index';
import { MESSAGE_VALUE_LISTS, optionId, optionNamed } from '../../contract/options';
import { formatDigits } from './format';
import { i18n } from './instance';
import { isLanguage } from './languages';

let index: ((text: string) => MessageRef | null) | null = null;

function entriesOf(node: unknown, prefix: string, out: CatalogueEntry[]) {
  if (typeof node === 'string') {
    const values = new Set(node.match(/\{\{p\d+\}\}/g) ?? []).size;
    out.push({ key: prefix, english: node, values });
  } else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) entriesOf(v, prefix ? `${prefix}.${k}` : k, out);
}

function lookup(text: string): MessageRef | null {
  if (!index) {
    // The English catalogue loads with Bengali or Hindi (instance.ts); in English the text is shown
    // as it is, which is the catalogue's English (the contract's own text).
    const bundle = i18n.getResourceBundle('en', 'validation');
    if (!bundle) return null;
    const list: CatalogueEntry[] = [];
    entriesOf(bundle, '', list);
    index = messageIndex(list);
  }
  return index(text);
}

/**
 * A value written wholly as a number (a maximum, a count, a year, a size, a status code, a date):
 * '200', '-90', '2.5', '31/12/2030'. Names, file names and addresses that only contain digits
 * ('Class 10', '/api/v1/…') are not.
 */
const NUMBER_VALUE = /^[-+]?\d+(?:[.,/:-]\d+)*$/;

/**
 * A message's values in the language: numbers in its digits (as the catalogue's own translations
 * write theirs: '২০০', no grouping), those naming an option of a list (a status) by its name there,
 * and a student named nowhere ('this student').
 */
function translatedValues(ref: MessageRef, language: string | undefined): Record<string, string> {
  const values = { ...ref.values };
  const lang = language !== undefined && isLanguage(language) ? language : undefined;
  for (const [name, value] of Object.entries(values))
    if (value === UNNAMED_STUDENT) values[name] = i18n.t('common:thisStudent', { lng: language });
    else if (NUMBER_VALUE.test(value)) values[name] = formatDigits(value, lang);
  for (const [name, list] of Object.entries(MESSAGE_VALUE_LISTS[ref.key] ?? {})) {
    const value = values[name];
    const option = value === undefined ? undefined : optionNamed(list, value);
    if (option)
      values[name] = i18n.t(`options:${list}.${optionId(option.value)}`, {
        lng: language,
        defaultValue: value,
      });
  }
  return values;
}

function translateOne(text: string, language?: string): string | null {
  const ref = lookup(text);
  if (!ref) return null;
  return i18n.t(`validation:${ref.key}`, {
    ...translatedValues(ref, language),
    lng: language,
    defaultValue: text,
  });
}

/** A boundary rule's message with its field's name in front ('Name must be at most 200 characters'). */
const NAMED_RULE = /^(.+?) ((?:must|is|are|has|should) .+)$/;

/**
 * A field's messages after the server's name for the field, as the administrator's registration
 * shows them ('email: Email is required'): the field's name in the language (English keeps the
 * server's word), each message translated.
 */
const FIELD_MESSAGES = /^([a-z_]+): (.+)$/;
const FIELD_NAMES: Record<string, string> = {
  email: 'common:serverMessage.field.email',
  password: 'common:serverMessage.field.password',
};

function translateFieldMessages(part: string, language?: string): string | null {
  const found = FIELD_MESSAGES.exec(part);
  const key = found ? FIELD_NAMES[found[1]] : undefined;
  if (!found || !key) return null;
  const messages = found[2]
    .split(', ')
    .map((message) => translateOne(message, language) ?? message)
    .join(', ');
  return i18n.t('common:serverMessage.fieldMessages', {
    field: i18n.t(key, { lng: language, defaultValue: found[1] }),
    messages,
    lng: language,
    defaultValue: part,
  });
}

/**
 * The message in the current language (or `language`), else the text itself. A 422's summary of
 * several field messages ('Name is required; Profile photo is required', see describeFieldErrors)
 * is translated message by message; a boundary rule named after its field keeps the field's name.
 */
export function translateMessage(text: string | null | undefined, language?: string): string {
  if (!text) return '';
  const whole = translateOne(text, language);
  if (whole !== null) return whole;
  const parts = text.split('; ');
  let found = false;
  const translated = parts.map((part) => {
    const one = translateOne(part, language);
    if (one !== null) {
      found = true;
      return one;
    }
    const fieldMessages = translateFieldMessages(part, language);
    if (fieldMessages !== null) {
      found = true;
      return fieldMessages;
    }
    const named = NAMED_RULE.exec(part);
    const rule = named ? translateOne(named[2], language) : null;
    if (named && rule !== null) {
      found = true;
      return i18n.t('common:serverMessage.namedRule', {
        field: named[1],
        rule,
        lng: language,
        defaultValue: part,
      });
    }
    return part;
  });
  if (found) return translated.join('; ');
  // One field's several messages, as a form shows them ('Name is required, Name is too short'):
  // translated only when every part is a message (a sentence of its own may hold a comma).
  const listed = text.split(', ').map((part) => translateOne(part, language));
  return listed.length > 1 && listed.every((part) => part !== null) ? listed.join(', ') : text;
}

/** `const m = useMessage(); m(context.error)`: re-renders on a language switch. */
export function useMessage(): (text: string | null | undefined) => string {
  const { i18n: bound } = useTranslation();
  const language = bound.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is what changes the result
  return useCallback((text) => translateMessage(text), [language]);
}
