import { MIN_PASSWORD_LENGTH, SIGN_UP_ROLES } from '../constants';
import { EMAIL_PATTERN, type FieldErrors, isBlank } from './common';

export const AUTH_MESSAGES = {
  fieldRequired: 'This field is required',
  passwordRequired: 'Password is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  termsRequired: 'You must agree to the terms and conditions',
  roleInvalid: 'Please choose Teacher, Student or Job seeker',
  registrationSuccess: 'Registration successful! Please log in with your credentials.',
  emailTaken: 'Email has already been taken',
  invalidCredentials: 'Invalid email or password. Please try again.',
  authFailed: (status: number) => `Authentication failed (${status}). Please try again.`,
  noResponse: 'No response from server. Please try again later.',
  loginFailed: 'Login failed. Please try again.',
  validationFailed: 'Validation failed. Please check your information.',
  registrationFailed: (status: number) => `Registration failed (${status}). Please try again.`,
  genericError: 'An error occurred. Please try again.',
  postLoginFailed: 'Login successful but failed to get user information. Please try again.',
  notLoggedIn: 'User not logged in. Please log in to continue.',
  roleChoiceStudent: 'A student looking for guidance',
  roleChoiceTeacher: 'A teacher looking for students',
  roleChoiceJobSeeker: 'Someone seeking job opportunities',
} as const;

export type LoginField = 'email' | 'password';

/** The one rule for an e-mail address a person types (sign-up, admin sign-up, the teacher's details). */
export function emailRule(value: unknown): string | undefined {
  const email = typeof value === 'string' ? value.trim() : '';
  if (!email) return AUTH_MESSAGES.emailRequired;
  if (!EMAIL_PATTERN.test(email)) return AUTH_MESSAGES.emailInvalid;
}
export type SignUpField = 'email' | 'password' | 'user_role_id' | 'terms';

export function validateLogin(input: { email: string; password: string }): FieldErrors<LoginField> {
  const errors: FieldErrors<LoginField> = {};
  if (isBlank(input.email)) errors.email = AUTH_MESSAGES.fieldRequired;
  if (isBlank(input.password)) errors.password = AUTH_MESSAGES.passwordRequired;
  return errors;
}

/** Email and password rules shared by main sign-up, admin sign-up and the server. */
export function validateCredentials(input: {
  email: unknown;
  password: unknown;
}): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {};
  const email = emailRule(input.email);
  if (email) errors.email = email;
  const password = typeof input.password === 'string' ? input.password : '';
  if (!password) errors.password = AUTH_MESSAGES.passwordRequired;
  else if (password.length < MIN_PASSWORD_LENGTH) errors.password = AUTH_MESSAGES.passwordTooShort;
  return errors;
}

export function validateSignUpRole(roleId: unknown): string | undefined {
  return SIGN_UP_ROLES.some((r) => r.id === Number(roleId)) ? undefined : AUTH_MESSAGES.roleInvalid;
}

export function validateSignUp(input: {
  email: string;
  password: string;
  user_role_id: number;
  terms: boolean;
}): FieldErrors<SignUpField> {
  const errors: FieldErrors<SignUpField> = validateCredentials(input);
  const role = validateSignUpRole(input.user_role_id);
  if (role) errors.user_role_id = role;
  if (!input.terms) errors.terms = AUTH_MESSAGES.termsRequired;
  return errors;
}
