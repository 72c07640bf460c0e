import { isBlank } from './common';

/** Adding a subject on /subject (POST /api/v1/subjects). Names are unique, case-insensitively. */
export const SUBJECT_MESSAGES = {
  nameRequired: 'Subject name is required',
  nameTooLong: 'Subject name must be at most 60 characters',
  duplicate: (name: string) => `Subject "${name}" already exists`,
  addFailed: 'Failed to add new subject. Please try again.',
  subjectNotFound: 'Subject not found',
  loadFailedFallback: (reason: string) => `Could not load subjects (${reason}). Showing common subjects.`,
} as const;
export const SUBJECT_NAME_MAX = 60;

/** Trims and collapses inner spaces: 'Computer   science ' -> 'Computer science'. */
export const normaliseSubjectName = (name: string) => name.trim().replace(/\s+/g, ' ');

export const sameSubjectName = (a: string, b: string) =>
  normaliseSubjectName(a).toLowerCase() === normaliseSubjectName(b).toLowerCase();

/** The error for a new subject name, given the names that exist already. */
export function validateSubjectName(name: unknown, existing: readonly string[] = []): string | undefined {
  if (typeof name !== 'string' || isBlank(name)) return SUBJECT_MESSAGES.nameRequired;
  const clean = normaliseSubjectName(name);
  if (clean.length > SUBJECT_NAME_MAX) return SUBJECT_MESSAGES.nameTooLong;
  const match = existing.find((e) => sameSubjectName(e, clean));
  return match ? SUBJECT_MESSAGES.duplicate(match) : undefined;
}
