/**
 * The names of the contract's fixed option lists (contract/options.ts: industries, districts,
 * employment types, universities, degrees, the overview charts' categories) in the person's
 * language. The wire value stays as the contract gives it; only the name people read changes. A list
 * is named by its key written in full ('options:industry'), so the key checks see it used.
 */
import { OPTION_LISTS, type OptionList, optionId } from '../../contract/options';
import { i18n } from './instance';

export type OptionsKey = `options:${OptionList}`;
type T = (key: string, options: { defaultValue: string }) => string;
const translate: T = (key, options) => i18n.t(key, options);

const listOf = (key: OptionsKey) => OPTION_LISTS[key.slice('options:'.length) as OptionList];

/**
 * The name of a wire value of a list ('options:location', 'North 24 Parganas' -> 'উত্তর ২৪ পরগনা'); a
 * value the list does not have shows as itself. `stored`: a name kept with the value (a degree's name
 * in the database), shown as is unless it is the contract's own English name for that value.
 */
export function optionName(t: T, key: OptionsKey, value: string, stored?: string): string {
  const option = listOf(key).find((o) => o.value === value);
  if (!option) return stored ?? value;
  if (stored !== undefined && stored !== option.label) return stored;
  return t(`${key}.${optionId(value)}`, { defaultValue: option.label });
}

/** A stored qualification's degree: its name in the person's language, or the name typed for 'Other'. */
export function degreeName(t: T, id: number | null | undefined, stored: string | null | undefined) {
  if (id === null || id === undefined) return stored ?? null;
  return optionName(t, 'options:degree', String(id), stored ?? undefined);
}

/** A list's options for a select or a radio group: wire values with their names. */
export function namedOptions(t: T, key: OptionsKey): { value: string; label: string }[] {
  return listOf(key).map((o) => ({ value: o.value, label: optionName(t, key, o.value) }));
}

/** optionName with the shared instance (for helpers outside components; the component re-renders). */
export const optionNameNow = (key: OptionsKey, value: string, stored?: string) =>
  optionName(translate, key, value, stored);

/**
 * A subject's name in the person's language: a seeded subject ('Physics' -> 'পদার্থবিদ্যা') by its
 * stored English name; any other (added by a student, renamed by an administrator) as stored.
 * Subjects are still chosen, matched and sent by id; only the name people read changes.
 */
export const subjectName = (t: T, name: string): string => optionName(t, 'options:subject', name);

/** subjectName with the shared instance (for helpers outside components). */
export const subjectNameNow = (name: string) => subjectName(translate, name);

/** Several subjects' names, in the person's language, joined with ', ' (as the lists show them). */
export const subjectNames = (t: T, subjects: readonly { name: string }[]): string =>
  subjects.map((s) => subjectName(t, s.name)).join(', ');
