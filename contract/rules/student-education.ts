import { DEFAULT_STUDENT_DEGREE_ID, STUDENT_EDUCATION_TYPES } from '../constants';
import { type FieldErrors, isBlank, WITHOUT_WORDS, wordsRule } from './common';

/** Student education (/studentdetails2, student_educational_qualifications), docs/product.md#student-details-and-education. */
export const STUDENT_EDUCATION_MESSAGES = {
  typeRequired: 'Please select your education type',
  schoolNameRequired: 'School name is required',
  classRequired: 'Class/Standard is required',
  collegeNameRequired: 'College name is required',
  universityNameRequired: 'University name is required',
  professionRequired: 'Professional information is required',
  submitFailed: 'Error submitting educational qualification. Please try again.',
  studentIdMissing: 'Student ID not found. Please complete personal details first.',
  degreeInvalid: 'Please select a valid degree',
  withoutWords: WITHOUT_WORDS,
} as const;

export type StudentEducationType = keyof typeof STUDENT_EDUCATION_TYPES;
export const STUDENT_EDUCATION_TYPE_NAMES = Object.keys(STUDENT_EDUCATION_TYPES) as StudentEducationType[];

export interface StudentEducationForm {
  education_type: StudentEducationType | '';
  school_name: string;
  class_standard: string;
  college_name: string;
  university_name: string;
  profession: string;
}
export type StudentEducationField = keyof StudentEducationForm;

export const EMPTY_STUDENT_EDUCATION: StudentEducationForm = {
  education_type: '',
  school_name: '',
  class_standard: '',
  college_name: '',
  university_name: '',
  profession: '',
};

export function isEducationType(value: unknown): value is StudentEducationType {
  return typeof value === 'string' && value in STUDENT_EDUCATION_TYPES;
}

export function validateStudentEducation(form: StudentEducationForm): FieldErrors<StudentEducationField> {
  const errors: FieldErrors<StudentEducationField> = {};
  switch (form.education_type) {
    case 'School':
      if (isBlank(form.school_name)) errors.school_name = STUDENT_EDUCATION_MESSAGES.schoolNameRequired;
      if (isBlank(form.class_standard)) errors.class_standard = STUDENT_EDUCATION_MESSAGES.classRequired;
      break;
    case 'College':
      if (isBlank(form.college_name)) errors.college_name = STUDENT_EDUCATION_MESSAGES.collegeNameRequired;
      break;
    case 'University':
      if (isBlank(form.university_name))
        errors.university_name = STUDENT_EDUCATION_MESSAGES.universityNameRequired;
      break;
    case 'Working':
      if (isBlank(form.profession)) errors.profession = STUDENT_EDUCATION_MESSAGES.professionRequired;
      break;
    default:
      errors.education_type = STUDENT_EDUCATION_MESSAGES.typeRequired;
      return errors;
  }
  // What the chosen type asks for, typed in words, says something.
  for (const field of [
    'school_name',
    'class_standard',
    'college_name',
    'university_name',
    'profession',
  ] as const) {
    const words = errors[field] ? undefined : wordsRule(form[field]);
    if (words) errors[field] = words;
  }
  return errors;
}

/** The form -> the `student_educational_qualification` wrapper body (docs/product.md#student-details-and-education mapping). */
export function toQualificationPayload(form: StudentEducationForm, studentId: number) {
  const type = isEducationType(form.education_type) ? STUDENT_EDUCATION_TYPES[form.education_type] : null;
  const keep = (field: StudentEducationField, types: StudentEducationType[]) =>
    types.includes(form.education_type as StudentEducationType) && form[field].trim()
      ? form[field].trim()
      : null;
  const additional =
    form.education_type === 'School'
      ? keep('class_standard', ['School'])
      : form.education_type === 'Working'
        ? keep('profession', ['Working'])
        : null;
  return {
    student_id: studentId,
    degree_id: type?.degree_id ?? DEFAULT_STUDENT_DEGREE_ID,
    current_academic_level: type?.current_academic_level ?? null,
    school_name: keep('school_name', ['School']),
    college_name: keep('college_name', ['College']),
    university_name: keep('university_name', ['University']),
    additional_information: additional,
  };
}

/** A qualification body or record -> the education type it maps to (by level, else by degree id). */
export function educationTypeOf(body: {
  current_academic_level?: unknown;
  degree_id?: unknown;
}): StudentEducationType | '' {
  for (const name of STUDENT_EDUCATION_TYPE_NAMES) {
    if (STUDENT_EDUCATION_TYPES[name].current_academic_level === body.current_academic_level) return name;
  }
  for (const name of STUDENT_EDUCATION_TYPE_NAMES) {
    if (STUDENT_EDUCATION_TYPES[name].degree_id === Number(body.degree_id)) return name;
  }
  return '';
}

/** A qualification body (server) or record (client prefill) -> the form, for the same rule set. */
export function educationFormFromPayload(body: Record<string, unknown>): StudentEducationForm {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const type = educationTypeOf(body);
  return {
    education_type: type,
    school_name: text(body.school_name),
    class_standard: type === 'School' ? text(body.additional_information) : '',
    college_name: text(body.college_name),
    university_name: text(body.university_name),
    profession: type === 'Working' ? text(body.additional_information) : '',
  };
}

/** Form field -> wire field, for sending the form's errors under the payload's names. */
export const EDUCATION_WIRE_FIELDS: Record<StudentEducationField, string> = {
  education_type: 'current_academic_level',
  school_name: 'school_name',
  class_standard: 'additional_information',
  college_name: 'college_name',
  university_name: 'university_name',
  profession: 'additional_information',
};
