import { EXPERIENCE_MAX, MEDIUMS, RADIUS_MAX, RESUME_MAX_BYTES } from '../constants';
import { asciiDigits, type FieldErrors, isBlank } from './common';
import { type FileFacts, imageFileError, pdfFileError } from './files';

/** Teacher preferences (docs/product.md#teacher-preferences). Field names are the wire names. */
export const TEACHER_PREFERENCE_MESSAGES = {
  subjectsRequired: 'Please select at least one subject',
  offlineRequired: 'Offline teaching mode is required',
  markSheetRequired: 'Please upload your Marksheet',
  certificateRequired: 'Please upload your Highest Qualification Certificate',
  radiusInvalid: 'Please specify a valid teaching radius',
  experienceInvalid: 'Please specify your teaching experience',
  experienceNotWhole: 'Please give your experience in whole years (for example 2, not 2.5)',
  experienceOutOfRange: `Teaching experience must be from 0 to ${EXPERIENCE_MAX} years`,
  mediumsRequired: 'Please select at least one medium of teaching',
  answerRequired: 'Please choose Yes or No',
  teacherIdMissing: "Teacher ID not found. Please ensure you're logged in properly.",
  imageType: 'Please upload only JPG, JPEG or PNG files',
  resumeTooLarge: 'Resume must be smaller than 5MB',
  fileHint: 'Only JPG, JPEG or PNG files under 500KB are accepted',
  fileSelected: (filename: string) => `File selected: ${filename}`,
  loadingSubjects: 'Loading subjects...',
  noSubjects: 'No subjects available',
  subjectsLoadFailed: 'Failed to load subjects. Please try again later.',
  invalidSubjectData: 'Invalid subject data format received from the server.',
  submitFailed: 'There was an error submitting your request. Please try again.',
  onlineUnavailable: 'Currently unavailable',
  /** Two first saves at once: the one that came second. */
  savedMeanwhile:
    'Your preferences were saved from somewhere else at the same moment. Please reload the page and try again.',
} as const;

export type TeacherPreferenceField =
  | 'subject_ids'
  | 'teaching_mode'
  | 'mark_sheet'
  | 'highest_qualification_certificate'
  | 'resume'
  | 'teaching_radius_km'
  | 'prior_experience'
  | 'preferred_medium'
  | 'teaching_school'
  | 'special_need_children'
  | 'special_attention_children';

export const YES_NO_QUESTIONS = [
  { field: 'special_attention_children', label: 'Do you teach children who need special attention?' },
  { field: 'teaching_school', label: 'Do you teach at a school?' },
  { field: 'special_need_children', label: 'Are you trained to teach specially-abled children?' },
] as const;
export type YesNoField = (typeof YES_NO_QUESTIONS)[number]['field'];

/** online, offline or both, from the two checkboxes (docs/product.md#api-conventions). */
export function teachingModeOf(online: boolean, offline: boolean): 'online' | 'offline' | 'both' | '' {
  if (online && offline) return 'both';
  if (offline) return 'offline';
  if (online) return 'online';
  return '';
}

/** Mediums on the wire: lowercased names (docs/product.md#api-conventions). */
export const MEDIUM_VALUES = MEDIUMS.map((m) => m.toLowerCase());

export interface TeacherPreferenceInput {
  subject_ids: number[];
  teaching_mode: string;
  teaching_radius_km: string;
  prior_experience: string;
  preferred_medium: string[];
  teaching_school: boolean | null;
  special_need_children: boolean | null;
  special_attention_children: boolean | null;
}

/** A required document: picked, already on file, or missing. */
export type DocumentInput = FileFacts | 'on_file' | null;

export function documentImageError(doc: DocumentInput, requiredMessage: string): string | undefined {
  if (doc === 'on_file') return undefined;
  if (!doc) return requiredMessage;
  return imageFileError(doc, TEACHER_PREFERENCE_MESSAGES.imageType);
}

export function resumeError(doc: FileFacts | null): string | undefined {
  return doc ? pdfFileError(doc, RESUME_MAX_BYTES, TEACHER_PREFERENCE_MESSAGES.resumeTooLarge) : undefined;
}

const WHOLE = /^\d+$/;

/**
 * Experience as typed (digits of any of the product's scripts): whole years from 0 to EXPERIENCE_MAX.
 * A decimal is refused, never rounded or stripped of its point ('2.5' is neither 2 nor 25).
 */
export function experienceRule(value: unknown): string | undefined {
  const m = TEACHER_PREFERENCE_MESSAGES;
  const text = asciiDigits(String(value ?? '').trim());
  if (isBlank(text)) return m.experienceInvalid;
  if (/^-?\d*[.,]\d*$/.test(text) && /\d/.test(text)) return m.experienceNotWhole;
  if (/^-\d+$/.test(text)) return m.experienceOutOfRange;
  if (!WHOLE.test(text)) return m.experienceInvalid;
  if (Number(text) > EXPERIENCE_MAX) return m.experienceOutOfRange;
  return undefined;
}

/** The years of an experience `experienceRule` accepted, as a number ('০৭' -> 7). */
export const experienceYears = (value: string) => Number(asciiDigits(value.trim()));

export function validateTeacherPreference(
  input: TeacherPreferenceInput,
  files: {
    mark_sheet: DocumentInput;
    highest_qualification_certificate: DocumentInput;
    resume: FileFacts | null;
  },
): FieldErrors<TeacherPreferenceField> {
  const m = TEACHER_PREFERENCE_MESSAGES;
  const errors: FieldErrors<TeacherPreferenceField> = {};
  if (!input.subject_ids.length) errors.subject_ids = m.subjectsRequired;
  if (input.teaching_mode !== 'offline' && input.teaching_mode !== 'both')
    errors.teaching_mode = m.offlineRequired;
  const radius = String(input.teaching_radius_km ?? '').trim();
  if (!WHOLE.test(radius) || Number(radius) === 0 || Number(radius) > RADIUS_MAX)
    errors.teaching_radius_km = m.radiusInvalid;
  const experience = experienceRule(input.prior_experience);
  if (experience) errors.prior_experience = experience;
  if (!input.preferred_medium.length || input.preferred_medium.some((x) => !MEDIUM_VALUES.includes(x)))
    errors.preferred_medium = m.mediumsRequired;
  for (const { field } of YES_NO_QUESTIONS) if (input[field] === null) errors[field] = m.answerRequired;
  const markSheet = documentImageError(files.mark_sheet, m.markSheetRequired);
  if (markSheet) errors.mark_sheet = markSheet;
  const certificate = documentImageError(files.highest_qualification_certificate, m.certificateRequired);
  if (certificate) errors.highest_qualification_certificate = certificate;
  const resume = resumeError(files.resume);
  if (resume) errors.resume = resume;
  return errors;
}
