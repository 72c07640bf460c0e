// What the server answers when a request fails for a reason no product rule words: a missing or
// expired session, a forbidden action, something missing, too many requests, a body too large, the
// database busy. Each has its key in the message catalogue like every other rule message.

export const HTTP_MESSAGES = {
  validationFailed: 'Validation failed',
  signInNeeded: 'You need to sign in to do that.',
  sessionExpired: 'Your session has expired or is invalid. Please log in again.',
  notAllowed: 'You are not allowed to do that.',
  adminsOnly: 'Only administrators may do that.',
  recordNotFound: (what: string) => `${what} not found`,
  duplicate: 'This already exists.',
  stillReferenced: 'Other records still refer to this one.',
  missingReference: 'A record this refers to does not exist.',
  invalidValue: 'A value is not valid for this field.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
  bodyTooLarge: (mb: number) => `Request body is too large (at most ${mb}MB)`,
  tooManyFiles: (max: number) => `Too many files in one request (at most ${max})`,
  tooManyFields: (max: number) => `Too many form fields in one request (at most ${max})`,
  tooManyParts: (max: number) => `Too many form parts in one request (at most ${max})`,
  fileTooLarge: (mb: number) => `A file is too large (at most ${mb}MB)`,
  serviceUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
  internalError: 'Something went wrong on our side. Please try again.',
} as const;
