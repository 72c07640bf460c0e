// Rules and texts of the administrator side (docs/product.md#roles and #administration).
// One place for client and server: the sign-in card, the teacher list query and the approval decisions.
import { ADMIN_DEFAULT_PAGE_SIZE, ADMIN_PAGE_SIZES, ADMIN_PAGE_WINDOW, MONTH_NAMES } from '../constants';
import { AUTH_MESSAGES, validateCredentials } from './auth';
import { type FieldErrors, isBlank, WITHOUT_WORDS, wordsRule } from './common';

export const ADMIN_MESSAGES = {
  approvalsLoadFailed: 'Failed to load teacher approvals. Please try again later.',
  notificationsLoadFailed: 'Failed to load notifications. Please try again later.',
  emailRequired: AUTH_MESSAGES.emailRequired,
  passwordRequired: AUTH_MESSAGES.passwordRequired,
  termsRequired: AUTH_MESSAGES.termsRequired,
  invalidCredentials: 'Invalid credentials. Please check your email and password.',
  loginError: 'An error occurred during login. Please try again.',
  registrationFailed: 'Registration failed. Please try again.',
  registrationSuccess: 'Admin registration successful! Please log in with your credentials.',
  registrationClosed: 'Admin registration is closed',
  emailTaken: AUTH_MESSAGES.emailTaken,
  listStatusFailed: 'Failed to retrieve teacher data',
  listLoadFailed: 'Failed to load teacher data. Please try again later.',
  listEmpty: 'No teachers found matching your criteria.',
  listLoading: 'Loading teachers...',
  pageInvalid: 'Page must be a whole number, 1 or more',
  limitInvalid: `Rows per page must be one of ${ADMIN_PAGE_SIZES.join(', ')}`,
  statusInvalid: 'Status must be active, inactive or all',
  searchTooLong: 'Search must be at most 100 characters',
  monthInvalid: 'Month must be given as YYYY-MM',
  reasonRequired: 'Please give a reason for rejecting this teacher',
  reasonTooLong: 'The reason must be at most 500 characters',
  withoutWords: WITHOUT_WORDS,
  overviewFailed: 'Failed to load the overview. Please try again later.',
  noNotifications: 'No new notifications',
  allCaughtUp: "You're all caught up!",
  noApprovals: 'No pending approvals',
  allProcessed: 'All teacher applications have been processed',
  decisionFailed: 'Could not save the decision. Please try again.',
  alreadyDecided: 'Another administrator has already decided on this teacher.',
  changedSinceShown:
    'This teacher changed their documents or details since your screen showed them. Look again before deciding.',
  documentsMissing:
    'This teacher cannot be approved until the Aadhar photo, mark sheet and certificate are all on file.',
  teacherVerified: (name: string) => `${name} is now verified.`,
  teacherRejected: (name: string) => `${name} was rejected and deactivated.`,
  teacherFileFailed: 'Failed to load this teacher. Please try again later.',
  teacherNotFound: 'Teacher not found',
} as const;

export const SEARCH_MAX = 100;
export const REASON_MAX = 500;
export const ADMIN_SEARCH_DEBOUNCE_MS = 300;

/** Admin login: only presence is checked (docs/product.md#validation-and-messages). */
export function validateAdminLogin(input: {
  email: string;
  password: string;
}): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {};
  if (isBlank(input.email)) errors.email = ADMIN_MESSAGES.emailRequired;
  if (isBlank(input.password)) errors.password = ADMIN_MESSAGES.passwordRequired;
  return errors;
}

/** Admin signup: email pattern, password length (shared with the main sign-up) and the terms box. */
export function validateAdminSignUp(input: {
  email: string;
  password: string;
  agreeToTerms: boolean;
}): FieldErrors<'email' | 'password' | 'terms'> {
  const errors: FieldErrors<'email' | 'password' | 'terms'> = validateCredentials(input);
  if (!input.agreeToTerms) errors.terms = ADMIN_MESSAGES.termsRequired;
  return errors;
}

/** The status filter button cycles in this order (docs/product.md#administration). */
export const TEACHER_STATUS_FILTERS = ['active', 'inactive', 'all'] as const;
export type TeacherStatusFilter = (typeof TEACHER_STATUS_FILTERS)[number];

export function nextStatusFilter(current: TeacherStatusFilter): TeacherStatusFilter {
  const i = TEACHER_STATUS_FILTERS.indexOf(current);
  return TEACHER_STATUS_FILTERS[(i + 1) % TEACHER_STATUS_FILTERS.length];
}

export interface TeacherListQuery {
  page: number;
  limit: number;
  status: TeacherStatusFilter;
  search: string;
}

/** Reads GET /api/v1/teachers's query (strings from the URL); errors use the 422 wording. */
export function parseTeacherListQuery(raw: Record<string, unknown>): {
  query: TeacherListQuery;
  errors: FieldErrors<'page' | 'limit' | 'status' | 'search'>;
} {
  const errors: FieldErrors<'page' | 'limit' | 'status' | 'search'> = {};
  const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined ? '' : String(v));
  const pageText = text(raw.page).trim();
  const page = pageText === '' ? 1 : Number(pageText);
  if (!/^\d+$/.test(pageText || '1') || !Number.isSafeInteger(page) || page < 1)
    errors.page = ADMIN_MESSAGES.pageInvalid;
  const limitText = text(raw.limit).trim();
  const limit = limitText === '' ? ADMIN_DEFAULT_PAGE_SIZE : Number(limitText);
  if (!(ADMIN_PAGE_SIZES as readonly number[]).includes(limit)) errors.limit = ADMIN_MESSAGES.limitInvalid;
  const statusText = text(raw.status).trim() || 'all';
  if (!(TEACHER_STATUS_FILTERS as readonly string[]).includes(statusText))
    errors.status = ADMIN_MESSAGES.statusInvalid;
  const search = text(raw.search).trim();
  if (search.length > SEARCH_MAX) errors.search = ADMIN_MESSAGES.searchTooLong;
  return { query: { page, limit, status: statusText as TeacherStatusFilter, search }, errors };
}

export const totalPages = (count: number, limit: number) => Math.max(1, Math.ceil(count / limit));

/** At most ADMIN_PAGE_WINDOW page numbers, sliding so the current page stays as central as possible. */
export function pageWindow(page: number, pages: number, size: number = ADMIN_PAGE_WINDOW): number[] {
  const count = Math.min(size, pages);
  let start = Math.max(1, page - Math.floor(size / 2));
  start = Math.min(start, pages - count + 1);
  start = Math.max(1, start);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** The rows a page shows, first to last, counted from 1 (both 0 when nothing is shown). */
export function showingRange(page: number, limit: number, shown: number) {
  const from = shown ? (page - 1) * limit + 1 : 0;
  const to = shown ? from + shown - 1 : 0;
  return { from, to };
}

export function validateRejection(input: { reason: unknown }): FieldErrors<'reason'> {
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (!reason) return { reason: ADMIN_MESSAGES.reasonRequired };
  if (reason.length > REASON_MAX) return { reason: ADMIN_MESSAGES.reasonTooLong };
  const words = wordsRule(reason);
  return words ? { reason: words } : {};
}

export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** '2025-01' -> 'January, 2025' (the month selector's wording). */
export function monthLabel(month: string): string {
  const match = MONTH_PATTERN.exec(month);
  if (!match) return month;
  return `${MONTH_NAMES[Number(match[2]) - 1]}, ${match[1]}`;
}

// The Busy Hours bands, the Teaching charts' series and the class modes live in contract/constants.ts
// (the language layer names them on every route; this module loads with the admin screens only).
export { BUSY_HOUR_BANDS, BUSY_HOUR_SERIES, CLASS_MODES } from '../constants';
/**
 * Blue, pink, yellow (docs/product.md#administration), each dark enough to stand out from the white
 * card it is drawn on (3:1 or more for graphics, WCAG 1.4.11): blue 4.2:1, pink 4.6:1, and a dark
 * yellow (ochre) 3.8:1, where a bright yellow is 1.9:1.
 */
export const CHART_COLOURS = ['#1c7ed6', '#d6336c', '#a67c00'] as const;
