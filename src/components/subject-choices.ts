import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import { subjectNameIncludes } from '../../contract/rules/student-subject';
import { currentLanguage, localeTag, subjectName } from '../i18n';

type T = Parameters<typeof subjectName>[0];

const collators = new Map<string, Intl.Collator>();

/**
 * Items in the alphabetical order of the names they show. English keeps the server's order (by name);
 * Bengali and Hindi sort by their own names, so a list of subjects does not read as shuffled.
 */
export function inShownOrder<I>(items: I[], shown: (item: I) => string): I[] {
  if (currentLanguage() === 'en') return items;
  const tag = localeTag();
  let collator = collators.get(tag);
  if (!collator) {
    collator = new Intl.Collator(tag);
    collators.set(tag, collator);
  }
  const compare = collator.compare;
  return [...items].sort((a, b) => compare(shown(a), shown(b)));
}

/** Does a subject's shown name or its stored (English) name contain the search text? */
export const subjectMatches = (search: string, shown: string, stored: string) =>
  subjectNameIncludes(shown, search) || subjectNameIncludes(stored, search);

/**
 * A subject picker's options (Select, MultiSelect): each subject's id as the value and its name in
 * the person's language (in that language's alphabetical order), and a filter that finds a subject by
 * either the name shown or its stored name ('পদার্থ' and 'phys' both find Physics). The value stays
 * the id: what is chosen and sent never depends on the language.
 */
export function subjectChoices(
  t: T,
  subjects: readonly { id: number; name: string }[],
): { data: ComboboxItem[]; filter: OptionsFilter } {
  const stored = new Map<string, string>();
  const data = inShownOrder(
    subjects.map((s) => {
      stored.set(String(s.id), s.name);
      return { value: String(s.id), label: subjectName(t, s.name) };
    }),
    (o) => o.label,
  );
  const filter: OptionsFilter = ({ options, search, limit }) => {
    const found: ComboboxParsedItem[] = [];
    for (const option of options) {
      if (found.length === limit) break;
      if ('group' in option) continue;
      if (subjectMatches(search, option.label, stored.get(String(option.value)) ?? '')) found.push(option);
    }
    return found;
  };
  return { data, filter };
}
