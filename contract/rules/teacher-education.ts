import { SCHOOL_BOARDS, YEAR_MAX_AHEAD, YEAR_MIN } from '../constants';
import { type FieldErrors, isBlank, WITHOUT_WORDS, wordsRule } from './common';

/** Teacher educational details (docs/product.md#teacher-education). Field names are the wire names. */
export const TEACHER_EDUCATION_MESSAGES = {
  degreeRequired: 'Please select your educational qualification',
  degreeNameRequired: 'Please specify your educational qualification',
  subjectRequired: 'Please select your specialized subject',
  schoolRequired: 'School name is required',
  collegeRequired: 'College name is required',
  universityRequired: 'University name is required',
  boardRequired: 'Please select your school education board',
  yearInvalid:
    'Please enter a valid year (e.g., 2023, 2024). Year of passing cannot be more than 4 years in the future.',
  teacherIdMissing: 'Teacher ID not found. Please complete personal details first.',
  subjectsLoadFailed: 'Error loading subjects. Please refresh and try again.',
  degreesLoadFailed: 'Error loading degrees. Please refresh and try again.',
  dataLoadFailed: 'Error loading data. Please check your connection and try again.',
  connectionProblem: 'There was a problem connecting to the server.',
  couldNotLoad: 'Could not load data',
  submitFailed: 'Error submitting educational qualification. Please try again.',
  withoutWords: WITHOUT_WORDS,
} as const;

/** The degree select's value for 'Other' (free text in degree_name, degree_id null). */
export const OTHER_DEGREE = 'other';

export type TeacherEducationField =
  | 'degree_id'
  | 'degree_name'
  | 'subject_id'
  | 'school_name'
  | 'school_education_board'
  | 'college_name'
  | 'university_name'
  | 'year_of_passing';

export interface TeacherEducationInput {
  /** A degree id, OTHER_DEGREE, or '' when nothing is chosen. */
  degree_id: string;
  degree_name: string;
  subject_id: string;
  school_name: string;
  school_education_board: string;
  college_name: string;
  university_name: string;
  year_of_passing: string;
}

/** 4 digits, 1900 to this year + 4. An invalid year is an error, never replaced (D6). */
export function yearOfPassingError(value: string, today: Date = new Date()): string | undefined {
  const text = (value ?? '').trim();
  if (!/^\d{4}$/.test(text)) return TEACHER_EDUCATION_MESSAGES.yearInvalid;
  const year = Number(text);
  if (year < YEAR_MIN || year > today.getFullYear() + YEAR_MAX_AHEAD)
    return TEACHER_EDUCATION_MESSAGES.yearInvalid;
  return undefined;
}

export function validateTeacherEducation(
  input: TeacherEducationInput,
  today: Date = new Date(),
): FieldErrors<TeacherEducationField> {
  const m = TEACHER_EDUCATION_MESSAGES;
  const errors: FieldErrors<TeacherEducationField> = {};
  if (isBlank(input.degree_id)) errors.degree_id = m.degreeRequired;
  else if (input.degree_id === OTHER_DEGREE && isBlank(input.degree_name))
    errors.degree_name = m.degreeNameRequired;
  if (isBlank(input.subject_id)) errors.subject_id = m.subjectRequired;
  if (isBlank(input.school_name)) errors.school_name = m.schoolRequired;
  if (!SCHOOL_BOARDS.some((b) => b.value === input.school_education_board))
    errors.school_education_board = m.boardRequired;
  if (isBlank(input.college_name)) errors.college_name = m.collegeRequired;
  if (isBlank(input.university_name)) errors.university_name = m.universityRequired;
  const year = yearOfPassingError(input.year_of_passing, today);
  if (year) errors.year_of_passing = year;
  // What was typed in words (the Other qualification, school, college, university) says something.
  for (const field of ['degree_name', 'school_name', 'college_name', 'university_name'] as const) {
    const words = errors[field] ? undefined : wordsRule(input[field]);
    if (words) errors[field] = words;
  }
  return errors;
}
