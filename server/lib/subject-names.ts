import type { Language } from '../../contract/constants';
import { optionId } from '../../contract/options';
import { subjectNameKey } from '../../contract/rules/student-subject';
import { OPTION_TEXTS } from './option-texts';

/**
 * The seeded subjects' names in each language (`options:subject` of the message files the client
 * reads too), keyed by the stored English name's id ('Computer Science' -> 'computer_science').
 */
const NAMES: Record<Language, Record<string, string>> = {
  en: OPTION_TEXTS.en.subject,
  bn: OPTION_TEXTS.bn.subject,
  hi: OPTION_TEXTS.hi.subject,
};

/** A subject's name in a language: a seeded subject's translation, any other name as stored. */
export function subjectNameIn(language: Language, stored: string): string {
  const english = NAMES.en[optionId(stored)];
  return english === stored ? (NAMES[language][optionId(stored)] ?? stored) : stored;
}

const BY_TRANSLATION = new Map(
  (['bn', 'hi'] as const).flatMap((language) =>
    Object.entries(NAMES[language]).map(([id, name]) => [subjectNameKey(name), NAMES.en[id]] as const),
  ),
);

/**
 * The stored (English) name of the seeded subject a typed name is a translation of ('পদার্থবিদ্যা' ->
 * 'Physics'), or the typed name itself: a subject typed in Bengali or Hindi is the one that exists,
 * not a new suggestion.
 */
export const storedSubjectName = (typed: string): string =>
  BY_TRANSLATION.get(subjectNameKey(typed)) ?? typed;

/**
 * The stored (English) names of the seeded subjects whose Bengali or Hindi name contains the text
 * ('পদার্থ' -> ['Physics']): a search typed in either language finds them as the English one does.
 */
export function subjectsNamedLike(text: string): string[] {
  const q = subjectNameKey(text);
  if (!q) return [];
  const found = new Set<string>();
  for (const [name, english] of BY_TRANSLATION) if (name.includes(q)) found.add(english);
  return [...found];
}
