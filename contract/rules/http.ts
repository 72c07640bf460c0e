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
  /** An error answer without a message of its own (a proxy's page): the client's words. */
  requestFailed: (status: number) => `Request failed (${status})`,
  addressTooLong: (max: number) => `The address is too long (at most ${max} characters)`,
  headersTooLarge: 'The request headers (or the address) are too large',
  requestTimeout: 'The request took too long to arrive',
  unreadableRequest: 'The request could not be read',
  malformedJson: 'The request body is not valid JSON',
  emptyBody: 'The request body is empty',
  unsupportedMediaType: 'This request must be sent as JSON or as a form with files',
  notMultipart: 'This request must be sent as a form with files',
  methodNotAllowed: 'This address does not take that kind of request',
  requestRefused: (status: number) => `The request was refused (${status})`,
  unexpectedFile: (field: string) => `This form does not take a file named "${field}".`,
  filesTooLarge: (mb: number) => `The files of one request must total less than ${mb}MB`,
  databaseUnreachable: 'The database is not reachable',
  migrationsPending: (applied: number, expected: number) =>
    `Database migrations pending (${applied} of ${expected} applied)`,
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
  createOwnStudentRecord: 'You may only create your own student record.',
  jobSeekersOnly: 'Only job seekers may do that.',
  jobSeekersCreateOwn: 'Job seekers create their own record.',
  resumeNotYours: 'You may not open this resume.',
  noResume: 'No resume on file',
  applicationsPerPosting: 'Administrators read applications per posting.',
  ownApplicationWithdraws: 'Only the job seeker who sent this application can withdraw it.',
  detailsAlreadySaved: 'Your details are already saved',
  documentNotYours: 'You may not open this document.',
} as const;

/** What the server says when something is done (deleted, signed out), beside the data it returns. */
export const DONE_MESSAGES = {
  signedOut: 'Signed out',
  requestDeleted: 'Request deleted',
  studentDeleted: 'Student deleted',
  qualificationDeleted: 'Educational qualification deleted',
  subjectRemoved: 'Subject removed',
  notificationsSeen: 'Notifications marked as read',
} as const;
