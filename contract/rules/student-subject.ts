import { hasLetters, isBlank } from './common';

const SUBJECT_ADDS_PER_DAY_TEXT = 5;

/** Adding a subject on /subject (POST /api/v1/subjects). Names are unique, case-insensitively. */
export const SUBJECT_MESSAGES = {
  statusInvalid: 'Choose pending, approved, rejected or merged',
  nameRequired: 'Subject name is required',
  nameTooLong: 'Subject name must be at most 60 characters',
  nameWithoutLetters: 'Please write the subject name in letters',
  duplicate: (name: string) => `Subject "${name}" already exists`,
  /** The database refused a second subject of the same name (two adds racing). */
  nameTaken: 'A subject with this name already exists',
  addFailed: 'Failed to add new subject. Please try again.',
  subjectNotFound: 'Subject not found',
  loadFailedFallback: (reason: string) => `Could not load subjects (${reason}). Showing common subjects.`,
  addedPending: (name: string) =>
    `"${name}" is added to your request. Other people will see it once an administrator approves it.`,
  pendingElsewhere: (name: string) =>
    `"${name}" was suggested by someone else and is waiting for review. Please choose another subject for now.`,
  rejectedBefore: (name: string) => `"${name}" was not accepted as a subject. Please choose another subject.`,
  tooManyAdded: `You can add up to ${SUBJECT_ADDS_PER_DAY_TEXT} new subjects a day. Please choose from the list or try again tomorrow.`,
  mergeTargetRequired: 'Choose the subject to merge into',
  mergeTargetInvalid: 'Merge into an approved subject other than this one',
  /** A decision on a suggestion another administrator decided on first (409). */
  alreadyDecided: 'Another administrator has already decided on this subject.',
  /** A merge whose target was removed or merged after it was picked (409); the suggestion still waits. */
  mergeTargetGone:
    'The subject you chose to merge into is no longer in the list. Please choose another subject.',
  pendingLabel: 'Awaiting review',
} as const;
export const SUBJECT_NAME_MAX = 60;
/** New subjects one student may suggest per day. */
export const SUBJECT_ADDS_PER_DAY = SUBJECT_ADDS_PER_DAY_TEXT;

/**
 * A subject name as stored: composed the one Unicode way (NFC: a Bengali or Hindi vowel sign typed as
 * two code points or as one is the same letter), trimmed, inner spaces collapsed:
 * 'Computer   science ' -> 'Computer science'.
 */
export const normaliseSubjectName = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ');

/**
 * What two subject names are compared by: the normalised name in lower case (for the scripts that
 * have case; Bengali and Devanagari have none and are unchanged). Client and server compare typed
 * names with it (adding a subject, searching the list).
 */
export const subjectNameKey = (name: string) => normaliseSubjectName(name).toLowerCase();

export const sameSubjectName = (a: string, b: string) => subjectNameKey(a) === subjectNameKey(b);

/**
 * Does a subject name contain the search text? Composed and cased as `subjectNameKey`, the search
 * trimmed; an empty search: yes. Repeated spaces inside the search are kept: a search that collapsed
 * them would find every name the duplicate check refuses, and 'Add Subject' (shown only when the
 * search finds nothing) could then never be refused as a duplicate in the form.
 */
export const subjectNameIncludes = (name: string, search: string) =>
  subjectNameKey(name).includes(search.normalize('NFC').trim().toLowerCase());

/** The error for a new subject name, given the names that exist already. */
export function validateSubjectName(name: unknown, existing: readonly string[] = []): string | undefined {
  if (typeof name !== 'string' || isBlank(name)) return SUBJECT_MESSAGES.nameRequired;
  const clean = normaliseSubjectName(name);
  if (clean.length > SUBJECT_NAME_MAX) return SUBJECT_MESSAGES.nameTooLong;
  if (!hasLetters(clean)) return SUBJECT_MESSAGES.nameWithoutLetters;
  const match = existing.find((e) => sameSubjectName(e, clean));
  return match ? SUBJECT_MESSAGES.duplicate(match) : undefined;
}

/** What the administrators' 'New subjects' panel (beside Teacher Approvals) says of its decisions. */
export const NEW_SUBJECT_MESSAGES = {
  loadFailed: 'Failed to load new subjects. Please try again later.',
  decisionFailed: 'Could not save the decision. Please try again.',
  approved: (name: string) => `"${name}" is now in the subject list.`,
  rejected: (name: string) => `"${name}" was rejected.`,
  merged: (name: string, into: string) => `"${name}" was merged into "${into}".`,
} as const;
