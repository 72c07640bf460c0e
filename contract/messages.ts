// The catalogue of every message the rules of contract/rules/ give, each with one stable key.
//
// A rule keeps returning its English text exactly as before (the server's `message` and `errors`
// stay English for older clients). Each text has a key here: `<catalogue>.<name>`, e.g.
// `auth.emailRequired`. A message with values (a function such as `authFailed(status)`) has a
// template whose placeholders are `{{p1}}`, `{{p2}}`, … in argument order. The server adds the keys
// to its error bodies; the client translates a key (namespace `validation`) and falls back to the
// English text.
import { type CatalogueEntry, type MessageRef, messageIndex } from './message-index';
import { ADMIN_MESSAGES } from './rules/admin';
import { AUTH_MESSAGES } from './rules/auth';
import { FILE_MESSAGES } from './rules/files';
import { ACCESS_MESSAGES, DONE_MESSAGES, HTTP_MESSAGES } from './rules/http';
import { INPUT_MESSAGES } from './rules/input';
import { POSTING_MESSAGES } from './rules/job-postings';
import { JOB_MESSAGES } from './rules/jobs';
import { LANGUAGE_MESSAGES } from './rules/language';
import { MATCH_MESSAGES } from './rules/matching';
import { NOTIFICATION_MESSAGES } from './rules/notifications';
import { REQUEST_MESSAGES } from './rules/request';
import { STUDENT_MESSAGES } from './rules/student';
import { STUDENT_EDUCATION_MESSAGES } from './rules/student-education';
import { NEW_SUBJECT_MESSAGES, SUBJECT_MESSAGES } from './rules/student-subject';
import { TEACHER_DASHBOARD_MESSAGES, VERIFICATION_MESSAGES } from './rules/teacher-dashboard';
import { TEACHER_EDUCATION_MESSAGES } from './rules/teacher-education';
import { TEACHER_PERSONAL_MESSAGES } from './rules/teacher-personal';
import { TEACHER_PREFERENCE_MESSAGES } from './rules/teacher-preferences';
import { TEACHER_SCHEDULE_MESSAGES } from './rules/teacher-schedule';

/** Catalogue name (the first part of a key) -> the messages object of contract/rules/. */
export const MESSAGE_CATALOGUES: Record<string, object> = {
  auth: AUTH_MESSAGES,
  input: INPUT_MESSAGES,
  files: FILE_MESSAGES,
  admin: ADMIN_MESSAGES,
  teacherPersonal: TEACHER_PERSONAL_MESSAGES,
  teacherEducation: TEACHER_EDUCATION_MESSAGES,
  teacherPreferences: TEACHER_PREFERENCE_MESSAGES,
  teacherSchedule: TEACHER_SCHEDULE_MESSAGES,
  teacherDashboard: TEACHER_DASHBOARD_MESSAGES,
  verification: VERIFICATION_MESSAGES,
  student: STUDENT_MESSAGES,
  studentEducation: STUDENT_EDUCATION_MESSAGES,
  subject: SUBJECT_MESSAGES,
  newSubject: NEW_SUBJECT_MESSAGES,
  request: REQUEST_MESSAGES,
  matching: MATCH_MESSAGES,
  notifications: NOTIFICATION_MESSAGES,
  jobs: JOB_MESSAGES,
  postings: POSTING_MESSAGES,
  language: LANGUAGE_MESSAGES,
  http: HTTP_MESSAGES,
  access: ACCESS_MESSAGES,
  done: DONE_MESSAGES,
};

export type { CatalogueEntry, MessageRef };

const SENTINEL = (i: number) => `\u0001${i}\u0001`;

/** The English template of a message function, or null when its text is computed (not a plain fill-in). */
function templateOf(fn: (...args: unknown[]) => unknown): { english: string; values: number } | null {
  const count = Math.max(fn.length, 1);
  try {
    const out = fn(...Array.from({ length: count }, (_, i) => SENTINEL(i + 1)));
    if (typeof out !== 'string') return null;
    for (let i = 1; i <= count; i++) if (!out.includes(SENTINEL(i))) return null;
    let english = out;
    for (let i = 1; i <= count; i++) english = english.split(SENTINEL(i)).join(`{{p${i}}}`);
    return { english, values: count };
  } catch {
    return null;
  }
}

function collect(prefix: string, value: unknown, out: CatalogueEntry[]) {
  if (typeof value === 'string') out.push({ key: prefix, english: value, values: 0 });
  else if (typeof value === 'function') {
    const template = templateOf(value as (...args: unknown[]) => unknown);
    if (template) out.push({ key: prefix, ...template });
  } else if (value && typeof value === 'object' && !Array.isArray(value))
    for (const [name, inner] of Object.entries(value)) collect(`${prefix}.${name}`, inner, out);
}

let entries: CatalogueEntry[] | null = null;
/** Every message of the catalogue, in catalogue order. */
export function catalogueEntries(): CatalogueEntry[] {
  if (entries) return entries;
  const out: CatalogueEntry[] = [];
  for (const [name, messages] of Object.entries(MESSAGE_CATALOGUES)) collect(name, messages, out);
  entries = out;
  return out;
}

let index: ((text: string) => MessageRef | null) | null = null;
/** The key (and values) of an English message of the catalogue, or null for any other text. */
export function messageKeyOf(text: unknown): MessageRef | null {
  if (typeof text !== 'string' || !text) return null;
  index ??= messageIndex(catalogueEntries());
  return index(text);
}

/** The catalogue as the nested object of the English `validation` message file. */
export function catalogueAsMessages(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key, english } of catalogueEntries()) {
    const path = key.split('.');
    let node = out;
    for (const part of path.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node[path[path.length - 1]] = english;
  }
  return out;
}
