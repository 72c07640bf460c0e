// Job postings and applications: the rules an administrator's posting editor, a job seeker's
// application and the hiring board share with the server (same wording on both sides).
import {
  APPLICATION_NOTE_MAX,
  APPLICATION_STATUSES,
  APPLICATION_TRANSITIONS,
  type ApplicationStatus,
  COVER_NOTE_MAX,
  EMPLOYMENT_TYPES,
  IN_PROGRESS_STATUSES,
  JOB_DESCRIPTION_MAX,
  JOB_INDUSTRIES,
  REMOTE_LOCATION,
  WB_DISTRICTS,
} from '../constants';
import { type FieldErrors, isBlank, WITHOUT_WORDS, wordsRule } from './common';

export const POSTING_MESSAGES = {
  postingsLoadFailed: 'Could not load job postings. Please try again.',
  postingSaveFailed: 'The job posting could not be saved. Please try again.',
  boardLoadFailed: 'Could not load the applications. Please try again.',
  moveFailed: 'The application could not be updated. Please try again.',
  organisationRequired: 'Organisation is required',
  industryRequired: 'Please choose an industry',
  titleRequired: 'Job title is required',
  locationRequired: 'Please choose a district or Remote',
  employmentTypeRequired: 'Please choose an employment type',
  payInvalid: 'Pay must be a whole number of rupees',
  payRange: 'Maximum pay cannot be less than minimum pay',
  descriptionRequired: 'Description is required',
  descriptionTooLong: `Description must be at most ${JOB_DESCRIPTION_MAX} characters`,
  closingDateRequired: 'Closing date is required',
  closingDateInvalid: 'Please enter a valid closing date',
  closingDatePast: 'Closing date cannot be in the past',
  postingNotFound: 'Job posting not found',
  postingClosed: 'This job posting is closed and takes no more applications',
  alreadyApplied: 'You have already applied for this job',
  coverNoteTooLong: `Cover note must be at most ${COVER_NOTE_MAX} characters`,
  noteTooLong: `Note must be at most ${APPLICATION_NOTE_MAX} characters`,
  withoutWords: WITHOUT_WORDS,
  profileMissing: 'Please complete your personal and educational details before applying',
  resumeMissing: 'Please upload your latest resume',
  applicationNotFound: 'Application not found',
  statusInvalid: 'Please choose a valid status',
  alreadyWithdrawn: 'You have already withdrawn this application',
  withdrawDecided: 'This application has already been decided and can no longer be withdrawn',
  applicationWithdrawn: 'The job seeker withdrew this application: it can no longer be moved',
  withdrawFailed: 'The application could not be withdrawn. Please try again.',
  transitionRefused: (from: string, to: string) =>
    `An application that is ${statusLabel(from)} cannot be moved to ${statusLabel(to)}`,
} as const;

export const statusLabel = (status: string) =>
  APPLICATION_STATUSES.find((s) => s.value === status)?.label ?? status;
export const industryLabel = (industry: string) =>
  JOB_INDUSTRIES.find((i) => i.value === industry)?.label ?? industry;
export const employmentTypeLabel = (type: string) =>
  EMPLOYMENT_TYPES.find((t) => t.value === type)?.label ?? type;
export const locationLabel = (location: string) => (location === REMOTE_LOCATION ? 'Remote' : location);

/** Location choices: every district, then Remote. */
export const LOCATION_CHOICES = [
  ...WB_DISTRICTS.map((d) => ({ value: d as string, label: d as string })),
  { value: REMOTE_LOCATION, label: 'Remote' },
];

export interface JobPostingValues {
  organisation: string;
  industry: string;
  title: string;
  location: string;
  employment_type: string;
  /** Whole rupees a month, or '' when not given. */
  pay_min: string;
  pay_max: string;
  description: string;
  /** 'YYYY-MM-DD'. */
  closing_date: string;
}
export type JobPostingField = keyof JobPostingValues;
export const JOB_POSTING_FIELDS: readonly JobPostingField[] = [
  'organisation',
  'industry',
  'title',
  'location',
  'employment_type',
  'pay_min',
  'pay_max',
  'description',
  'closing_date',
];
export const EMPTY_JOB_POSTING: JobPostingValues = {
  organisation: '',
  industry: '',
  title: '',
  location: '',
  employment_type: '',
  pay_min: '',
  pay_max: '',
  description: '',
  closing_date: '',
};

const isOneOf = (options: readonly { value: string }[], value: unknown) =>
  typeof value === 'string' && options.some((o) => o.value === value);

/** 'YYYY-MM-DD' of a real calendar date, else null. */
function isoDay(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const d = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return d.getUTCMonth() === Number(match[2]) - 1 && d.getUTCDate() === Number(match[3])
    ? value.trim()
    : null;
}

/** Today's date in India ('YYYY-MM-DD'): closing dates are Indian calendar days. */
export function indiaToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 330 * 60 * 1000).toISOString().slice(0, 10);
}

/** Any unknown values as the form's strings (what the server receives may be numbers or missing). */
export function postingFormFrom(body: Record<string, unknown>): JobPostingValues {
  const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
  return Object.fromEntries(JOB_POSTING_FIELDS.map((f) => [f, text(body[f])])) as unknown as JobPostingValues;
}

/**
 * Every posting rule. `today` ('YYYY-MM-DD') judges the closing date; an unchanged closing date of
 * an existing posting (`previousClosingDate`) may stay in the past.
 */
export function validateJobPosting(
  values: JobPostingValues,
  options: { today?: string; previousClosingDate?: string | null } = {},
): FieldErrors<JobPostingField> {
  const errors: FieldErrors<JobPostingField> = {};
  const organisation = isBlank(values.organisation)
    ? POSTING_MESSAGES.organisationRequired
    : wordsRule(values.organisation);
  if (organisation) errors.organisation = organisation;
  if (!isOneOf(JOB_INDUSTRIES, values.industry)) errors.industry = POSTING_MESSAGES.industryRequired;
  const title = isBlank(values.title) ? POSTING_MESSAGES.titleRequired : wordsRule(values.title);
  if (title) errors.title = title;
  if (!LOCATION_CHOICES.some((c) => c.value === values.location))
    errors.location = POSTING_MESSAGES.locationRequired;
  if (!isOneOf(EMPLOYMENT_TYPES, values.employment_type))
    errors.employment_type = POSTING_MESSAGES.employmentTypeRequired;
  const pay = (v: string) => (v.trim() === '' ? null : /^\d{1,9}$/.test(v.trim()) ? Number(v) : Number.NaN);
  const min = pay(values.pay_min);
  const max = pay(values.pay_max);
  if (Number.isNaN(min)) errors.pay_min = POSTING_MESSAGES.payInvalid;
  if (Number.isNaN(max)) errors.pay_max = POSTING_MESSAGES.payInvalid;
  else if (min !== null && max !== null && !Number.isNaN(min) && max < min)
    errors.pay_max = POSTING_MESSAGES.payRange;
  if (isBlank(values.description)) errors.description = POSTING_MESSAGES.descriptionRequired;
  else if (values.description.length > JOB_DESCRIPTION_MAX)
    errors.description = POSTING_MESSAGES.descriptionTooLong;
  else {
    const description = wordsRule(values.description);
    if (description) errors.description = description;
  }
  if (isBlank(values.closing_date)) errors.closing_date = POSTING_MESSAGES.closingDateRequired;
  else {
    const day = isoDay(values.closing_date);
    if (!day) errors.closing_date = POSTING_MESSAGES.closingDateInvalid;
    else if (day < (options.today ?? indiaToday()) && day !== options.previousClosingDate)
      errors.closing_date = POSTING_MESSAGES.closingDatePast;
  }
  return errors;
}

/** A posting takes applications while it is open and its closing day (in India) has not passed. */
export function isAcceptingApplications(
  posting: { status: string; closing_date: string },
  today: string = indiaToday(),
): boolean {
  return posting.status === 'open' && posting.closing_date >= today;
}

export function validateCoverNote(note: unknown): string | undefined {
  if (note === undefined || note === null) return undefined;
  if (typeof note !== 'string' || note.length > COVER_NOTE_MAX) return POSTING_MESSAGES.coverNoteTooLong;
  return wordsRule(note);
}

/** An administrator's optional note on a move: blank is fine; else at most APPLICATION_NOTE_MAX, in words. */
export function validateApplicationNote(note: unknown): string | undefined {
  if (note === undefined || note === null) return undefined;
  if (typeof note !== 'string' || note.length > APPLICATION_NOTE_MAX) return POSTING_MESSAGES.noteTooLong;
  return wordsRule(note);
}

export function validateStatusChange(
  from: ApplicationStatus,
  to: unknown,
  note: unknown,
): FieldErrors<'status' | 'note'> {
  const errors: FieldErrors<'status' | 'note'> = {};
  if (!isOneOf(APPLICATION_STATUSES, to)) errors.status = POSTING_MESSAGES.statusInvalid;
  else if (!APPLICATION_TRANSITIONS[from].includes(to as ApplicationStatus))
    errors.status = POSTING_MESSAGES.transitionRefused(from, to as string);
  const noteError = validateApplicationNote(note);
  if (noteError) errors.note = noteError;
  return errors;
}

/** Where an application may go next (for the board's buttons). */
export const nextStatuses = (status: ApplicationStatus) => APPLICATION_TRANSITIONS[status];

/** Whether an application is still undecided (applied or shortlisted): its job seeker may withdraw it. */
export const isInProgress = (status: string) => (IN_PROGRESS_STATUSES as readonly string[]).includes(status);

/** An application that still counts (not withdrawn): while there is one, its job seeker cannot apply again. */
export const isLiveApplication = (application: { status: string } | null | undefined) =>
  Boolean(application && application.status !== 'withdrawn');
