import { GENDERS, MARITAL_STATUSES, MOBILE_DIGITS } from '../constants';
import {
  addressRule,
  ageOn,
  DATE_OF_BIRTH_MESSAGES,
  dateOfBirthRule,
  type FieldErrors,
  fromWireDate,
  hasLetters,
  isBlank,
  PERSON_MESSAGES,
  parseIsoDate,
  WITHOUT_WORDS,
} from './common';

/** Student personal details (/studentdetails1, POST/PUT /api/v1/students), docs/product.md#validation-and-messages. */
export const STUDENT_MESSAGES = {
  nameRequired: PERSON_MESSAGES.nameRequired,
  nameWithoutLetters: PERSON_MESSAGES.nameWithoutLetters,
  withoutWords: WITHOUT_WORDS,
  mobileRequired: 'Mobile number is required',
  mobileInvalid: `Invalid mobile number (${MOBILE_DIGITS} digits required)`,
  genderRequired: 'Please select a gender',
  dateOfBirthRequired: DATE_OF_BIRTH_MESSAGES.required,
  dateOfBirthInvalid: DATE_OF_BIRTH_MESSAGES.invalid,
  dateOfBirthFuture: DATE_OF_BIRTH_MESSAGES.future,
  maritalStatusRequired: 'Please select marital status',
  addressRequired: PERSON_MESSAGES.addressRequired,
  addressTooShort: PERSON_MESSAGES.addressTooShort,
  guardianInvalid: `Invalid guardian number (${MOBILE_DIGITS} digits required)`,
  userIdMissing: 'User ID is required but not found',
  notLoggedIn: 'User not logged in. Please log in to continue.',
  saveFailed: 'Failed to save your information. Please try again.',
  alreadyRegistered: 'A student profile already exists for this account',
  studentNotFound: 'Student not found',
} as const;

export const STUDENT_GENDERS = GENDERS;
export { MARITAL_STATUSES };

/** What the personal details form holds; date_of_birth is the form value 'YYYY-MM-DD'. */
export interface StudentPersonalForm {
  name: string;
  mobile_number: string;
  gender: string;
  date_of_birth: string;
  marital_status: string;
  address: string;
  guardian_number: string;
}
export type StudentPersonalField = keyof StudentPersonalForm;

export const EMPTY_STUDENT_PERSONAL: StudentPersonalForm = {
  name: '',
  mobile_number: '',
  gender: '',
  date_of_birth: '',
  marital_status: '',
  address: '',
  guardian_number: '',
};

const TEN_DIGITS = new RegExp(`^\\d{${MOBILE_DIGITS}}$`);

export function validateStudentPersonal(
  form: StudentPersonalForm,
  today: Date = new Date(),
): FieldErrors<StudentPersonalField> {
  const errors: FieldErrors<StudentPersonalField> = {};
  if (isBlank(form.name)) errors.name = STUDENT_MESSAGES.nameRequired;
  else if (!hasLetters(form.name)) errors.name = STUDENT_MESSAGES.nameWithoutLetters;
  const mobile = String(form.mobile_number ?? '').trim();
  if (!mobile) errors.mobile_number = STUDENT_MESSAGES.mobileRequired;
  else if (!TEN_DIGITS.test(mobile)) errors.mobile_number = STUDENT_MESSAGES.mobileInvalid;
  if (!STUDENT_GENDERS.some((g) => g.value === form.gender)) errors.gender = STUDENT_MESSAGES.genderRequired;
  const dob = dateOfBirthRule(String(form.date_of_birth ?? ''), 0, today);
  if (dob) errors.date_of_birth = dob;
  if (!MARITAL_STATUSES.some((m) => m.value === form.marital_status))
    errors.marital_status = STUDENT_MESSAGES.maritalStatusRequired;
  const address = addressRule(form.address);
  if (address) errors.address = address;
  const guardian = String(form.guardian_number ?? '').trim();
  if (guardian && !TEN_DIGITS.test(guardian)) errors.guardian_number = STUDENT_MESSAGES.guardianInvalid;
  return errors;
}

/** Age in whole years from the form's date of birth, or null while it is not a valid date. */
export function studentAge(dateOfBirth: string, today: Date = new Date()): number | null {
  const dob = parseIsoDate(dateOfBirth);
  if (!dob || dob.getTime() > today.getTime()) return null;
  return ageOn(dob, today);
}

/** The form -> the `student` wrapper body of docs/product.md#api-conventions (date of birth DD/MM/YYYY). */
export function toStudentPayload(form: StudentPersonalForm, userId: number, today: Date = new Date()) {
  const [y, m, d] = form.date_of_birth.split('-');
  return {
    user_id: userId,
    name: form.name.trim(),
    mobile_number: form.mobile_number.trim(),
    address: form.address.trim(),
    gender: form.gender,
    age: studentAge(form.date_of_birth, today) ?? 0,
    guardian_number: form.guardian_number.trim(),
    is_active: true,
    date_of_birth: `${d}/${m}/${y}`,
    marital_status: form.marital_status,
  };
}

/**
 * A `student` wrapper body (as a server receives it) -> the form shape, so the server checks it with
 * the same rule set. Dates are accepted as DD/MM/YYYY (the wire format) or YYYY-MM-DD.
 */
export function studentFormFromPayload(body: Record<string, unknown>): StudentPersonalForm {
  const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
  const dob = text(body.date_of_birth).trim();
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(dob) ? dob : (fromWireDate(dob) ?? (dob ? 'invalid' : ''));
  return {
    name: text(body.name),
    mobile_number: text(body.mobile_number),
    gender: text(body.gender).toLowerCase(),
    date_of_birth: iso,
    marital_status: text(body.marital_status).toLowerCase(),
    address: text(body.address),
    guardian_number: text(body.guardian_number),
  };
}
