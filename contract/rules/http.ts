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
  noRoute: (method: string, path: string) => `No route for ${method} ${path}`,
  /** The client could not read an answer (what did not fit follows, for support). */
  unexpectedResponse: (detail: string) => `Unexpected response from the server${detail}`,
} as const;

/** Who may do what: the server's refusals (403) and a refused refresh token, word for word. */
export const ACCESS_MESSAGES = {
  ownStudentRecord: 'You may only see and change your own student record.',
  ownDetails: 'You may only see and change your own details.',
  ownTeacherProfile: 'You may only access your own teacher profile.',
  ownAccount: 'You may only view your own account.',
  createOwnTeacherProfile: 'You may only create your own teacher profile.',
  studentQualifications: 'Only students and administrators may list student qualifications.',
  teacherDashboard: 'Only a teacher has a teacher dashboard.',
  listRequests: 'Only students, teachers and administrators may list requests.',
  studentsRequest: 'Only students may request teachers. Please complete your student details first.',
  studentChangesRequest: 'Only the student who made this request can change it.',
  studentDeletesRequest: 'Only the student who made this request can delete it.',
  studentFinder: 'Only a student has a teacher finder.',
  studentSendsRequest: 'Only the student who made this request can send it to a teacher.',
  refreshInvalid: 'Invalid or expired refresh token. Please log in again.',
} as const;
