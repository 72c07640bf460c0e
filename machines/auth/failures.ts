import { failureBody, firstText, isApiFailure } from '../../contract/api-failure';
import { AUTH_MESSAGES, type SignUpField } from '../../contract/rules/auth';
import type { FieldErrors } from '../../contract/rules/common';

/** docs/product.md#validation-and-messages, main login failure display order. */
export function loginFailureMessage(error: unknown): string {
  const body = failureBody(error);
  const described = firstText(body.error_description) ?? firstText(body.message);
  if (described) return described;
  if (isApiFailure(error)) {
    if (error.kind === 'response' && error.status === 401) return AUTH_MESSAGES.invalidCredentials;
    if (error.kind === 'response' && error.status) return AUTH_MESSAGES.authFailed(error.status);
    if (error.kind === 'no_response') return AUTH_MESSAGES.noResponse;
  }
  const own = error instanceof Error || isApiFailure(error) ? (error as { message: string }).message : '';
  return own || AUTH_MESSAGES.loginFailed;
}

const SIGN_UP_FIELDS: readonly SignUpField[] = ['email', 'password', 'user_role_id', 'terms'];

/** Server field name -> the sign-up form field it belongs to (the email key maps to the email field). */
function signUpFieldOf(key: string): SignUpField | null {
  const last = key.split('.').pop() ?? key;
  if (/email/i.test(last)) return 'email';
  if (/password/i.test(last)) return 'password';
  if (/role/i.test(last)) return 'user_role_id';
  if (/terms/i.test(last)) return 'terms';
  return SIGN_UP_FIELDS.includes(last as SignUpField) ? (last as SignUpField) : null;
}

export interface SignUpFailure {
  message: string | null;
  fieldErrors: FieldErrors<SignUpField>;
}

/**
 * docs/product.md#validation-and-messages, sign-up failure order: error_description; 'Email has already been taken' for
 * user_not_created; message; per-field errors from `errors` (or 'Validation failed...' when none can
 * be read); 'Registration failed ({status})...'; no response; 'An error occurred...'.
 * Per-field errors are shown under their fields whenever the server sent them.
 */
export function signUpFailure(error: unknown): SignUpFailure {
  const body = failureBody(error);
  const fieldErrors: FieldErrors<SignUpField> = {};
  const unplaced: string[] = [];
  const errors = body.errors;
  if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
    for (const [key, value] of Object.entries(errors as Record<string, unknown>)) {
      const list = (Array.isArray(value) ? value : [value]).filter((m) => m !== null && m !== undefined);
      if (!list.length) continue;
      const text = list.map(String).join(', ');
      const field = signUpFieldOf(key);
      if (field) fieldErrors[field] = fieldErrors[field] ? `${fieldErrors[field]}, ${text}` : text;
      else unplaced.push(text);
    }
  }
  const placed = Object.keys(fieldErrors).length > 0;
  return { message: signUpMessage(error, body, placed, unplaced), fieldErrors };
}

function signUpMessage(
  error: unknown,
  body: Record<string, unknown>,
  placed: boolean,
  unplaced: string[],
): string | null {
  const described = firstText(body.error_description);
  if (described) return described;
  if (body.error === 'user_not_created') return AUTH_MESSAGES.emailTaken;
  const message = firstText(body.message);
  if (message) return message;
  if ('errors' in body) {
    if (unplaced.length) return unplaced.join('; ');
    return placed ? null : AUTH_MESSAGES.validationFailed;
  }
  if (isApiFailure(error) && error.kind === 'response' && error.status)
    return AUTH_MESSAGES.registrationFailed(error.status);
  if (isApiFailure(error) && error.kind === 'no_response') return AUTH_MESSAGES.noResponse;
  return AUTH_MESSAGES.genericError;
}
