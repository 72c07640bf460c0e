import {
  type ApiFailure,
  failureBody,
  failureFieldErrors,
  firstText,
  isApiFailure,
} from '../../contract/api-failure';
import { ADMIN_MESSAGES } from '../../contract/rules/admin';
import { AUTH_MESSAGES, type SignUpField } from '../../contract/rules/auth';
import { type FieldErrors, fromServerErrors } from '../../contract/rules/common';
import { describeFieldErrors } from '../../contract/rules/input';

/**
 * The one place a machine turns a failed call into what its screen shows: a message (one of the
 * rule catalogues' texts, or the server's own words, which the view translates with `useMessage()`)
 * and field errors. Every machine imports from here; none reads a failure's body itself.
 *
 * Each screen's failure text follows a fixed order of sources (docs/product.md#validation-and-messages).
 * The orders are written below as lists of the sources one `failureText` walks, first answer wins:
 *
 * - `text`        an error answer that is not JSON (plain text, e.g. from a proxy);
 * - `description` the body's `error_description`;
 * - `message`     the body's `message`;
 * - `field`       the first message of the body's per-field `errors`;
 * - `code`        the body's `error` string;
 * - `offline`     no answer at all: the HTTP layer's own text;
 * - `thrown`      an Error the screen threw itself (not an HTTP failure): its message;
 * - `own`         the failure's own message, whatever its kind (the HTTP layer puts the body's
 *                 `message` or 'Request failed (status)' there).
 */
export type FailureSource =
  | 'text'
  | 'description'
  | 'message'
  | 'field'
  | 'code'
  | 'offline'
  | 'thrown'
  | 'own';

export type { ApiFailure };
export { failureBody, isApiFailure };

function fromSource(error: unknown, source: FailureSource): string | undefined {
  const body = failureBody(error);
  switch (source) {
    case 'text':
      return isApiFailure(error) &&
        error.kind === 'response' &&
        typeof error.body === 'string' &&
        error.body.trim()
        ? error.body
        : undefined;
    case 'description':
      return firstText(body.error_description);
    case 'message':
      return firstText(body.message);
    case 'field': {
      const fields = failureFieldErrors(error);
      return fields ? Object.values(fields)[0]?.[0] : undefined;
    }
    case 'code':
      return typeof body.error === 'string' && body.error ? body.error : undefined;
    case 'offline':
      return isApiFailure(error) && error.kind === 'no_response' ? error.message || undefined : undefined;
    case 'thrown':
      return !isApiFailure(error) && error instanceof Error && error.message ? error.message : undefined;
    case 'own':
      return (isApiFailure(error) || error instanceof Error) && (error as { message: string }).message
        ? (error as { message: string }).message
        : undefined;
  }
}

/** The first source in `order` that has something to say, else `fallback`. */
export function failureText(error: unknown, order: readonly FailureSource[], fallback: string): string {
  for (const source of order) {
    const text = fromSource(error, source);
    if (text) return text;
  }
  return fallback;
}

/** The orders the screens use. */
export const FAILURE_ORDER = {
  /** Loads and saves of the student, job and admin screens: the server's words, else the screen's text. */
  common: ['text', 'description', 'message', 'offline', 'thrown'],
  /** The teacher steps' banner: the server's description or message only. */
  described: ['description', 'message'],
  /** A decision refused by the server: the field's message first (admin subjects). */
  refusal: ['field', 'description', 'message'],
  /** Schedule, profile and dashboard saves: the field's message, the server's message, the failure's own. */
  server: ['field', 'message', 'own'],
  /** Side loads whose body says nothing useful (the teacher's subject list): the failure's own message. */
  own: ['own'],
  /** The screen's own text whatever the server said (teacher education's banner). */
  screen: [],
} as const satisfies Record<string, readonly FailureSource[]>;

/** The common order: what the server said, else the HTTP layer's no-answer text, else `fallback`. */
export const failureMessage = (error: unknown, fallback: string) =>
  failureText(error, FAILURE_ORDER.common, fallback);

/** The server's per-field errors (a 422), one message per field (several joined by ', '). */
export const failureFieldMessages = (error: unknown): FieldErrors =>
  fromServerErrors(failureFieldErrors(error) ?? {});

const BARE_VALIDATION = /^\s*validation failed\.?\s*$/i;

/**
 * A failed submit as a form shows it: the server's per-field errors for the fields the form has
 * (others join the banner), and the banner (`order`, by default the server's description or message).
 * A bare 'Validation failed' says nothing: the banner then names the fields and rules instead.
 */
export function failureToForm<F extends string>(
  error: unknown,
  fields: readonly F[],
  fallback: string,
  order: readonly FailureSource[] = FAILURE_ORDER.described,
): { errors: FieldErrors<F>; failure: string } {
  const server = failureFieldErrors(error);
  const flat = server ? fromServerErrors(server) : {};
  const errors: FieldErrors<F> = {};
  const unplaced: string[] = [];
  for (const [field, message] of Object.entries(flat)) {
    if ((fields as readonly string[]).includes(field)) errors[field as F] = message;
    else if (message) unplaced.push(message);
  }
  const said = failureText(error, order, fallback);
  const banner = server && BARE_VALIDATION.test(said) ? describeFieldErrors(server) : said;
  const rest = unplaced.filter((m) => !banner.includes(m));
  // One message per part, as describeFieldErrors joins them: the view translates each part.
  return { errors, failure: [banner, ...rest].join('; ') };
}

// ---------------------------------------------------------------------------------------------
// Sign-in and sign-up: the product fixes a text per status here.

const statusOf = (error: unknown) => (isApiFailure(error) && error.kind === 'response' ? error.status : null);
const isOffline = (error: unknown) => isApiFailure(error) && error.kind === 'no_response';

/**
 * Login: error_description, message, 'Invalid email or password…' for a 401, 'Authentication
 * failed (status)…', the no-response text, the failure's own message, 'Login failed…'.
 */
export function loginFailureMessage(error: unknown): string {
  const described = fromSource(error, 'description') ?? fromSource(error, 'message');
  if (described) return described;
  const status = statusOf(error);
  if (status === 401) return AUTH_MESSAGES.invalidCredentials;
  if (status) return AUTH_MESSAGES.authFailed(status);
  if (isOffline(error)) return AUTH_MESSAGES.noResponse;
  return failureText(error, FAILURE_ORDER.own, AUTH_MESSAGES.loginFailed);
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
 * Sign-up: error_description; 'Email has already been taken' for user_not_created; message; the
 * per-field errors from `errors` (under their fields; 'Validation failed…' when none can be read);
 * 'Registration failed (status)…'; no response; 'An error occurred…'.
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
  const described = fromSource(error, 'description');
  if (described) return described;
  if (body.error === 'user_not_created') return AUTH_MESSAGES.emailTaken;
  const message = fromSource(error, 'message');
  if (message) return message;
  if ('errors' in body) {
    if (unplaced.length) return unplaced.join('; ');
    return placed ? null : AUTH_MESSAGES.validationFailed;
  }
  const status = statusOf(error);
  if (status) return AUTH_MESSAGES.registrationFailed(status);
  if (isOffline(error)) return AUTH_MESSAGES.noResponse;
  return AUTH_MESSAGES.genericError;
}

/** Administrator login: 401, then the body's `error` as is, then the fallback. */
export function adminLoginFailureMessage(error: unknown): string {
  if (isApiFailure(error) && error.status === 401) return ADMIN_MESSAGES.invalidCredentials;
  return failureText(error, ['code'], ADMIN_MESSAGES.loginError);
}

/** Administrator registration: the `errors` object as 'field: messages' joined by '; ', the `error` string, the fallback. */
export function adminSignUpFailureMessage(error: unknown): string {
  const errors = failureBody(error).errors;
  if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
    const parts = Object.entries(errors as Record<string, unknown>).map(
      ([field, messages]) => `${field}: ${Array.isArray(messages) ? messages.join(', ') : String(messages)}`,
    );
    if (parts.length) return parts.join('; ');
  }
  return failureText(error, ['code'], ADMIN_MESSAGES.registrationFailed);
}
