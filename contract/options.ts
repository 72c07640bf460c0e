/**
 * The fixed option lists whose names people read (industries, districts, employment types,
 * universities, degrees, decline reasons, the overview charts' categories, the seeded subjects), in one catalogue: list -> the options,
 * each a wire value and its English name. The wire value never changes with the language; the
 * interface shows the name under the message key `options:<list>.<id>`, where <id> is
 * optionId(value), and the English message file is this catalogue word for word
 * (`npm run i18n:catalogue` writes it).
 */
// Only contract/constants: the language layer loads this on every route, so it must not pull in the
// rules of one area (their modules go with that area's screens).
import {
  APPLICATION_STATUSES,
  BUSY_HOUR_BANDS,
  BUSY_HOUR_SERIES,
  CLASS_MODES,
  DECLINE_REASON_PRESET_KEYS,
  DECLINE_REASONS,
  DEGREES,
  EMPLOYMENT_TYPES,
  GEOLOCATION_FAILURES,
  HIRING_OUTCOMES,
  JOB_INDUSTRIES,
  RECORD_NAMES,
  REFERENCE_SUBJECTS,
  REMOTE_LOCATION,
  REQUEST_STATUS_WORDS,
  UNIVERSITIES,
  WB_DISTRICTS,
} from './constants';

export interface Option {
  value: string;
  label: string;
}

const same = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: v }));

export const OPTION_LISTS = {
  industry: JOB_INDUSTRIES.map(({ value, label }) => ({ value, label })),
  employmentType: EMPLOYMENT_TYPES.map(({ value, label }) => ({ value, label })),
  /** Where a job is: every district of West Bengal, then Remote. */
  location: [...same(WB_DISTRICTS), { value: REMOTE_LOCATION, label: 'Remote' }],
  university: same(UNIVERSITIES),
  /** Highest qualification (the degrees' ids are the wire values). */
  degree: DEGREES.map((d) => ({ value: String(d.id), label: d.name })),
  classMode: same(CLASS_MODES),
  busyHourBand: same(BUSY_HOUR_BANDS),
  busyHourSeries: BUSY_HOUR_SERIES.map(({ key, label }) => ({ value: key, label })),
  /** A teacher's ready-made reasons for declining, by key (`reason_key` on the wire; the student reads them). */
  declineReason: DECLINE_REASON_PRESET_KEYS.map((key) => ({ value: key, label: DECLINE_REASONS[key] })),
  /** The overview's hiring ratio slices (application outcomes). */
  hiringOutcome: same(HIRING_OUTCOMES.map((o) => o.name)),
  /** A request's status as a word inside a message ('A request that is accepted …'). */
  requestStatus: Object.entries(REQUEST_STATUS_WORDS).map(([value, label]) => ({ value, label })),
  applicationStatus: APPLICATION_STATUSES.map(({ value, label }) => ({ value, label })),
  /** What a 404 says was not found ('User not found'). */
  record: same(RECORD_NAMES),
  /**
   * The seeded subjects, by their stored English name (subjects are the database's, chosen by id; a
   * subject whose name is not one of these, added or renamed, shows as typed).
   */
  subject: same(REFERENCE_SUBJECTS),
  /** Why no location came (the reason in 'Error getting location: …'). */
  geolocationFailure: GEOLOCATION_FAILURES.map(({ code, label }) => ({ value: String(code), label })),
} satisfies Record<string, Option[]>;
export type OptionList = keyof typeof OPTION_LISTS;

/**
 * Catalogued messages whose values are names from a list (message key -> placeholder -> list): the
 * server fills them in English ('An application that is Shortlisted cannot be moved to Applied'), and
 * the client shows those values in the reader's language too, like the sentence around them.
 */
export const MESSAGE_VALUE_LISTS: Record<string, Record<string, OptionList>> = {
  'postings.transitionRefused': { p1: 'applicationStatus', p2: 'applicationStatus' },
  'request.onlyTeacherDecides': { p1: 'requestStatus' },
  'request.badTransition': { p1: 'requestStatus', p2: 'requestStatus' },
  'request.notOpen': { p1: 'requestStatus' },
  'request.notEditable': { p1: 'requestStatus' },
  'http.recordNotFound': { p1: 'record' },
  // A subject named in a sentence: a seeded one in the reader's language, any other as typed.
  'subject.duplicate': { p1: 'subject' },
  'subject.addedPending': { p1: 'subject' },
  'subject.pendingElsewhere': { p1: 'subject' },
  'subject.rejectedBefore': { p1: 'subject' },
  'newSubject.approved': { p1: 'subject' },
  'newSubject.rejected': { p1: 'subject' },
  'newSubject.merged': { p1: 'subject', p2: 'subject' },
  'teacherPersonal.locationError': { p1: 'geolocationFailure' },
};

/** The option of a list that a value names: by its wire value or by its English name. */
export const optionNamed = (list: OptionList, value: string): Option | undefined =>
  (OPTION_LISTS[list] as Option[]).find((o) => o.value === value || o.label === value);

/** A wire value as a message key segment: 'North 24 Parganas' -> 'north_24_parganas'. */
export const optionId = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

/** The English `options` messages: { industry: { school: 'School', … }, … }. */
export function optionsAsMessages(): Record<string, Record<string, string>> {
  return Object.fromEntries(
    Object.entries(OPTION_LISTS).map(([list, options]) => [
      list,
      Object.fromEntries((options as Option[]).map((o) => [optionId(o.value), o.label])),
    ]),
  );
}
