import { MIN_AGE_TEACHER, MOBILE_DIGITS } from '../constants';
import { AUTH_MESSAGES, emailRule } from './auth';
import {
  addressRule,
  DATE_OF_BIRTH_MESSAGES,
  dateOfBirthRule,
  type FieldErrors,
  isBlank,
  nameRule,
  PERSON_MESSAGES,
  WITHOUT_WORDS,
} from './common';
import { type FileFacts, imageFileError } from './files';

/** Teacher personal details (docs/product.md#teacher-personal-details). Field names are the wire names. */
export const TEACHER_PERSONAL_MESSAGES = {
  nameRequired: PERSON_MESSAGES.nameRequired,
  nameTooShort: PERSON_MESSAGES.nameTooShort,
  nameWithoutLetters: PERSON_MESSAGES.nameWithoutLetters,
  emailRequired: AUTH_MESSAGES.emailRequired,
  emailInvalid: AUTH_MESSAGES.emailInvalid,
  mobileInvalid: `Mobile number must be exactly ${MOBILE_DIGITS} digits`,
  whatsappInvalid: `WhatsApp number must be exactly ${MOBILE_DIGITS} digits`,
  altMobileInvalid: `Alternate mobile number must be exactly ${MOBILE_DIGITS} digits`,
  genderRequired: 'Please select a gender',
  dobRequired: DATE_OF_BIRTH_MESSAGES.required,
  dobInvalid: DATE_OF_BIRTH_MESSAGES.invalid,
  dobTooYoung: DATE_OF_BIRTH_MESSAGES.tooYoung(MIN_AGE_TEACHER),
  dobFuture: DATE_OF_BIRTH_MESSAGES.future,
  addressTooShort: PERSON_MESSAGES.addressTooShort,
  withoutWords: WITHOUT_WORDS,
  latitudeInvalid: 'Latitude must be a number between -90 and 90 (up to 8 decimals)',
  longitudeInvalid: 'Longitude must be a number between -180 and 180 (up to 8 decimals)',
  aadharRequired: 'Aadhar card photo is required',
  profilePhotoRequired: 'Profile photo is required',
  imageType: 'Only JPG, JPEG, or PNG files are allowed',
  maskedAadharHint:
    'Please upload a masked Aadhar card: only the last 4 digits of the Aadhar number may be visible.',
  userIdMissing: 'User ID is required but not found',
  notLoggedIn: AUTH_MESSAGES.notLoggedIn,
  submitFailed: 'Failed to save your information. Please try again.',
  geolocationUnsupported: 'Geolocation is not supported by this browser',
  locationError: (reason: string) => `Error getting location: ${reason}`,
  profileExists: 'A teacher profile already exists for this account.',
} as const;

export const GENDERS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'others', label: 'Others' },
] as const;

export type TeacherPersonalField =
  | 'name'
  | 'email'
  | 'mobile_number'
  | 'whatsapp_number'
  | 'alt_mobile'
  | 'gender'
  | 'date_of_birth'
  | 'address'
  | 'latitude'
  | 'longitude'
  | 'aadhar_photo'
  | 'profile_photo';

export interface TeacherPersonalInput {
  name: string;
  email: string;
  mobile_number: string;
  whatsapp_number: string;
  /** 'Same as mobile number': the WhatsApp number is the mobile number. */
  same_as_mobile: boolean;
  gender: string;
  /** YYYY-MM-DD (form value); the wire carries DD/MM/YYYY. */
  date_of_birth: string;
  address: string;
  latitude: string;
  longitude: string;
  alt_mobile?: string;
}

/** A required photo: a picked file, already on file ('on_file'), or missing (null). */
export type PhotoInput = FileFacts | 'on_file' | null;

const TEN_DIGITS = new RegExp(`^\\d{${MOBILE_DIGITS}}$`);
const COORDINATE = /^-?\d{1,3}(\.\d{1,8})?$/;

export function coordinateError(value: string, limit: number, message: string): string | undefined {
  if (isBlank(value)) return undefined;
  const text = String(value).trim();
  if (!COORDINATE.test(text) || Math.abs(Number(text)) > limit) return message;
  return undefined;
}

export function dateOfBirthError(iso: string, today: Date = new Date()): string | undefined {
  return dateOfBirthRule(iso, MIN_AGE_TEACHER, today);
}

export function photoError(photo: PhotoInput, requiredMessage: string): string | undefined {
  if (photo === 'on_file') return undefined;
  if (!photo) return requiredMessage;
  return imageFileError(photo, TEACHER_PERSONAL_MESSAGES.imageType);
}

/** Every rule of docs/product.md#teacher-personal-details; at most one message per field. */
export function validateTeacherPersonal(
  input: TeacherPersonalInput,
  photos: { aadhar_photo: PhotoInput; profile_photo: PhotoInput },
  today: Date = new Date(),
): FieldErrors<TeacherPersonalField> {
  const m = TEACHER_PERSONAL_MESSAGES;
  const errors: FieldErrors<TeacherPersonalField> = {};
  const name = nameRule(input.name);
  if (name) errors.name = name;
  const email = emailRule(input.email);
  if (email) errors.email = email;
  if (!TEN_DIGITS.test((input.mobile_number ?? '').trim())) errors.mobile_number = m.mobileInvalid;
  if (!input.same_as_mobile && !TEN_DIGITS.test((input.whatsapp_number ?? '').trim()))
    errors.whatsapp_number = m.whatsappInvalid;
  if (!isBlank(input.alt_mobile) && !TEN_DIGITS.test(String(input.alt_mobile).trim()))
    errors.alt_mobile = m.altMobileInvalid;
  if (!GENDERS.some((g) => g.value === input.gender)) errors.gender = m.genderRequired;
  const dob = dateOfBirthError(input.date_of_birth, today);
  if (dob) errors.date_of_birth = dob;
  // The shared address rule, except that a blank address gets the one message this step has always given.
  if (isBlank(input.address)) errors.address = m.addressTooShort;
  else {
    const address = addressRule(input.address);
    if (address) errors.address = address;
  }
  const lat = coordinateError(input.latitude, 90, m.latitudeInvalid);
  if (lat) errors.latitude = lat;
  const lng = coordinateError(input.longitude, 180, m.longitudeInvalid);
  if (lng) errors.longitude = lng;
  const aadhar = photoError(photos.aadhar_photo, m.aadharRequired);
  if (aadhar) errors.aadhar_photo = aadhar;
  const profile = photoError(photos.profile_photo, m.profilePhotoRequired);
  if (profile) errors.profile_photo = profile;
  return errors;
}

/** Coordinates as the form shows them: 6 decimals (docs/product.md#limits-and-constants). */
export const formatCoordinate = (value: number) => value.toFixed(6);
