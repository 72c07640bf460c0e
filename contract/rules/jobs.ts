// Job seeker rules (docs/product.md#jobs), checked by
// the job seeker screens and by the job seeker API alike (D7): the same messages on both sides.
import {
  DEGREES,
  GENDERS,
  MARITAL_STATUSES,
  MIN_AGE_JOB_SEEKER,
  MOBILE_DIGITS,
  RESUME_MAX_BYTES,
  RESUME_TYPES,
  YEAR_MAX_AHEAD,
  YEAR_MIN,
} from '../constants';
import {
  addressRule,
  DATE_OF_BIRTH_MESSAGES,
  dateOfBirthRule,
  digitsOnly,
  type FieldErrors,
  isBlank,
  nameRule,
  PERSON_MESSAGES,
  WITHOUT_WORDS,
  wordsRule,
} from './common';

export const JOB_MESSAGES = {
  personalDetailsFirst: 'Please fill in your personal details first.',
  postingLoadFailed: 'Could not load this job opening. Please try again.',
  applyFailed: 'Your application could not be sent. Please try again.',
  listFailed: 'Could not load job openings. Please try again.',
  saveFailed: 'Your details could not be saved. Please try again.',
  myApplicationsFailed: 'Could not load your applications. Please try again.',
  nameRequired: PERSON_MESSAGES.nameRequired,
  nameTooShort: PERSON_MESSAGES.nameTooShort,
  nameWithoutLetters: PERSON_MESSAGES.nameWithoutLetters,
  mobileRequired: 'Mobile number is required',
  mobileInvalid: `Invalid mobile number (${MOBILE_DIGITS} digits required)`,
  alternateInvalid: `Invalid alternate number (${MOBILE_DIGITS} digits required)`,
  genderRequired: 'Gender is required',
  dateOfBirthRequired: DATE_OF_BIRTH_MESSAGES.required,
  dateOfBirthInvalid: DATE_OF_BIRTH_MESSAGES.invalid,
  dateOfBirthFuture: DATE_OF_BIRTH_MESSAGES.future,
  tooYoung: DATE_OF_BIRTH_MESSAGES.tooYoung(MIN_AGE_JOB_SEEKER),
  maritalStatusRequired: 'Please select marital status',
  addressRequired: PERSON_MESSAGES.addressRequired,
  addressTooShort: PERSON_MESSAGES.addressTooShort,
  withoutWords: WITHOUT_WORDS,
  qualificationRequired: 'Qualification is required',
  schoolNameRequired: 'School name is required',
  yearRequired: 'Year of passing is required',
  yearInvalid: 'Please enter a valid 4-digit year (e.g., 2023)',
  yearTooEarly: `Year of passing cannot be before ${YEAR_MIN}`,
  yearTooLate: (latest: number) =>
    `Year of passing cannot be more than ${YEAR_MAX_AHEAD} years in the future (latest ${latest})`,
  resumeRequired: 'Please upload your latest resume',
  resumeNotPdf: 'Please upload PDF files only',
  resumeTooLarge: `Resume must be smaller than ${RESUME_MAX_BYTES / (1024 * 1024)} MB`,
  resumeUnreadable: 'We could not read this file. Please choose it again.',
} as const;

export const JOB_GENDERS = GENDERS;
export { MARITAL_STATUSES };

/** From no formal education up to doctorate; the same ids and names as the degrees reference data. */
export const JOB_QUALIFICATIONS = DEGREES.map((d) => ({ value: String(d.id), label: d.name }));

// ---------------------------------------------------------------- personal (/jobdetails1)

export interface JobPersonalValues {
  name: string;
  mobile_number: string;
  alternate_number: string;
  gender: string;
  /** 'YYYY-MM-DD', as a date input gives it. */
  date_of_birth: string;
  marital_status: string;
  address: string;
}
export type JobPersonalField = keyof JobPersonalValues;
export const JOB_PERSONAL_FIELDS: readonly JobPersonalField[] = [
  'name',
  'mobile_number',
  'alternate_number',
  'gender',
  'date_of_birth',
  'marital_status',
  'address',
];
export const EMPTY_JOB_PERSONAL: JobPersonalValues = {
  name: '',
  mobile_number: '',
  alternate_number: '',
  gender: '',
  date_of_birth: '',
  marital_status: '',
  address: '',
};

/** What a field holds once typed: phone numbers keep digits only, at most 10. */
export function normalizeJobPersonalField(field: JobPersonalField, value: string): string {
  return field === 'mobile_number' || field === 'alternate_number' ? digitsOnly(value, MOBILE_DIGITS) : value;
}

const isOneOf = (options: readonly { value: string }[], value: string) =>
  options.some((option) => option.value === value);

export function validateDateOfBirth(iso: string, minimumAge: number, today: Date = new Date()) {
  return dateOfBirthRule(iso, minimumAge, today);
}

export function validateJobPersonal(
  values: JobPersonalValues,
  today: Date = new Date(),
): FieldErrors<JobPersonalField> {
  const errors: FieldErrors<JobPersonalField> = {};
  const name = nameRule(values.name);
  if (name) errors.name = name;
  const mobile = values.mobile_number.trim();
  if (!mobile) errors.mobile_number = JOB_MESSAGES.mobileRequired;
  else if (!new RegExp(`^\\d{${MOBILE_DIGITS}}$`).test(mobile))
    errors.mobile_number = JOB_MESSAGES.mobileInvalid;
  const alternate = values.alternate_number.trim();
  if (alternate && !new RegExp(`^\\d{${MOBILE_DIGITS}}$`).test(alternate))
    errors.alternate_number = JOB_MESSAGES.alternateInvalid;
  if (!isOneOf(JOB_GENDERS, values.gender)) errors.gender = JOB_MESSAGES.genderRequired;
  const dob = validateDateOfBirth(values.date_of_birth, MIN_AGE_JOB_SEEKER, today);
  if (dob) errors.date_of_birth = dob;
  if (!isOneOf(MARITAL_STATUSES, values.marital_status))
    errors.marital_status = JOB_MESSAGES.maritalStatusRequired;
  const address = addressRule(values.address);
  if (address) errors.address = address;
  return errors;
}

// ---------------------------------------------------------------- education (/jobdetails2)

export interface JobEducationValues {
  qualification: string;
  school_name: string;
  /** Four digits, e.g. '2023'. */
  year_of_passing: string;
}
export type JobEducationField = keyof JobEducationValues | 'resume';
export const JOB_EDUCATION_FIELDS: readonly JobEducationField[] = [
  'qualification',
  'school_name',
  'year_of_passing',
  'resume',
];
export const EMPTY_JOB_EDUCATION: JobEducationValues = {
  qualification: '',
  school_name: '',
  year_of_passing: '',
};

export function normalizeJobEducationField(field: keyof JobEducationValues, value: string): string {
  return field === 'year_of_passing' ? digitsOnly(value, 4) : value;
}

export const latestYearOfPassing = (today: Date = new Date()) => today.getFullYear() + YEAR_MAX_AHEAD;

export function validateYearOfPassing(year: string, today: Date = new Date()): string | undefined {
  const text = year.trim();
  if (!text) return JOB_MESSAGES.yearRequired;
  if (!/^\d{4}$/.test(text)) return JOB_MESSAGES.yearInvalid;
  const value = Number(text);
  if (value < YEAR_MIN) return JOB_MESSAGES.yearTooEarly;
  const latest = latestYearOfPassing(today);
  if (value > latest) return JOB_MESSAGES.yearTooLate(latest);
  return undefined;
}

/** What the rules need to know of a chosen file (a browser File satisfies it). */
export interface ResumeFile {
  name: string;
  type: string;
  size: number;
}

/** Checks what can be seen without reading the file: its name, declared type and size. */
export function validateResumeFile(file: ResumeFile | null | undefined): string | undefined {
  if (!file) return JOB_MESSAGES.resumeRequired;
  const isPdfName = /\.pdf$/i.test(file.name);
  const isPdfType = file.type === '' || (RESUME_TYPES as readonly string[]).includes(file.type);
  if (!isPdfName || !isPdfType) return JOB_MESSAGES.resumeNotPdf;
  if (file.size > RESUME_MAX_BYTES) return JOB_MESSAGES.resumeTooLarge;
  return undefined;
}

/** A PDF starts with the bytes '%PDF' (its content signature; a renamed file does not). */
export function hasPdfSignature(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x25 && head[1] === 0x50 && head[2] === 0x44 && head[3] === 0x46;
}

/** The school's name: required, with a letter or digit (the form and the server alike). */
export const schoolNameRule = (value: unknown): string | undefined =>
  isBlank(value) ? JOB_MESSAGES.schoolNameRequired : wordsRule(value);

/**
 * Every education rule. `resumeIsPdf` is the outcome of reading the file's first bytes: true / false,
 * or undefined when they have not been read (then only the name, type and size are judged).
 */
export function validateJobEducation(
  values: JobEducationValues,
  resume: ResumeFile | null,
  options: { today?: Date; resumeIsPdf?: boolean } = {},
): FieldErrors<JobEducationField> {
  const errors: FieldErrors<JobEducationField> = {};
  if (!isOneOf(JOB_QUALIFICATIONS, values.qualification))
    errors.qualification = JOB_MESSAGES.qualificationRequired;
  const school = schoolNameRule(values.school_name);
  if (school) errors.school_name = school;
  const year = validateYearOfPassing(values.year_of_passing, options.today);
  if (year) errors.year_of_passing = year;
  const file = validateResumeFile(resume);
  if (file) errors.resume = file;
  else if (options.resumeIsPdf === false) errors.resume = JOB_MESSAGES.resumeNotPdf;
  return errors;
}
