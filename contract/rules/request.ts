import {
  REQUEST_STATUS_WORDS,
  REQUEST_STATUSES,
  REQUEST_TRANSITIONS,
  type RequestStatus,
  STUDENT_REQUEST_DEFAULTS,
} from '../constants';
import { type FieldErrors, isBlank, WITHOUT_WORDS, wordsRule } from './common';
import { ONLINE_TEACHING_AVAILABLE } from './matching';

/** A status as the messages say it ('request_send' -> 'sent'); anything else as it is. */
const statusWord = (status: string) => REQUEST_STATUS_WORDS[status as RequestStatus] ?? status;

/** Student request (/subject, teacher_student_requests), docs/product.md#requests. */
export const REQUEST_MESSAGES = {
  personalDetailsFirst: 'Please complete your personal details first.',
  subjectsRequired: 'Please select at least one subject',
  subjectsUnknown: 'One or more selected subjects do not exist',
  notLoggedIn: 'You need to be logged in to find teachers',
  modeInvalid: 'Please choose online, offline or both',
  groupInvalid: 'Please choose individual or group',
  mediumInvalid: 'Please choose English, Hindi, Bengali or any',
  assignmentInvalid: 'Please choose multiple or single',
  statusInvalid: 'Unknown request status',
  newStatusInvalid: 'A new request is created with status request_send',
  submitFailed: 'Failed to submit your request. Please check your inputs and try again.',
  submitFailedShort: 'Failed to submit your request. Please try again.',
  noRequestId: "Request created but couldn't get request ID. Please try again.",
  connectSent: 'Connection message sent successfully! After a review you can expect a callback !!',
  connectFailed: 'Could not send your request to this teacher. Please try again.',
  alreadySent: 'You have already sent this request to this teacher.',
  requestNotFound: 'Request not found',
  notYours: 'You may only see and change your own requests.',
  notSentToYou: 'This request was not sent to you.',
  onlyStudentCancels: 'Only the student who made this request can cancel it.',
  onlyTeacherDecides: (status: string) =>
    `Only the teacher this request was sent to can mark it ${statusWord(status)}.`,
  onlyPartiesEnd: 'Only the teacher this request was sent to, or its student, can end this tutoring.',
  /** 409 for an end that finds the tutoring not accepted (never was, or ended meanwhile by the other side). */
  notActiveToEnd: 'This tutoring is no longer active, so it cannot be ended. Reload to see where it stands.',
  notSentYet: 'This request has not been sent to a teacher yet.',
  alreadyConnectedRequest: 'Connect from the request you made, not from a request already sent.',
  badTransition: (from: string, to: string) =>
    `A request that is ${statusWord(from)} cannot become ${statusWord(to)}.`,
  notOpen: (status: string) =>
    `This request is ${statusWord(status)}; make a new request to contact teachers.`,
  teacherNotFound: 'Teacher not found',
  teacherInactive: 'This teacher is not taking requests right now.',
  teacherNoSubjects: 'This teacher does not teach any of the requested subjects.',
  singleAlreadyAccepted: 'This student has already accepted another teacher for this request.',
  useUpdateStatus: 'Change a request status with update_status.',
  notEditable: (status: string) => `A request that is ${statusWord(status)} can no longer be changed.`,
  sentNotEditable: 'A request already sent to a teacher can no longer be changed.',
  changedMeanwhile: 'This request was changed meanwhile. Please reload it and try again.',
  notDeletable: 'An accepted request cannot be deleted; end it instead.',
  declineReasonTooLong: 'Please keep the reason to 300 characters or fewer.',
  reasonOnlyForDecline: 'A reason can only be given when declining a request.',
  declineReasonUnknown: 'Please choose one of the listed reasons, or write your own.',
  withoutWords: WITHOUT_WORDS,
  acceptConfirm: (name: string) =>
    `Accept the request from ${name}? You will see each other's contact details.`,
  declineConfirm: (name: string) => `Decline the request from ${name}?`,
  contactHidden: 'Contact details are shown once the teacher accepts.',
  findMoreTeachers: 'Find more teachers',
  cancelConfirm: 'Cancel this request? Teachers who have not answered will no longer see it.',
  /** Said too when a teacher has accepted: cancelling withdraws only what is still waiting. */
  cancelKeepsAccepted: (names: string) =>
    `${names} accepted it: cancelling does not end that tutoring, and you keep each other's contact. To end it, use End tutoring on their card.`,
  cancelled: 'Your request was cancelled.',
  endConfirm: (name: string) =>
    `End the tutoring with ${name}? Your contact details will be hidden from each other again, and the teacher will be told. This cannot be undone.`,
  /** After ending: the request is still open, so other teachers can be asked for it. */
  endedFindMore: (name: string) =>
    `You ended the tutoring with ${name}. To find another teacher, use Find more teachers on this request.`,
  /** After ending: the request was cancelled, so another teacher needs a new request. */
  endedNewRequest: (name: string) =>
    `You ended the tutoring with ${name}. To find another teacher, make a new request.`,
  endFailed: 'Could not end the tutoring. Please try again.',
  cancelFailed: 'Could not cancel your request. Please try again.',
  requestsLoadFailed: 'Could not load your requests. Please try again.',
  noRequests: 'You have not made a request yet.',
  notSentToAnyone: 'Not sent to any teacher yet.',
  updated: 'Your request was updated.',
  changing: 'You are changing your request. Save it to see the teachers who fit.',
  changeLoadFailed: 'Could not load your request. Please try again.',
  updateFailed: 'Could not save your request. Please try again.',
  saveChanges: 'Save changes',
} as const;

/** The longest decline reason a teacher may give (the student reads it). */
export const DECLINE_REASON_MAX = 300;

import {
  DECLINE_REASON_KEYS,
  DECLINE_REASON_PRESET_KEYS,
  DECLINE_REASONS,
  isDeclineReasonPreset,
} from '../constants';

// A teacher's ready-made decline reasons live in contract/constants.ts (the language layer names
// them on every route, so they must not bring this module into the app's first chunk).
export {
  DECLINE_REASON_KEY_MAX,
  DECLINE_REASON_KEYS,
  DECLINE_REASON_PRESET_KEYS,
  DECLINE_REASON_PRESETS,
  DECLINE_REASONS,
  type DeclineReasonKey,
  isDeclineReasonPreset,
} from '../constants';

/** Optional decline reason: trimmed; blank means none. */
export function validateDeclineReason(reason: unknown): string | undefined {
  if (reason === undefined || reason === null) return undefined;
  if (typeof reason !== 'string') return REQUEST_MESSAGES.declineReasonTooLong;
  if (reason.trim().length > DECLINE_REASON_MAX) return REQUEST_MESSAGES.declineReasonTooLong;
  return wordsRule(reason);
}

/** Optional decline-reason key: one of DECLINE_REASON_KEYS. */
export function validateDeclineReasonKey(key: unknown): string | undefined {
  if (key === undefined || key === null || key === '') return undefined;
  return (DECLINE_REASON_KEYS as readonly unknown[]).includes(key)
    ? undefined
    : REQUEST_MESSAGES.declineReasonUnknown;
}

/**
 * What is stored for a decline: the preset's key (and its English text, for older clients), or the
 * free text with 'other' (an older client's text that is exactly a preset counts as that preset).
 */
export function declineReasonOf(key: unknown, text: unknown): { key: string | null; text: string | null } {
  const typed = typeof text === 'string' && text.trim() ? text.trim() : null;
  if (isDeclineReasonPreset(key)) return { key, text: DECLINE_REASONS[key] };
  const preset = DECLINE_REASON_PRESET_KEYS.find((k) => DECLINE_REASONS[k] === typed);
  if (preset) return { key: preset, text: typed };
  return { key: typed ? 'other' : null, text: typed };
}

/** The 10 digits of an Indian mobile number written with or without +91 / 0; null when it has fewer. */
function mobileDigits(number: string | null | undefined): string | null {
  const digits = (number ?? '').replace(/\D/g, '');
  return digits.length < 10 ? null : digits.slice(-10);
}

/**
 * The call link for an Indian mobile number: a tap on a phone dials it, whatever digits the number
 * is shown in (Bengali and Hindi screens show their own).
 */
export function telLink(number: string | null | undefined): string | null {
  const digits = mobileDigits(number);
  return digits && `tel:+91${digits}`;
}

/** The WhatsApp chat link for an Indian mobile number. */
export function whatsappLink(number: string | null | undefined): string | null {
  const digits = mobileDigits(number);
  return digits && `https://wa.me/91${digits}`;
}

export const MODES_OF_TEACHING = [
  { value: 'online', label: 'Online' },
  { value: 'offline', label: 'Offline' },
  { value: 'both', label: 'Both' },
] as const;
export const PREFERRED_GROUPS = [
  { value: 'individual', label: 'Individual' },
  { value: 'group', label: 'Group' },
] as const;
export const PREFERRED_MEDIUMS = [
  { value: 'english', label: 'English' },
  { value: 'hindi', label: 'Hindi' },
  { value: 'bengali', label: 'Bengali' },
  { value: 'any', label: 'Any' },
] as const;
export const ASSIGNMENT_PREFERENCES = [
  { value: 'multiple', label: 'Multiple teachers' },
  { value: 'single', label: 'Single teacher' },
] as const;

/** Human words for statuses (cards, dashboard). */
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  request_send: 'Request sent',
  accepted: 'Accepted',
  declined: 'Declined',
  ended: 'Ended',
  cancelled: 'Cancelled',
};

export interface RequestPreferences {
  mode_of_teaching: string;
  preferred_group: string;
  preferred_medium: string;
  teacher_assignment_preference: string;
}
export type RequestField = 'subject_ids' | keyof RequestPreferences | 'status';

/**
 * What a new request starts with (docs/product.md#limits-and-constants): Online, except while online
 * teaching is not offered (an online request would match nobody): then Offline, a choice that finds
 * teachers.
 */
export const DEFAULT_REQUEST_PREFERENCES: RequestPreferences = {
  mode_of_teaching: ONLINE_TEACHING_AVAILABLE ? STUDENT_REQUEST_DEFAULTS.mode_of_teaching : 'offline',
  preferred_group: STUDENT_REQUEST_DEFAULTS.preferred_group,
  preferred_medium: STUDENT_REQUEST_DEFAULTS.preferred_medium,
  teacher_assignment_preference: STUDENT_REQUEST_DEFAULTS.teacher_assignment_preference,
};

const oneOf = (list: readonly { value: string }[], value: unknown) => list.some((o) => o.value === value);

/** The preference radio groups (also the body of POST /students/{id}/preferences). */
export function validateRequestPreferences(input: Partial<RequestPreferences>): FieldErrors<RequestField> {
  const errors: FieldErrors<RequestField> = {};
  if (!oneOf(MODES_OF_TEACHING, input.mode_of_teaching))
    errors.mode_of_teaching = REQUEST_MESSAGES.modeInvalid;
  if (!oneOf(PREFERRED_GROUPS, input.preferred_group)) errors.preferred_group = REQUEST_MESSAGES.groupInvalid;
  if (!oneOf(PREFERRED_MEDIUMS, input.preferred_medium))
    errors.preferred_medium = REQUEST_MESSAGES.mediumInvalid;
  if (!oneOf(ASSIGNMENT_PREFERENCES, input.teacher_assignment_preference))
    errors.teacher_assignment_preference = REQUEST_MESSAGES.assignmentInvalid;
  return errors;
}

export function validateSubjectSelection(subjectIds: unknown): string | undefined {
  if (!Array.isArray(subjectIds) || subjectIds.length === 0) return REQUEST_MESSAGES.subjectsRequired;
  if (!subjectIds.every((id) => Number.isInteger(Number(id)) && Number(id) > 0))
    return REQUEST_MESSAGES.subjectsUnknown;
  return undefined;
}

/** A whole request body (POST/PUT teacher_student_requests). */
export function validateStudentRequest(
  input: Partial<RequestPreferences> & { subject_ids?: unknown; status?: unknown },
  options: { creating: boolean } = { creating: true },
): FieldErrors<RequestField> {
  const errors = validateRequestPreferences(input);
  const subjects = validateSubjectSelection(input.subject_ids);
  if (subjects) errors.subject_ids = subjects;
  if (options.creating && !isBlank(input.status) && input.status !== STUDENT_REQUEST_DEFAULTS.status)
    errors.status = REQUEST_MESSAGES.newStatusInvalid;
  return errors;
}

export function isRequestStatus(value: unknown): value is RequestStatus {
  return typeof value === 'string' && (REQUEST_STATUSES as readonly string[]).includes(value);
}

export function canTransition(from: RequestStatus, to: RequestStatus): boolean {
  return REQUEST_TRANSITIONS[from].includes(to);
}

/**
 * Who may move a request to `to`: the student cancels; the teacher it was sent to decides; either
 * side of an accepted tutoring ends it.
 */
export function partyFor(to: RequestStatus): 'student' | 'teacher' | 'either' | null {
  if (to === 'cancelled') return 'student';
  if (to === 'accepted' || to === 'declined') return 'teacher';
  if (to === 'ended') return 'either';
  return null;
}
