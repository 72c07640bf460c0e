import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  API_ROUTES,
  accountRoutes,
  adminRoutes,
  fileRoutes,
  jobRoutes,
  notificationRoutes,
  referenceRoutes,
  requestRoutes,
  studentRoutes,
  teacherRoutes,
} from '../../contract/api';
import { maxLengthsOf } from '../../contract/api/limits';
import type { AnyStruct, RouteSpec } from '../../contract/api/route';
import { validateRejection } from '../../contract/rules/admin';
import { validateApplicationNote, validateCoverNote } from '../../contract/rules/job-postings';
import { validateDeclineReason } from '../../contract/rules/request';
import { validateSubjectName } from '../../contract/rules/student-subject';
import { experienceRule } from '../../contract/rules/teacher-preferences';

/**
 * Every text field a route's body declares is checked in the client before the call, so a form
 * never waits a round trip for the server's 422 on a rule it could have told at once. A field a
 * person types is either checked against the route's own declaration by the form's machine
 * (`declaredFieldErrors` or `credentialErrors` on that route's body), or refused by a rule of its
 * own one character past the declared maximum (e.g. the decline reason's 300). The rest are not
 * typed (ids, choices from a list, the device's location) or are sent by no form. A new route or
 * field fails here until it is classified.
 */

const DECLARED = 'the route declaration, in the form machine';
type Rule = (text: string) => unknown;

interface Client {
  typed?: Readonly<Record<string, Rule | typeof DECLARED>>;
  /** Filled by the client itself: ids, choices from a list, the device's location, fixed values. */
  notTyped?: readonly string[];
  /** No form sends this route (why). */
  noForm?: string;
}

const CREDENTIALS = { typed: { email: DECLARED, password: DECLARED } } as const;
const TEACHER = {
  typed: {
    name: DECLARED,
    email: DECLARED,
    mobile_number: DECLARED,
    whatsapp_number: DECLARED,
    address: DECLARED,
  },
  notTyped: ['user_id', 'alt_mobile', 'gender', 'date_of_birth', 'latitude', 'longitude'],
} as const;
const TEACHER_EDUCATION = {
  typed: {
    degree_name: DECLARED,
    school_name: DECLARED,
    college_name: DECLARED,
    university_name: DECLARED,
    year_of_passing: DECLARED,
  },
  notTyped: ['degree_id', 'subject_id', 'school_education_board'],
} as const;
const STUDENT = {
  typed: { name: DECLARED, mobile_number: DECLARED, address: DECLARED, guardian_number: DECLARED },
  notTyped: ['gender', 'date_of_birth', 'marital_status', 'age'],
} as const;
const STUDENT_EDUCATION = {
  typed: {
    school_name: DECLARED,
    college_name: DECLARED,
    university_name: DECLARED,
    additional_information: DECLARED,
  },
  notTyped: ['student_id', 'degree_id', 'current_academic_level'],
} as const;
const REQUEST_CHOICES = [
  'mode_of_teaching',
  'preferred_group',
  'preferred_medium',
  'teacher_assignment_preference',
  'latitude',
  'longitude',
  'status',
];
const JOB_SEEKER = {
  typed: { name: DECLARED, mobile_number: DECLARED, alternate_number: DECLARED, address: DECLARED },
  notTyped: ['gender', 'date_of_birth', 'marital_status'],
} as const;
const POSTING = {
  typed: {
    organisation: DECLARED,
    title: DECLARED,
    pay_min: DECLARED,
    pay_max: DECLARED,
    description: DECLARED,
  },
  notTyped: ['industry', 'location', 'employment_type', 'closing_date'],
} as const;

const CLIENT: Record<string, Client> = {
  'users.create': { ...CREDENTIALS, notTyped: ['user_role_id'] },
  'tokens.signIn': CREDENTIALS,
  'tokens.refresh': { notTyped: ['refresh_token'] },
  'me.language': { notTyped: ['language'] },
  'adminUsers.create': CREDENTIALS,
  'adminUsers.signIn': CREDENTIALS,
  'adminUsers.signInService': { noForm: 'the older sign-in path; the card calls adminUsers.signIn' },
  'subjects.create': { typed: { name: (text) => validateSubjectName(text) } },
  'subjects.update': { noForm: 'no screen renames a subject' },
  'subjects.approve': { notTyped: ['name'] },
  'subjects.merge': { notTyped: ['into_id', 'merge_into_id'] },
  'teachers.create': TEACHER,
  'teachers.update': TEACHER,
  'teacherQualifications.create': TEACHER_EDUCATION,
  'teacherQualifications.update': TEACHER_EDUCATION,
  'teacherPreferences.save': {
    typed: { prior_experience: (text) => experienceRule(text) },
    notTyped: [
      'teaching_mode',
      'teaching_radius_km',
      'teaching_school',
      'special_need_children',
      'special_attention_children',
      // Not on the form: the client never sends it.
      'teaching_location_preference',
    ],
  },
  'teacherSchedules.import': { notTyped: ['teacher_id'] },
  'teacherSchedules.update': { noForm: 'the week is saved whole (teacherSchedules.import)' },
  'students.create': STUDENT,
  'students.update': STUDENT,
  'studentPreferences.create': { notTyped: REQUEST_CHOICES.slice(0, 4) },
  'studentQualifications.create': STUDENT_EDUCATION,
  'studentQualifications.update': STUDENT_EDUCATION,
  'requests.create': { notTyped: REQUEST_CHOICES },
  'requests.update': { notTyped: REQUEST_CHOICES },
  'requests.updateStatus': {
    typed: { reason: (text) => validateDeclineReason(text) },
    notTyped: ['status', 'reason_key'],
  },
  'jobSeekers.create': JOB_SEEKER,
  'jobSeekers.update': JOB_SEEKER,
  'jobSeekers.saveEducation': {
    typed: { school_name: DECLARED, year_of_passing: DECLARED },
    notTyped: ['qualification'],
  },
  'jobPostings.create': POSTING,
  'jobPostings.update': POSTING,
  'jobApplications.create': { typed: { cover_note: (text) => validateCoverNote(text) } },
  'jobApplications.updateStatus': {
    typed: { note: (text) => validateApplicationNote(text) },
    notTyped: ['status'],
  },
  'adminTeachers.reject': { typed: { reason: (text) => validateRejection({ reason: text }).reason } },
};

const AREAS: Record<string, Record<string, RouteSpec>> = {
  accountRoutes,
  adminRoutes,
  fileRoutes,
  jobRoutes,
  notificationRoutes,
  referenceRoutes,
  requestRoutes,
  studentRoutes,
  teacherRoutes,
};

/** A body's declared fields (a wrapper taken off): two routes with the same object check the same. */
const shapeOf = (body: AnyStruct) =>
  (body.type === 'wrapped' ? (body.schema as { inner: AnyStruct }).inner : body).schema as object;

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourcesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** The bodies the machines check with the route declaration, read from their source. */
const CHECKED = new Set<object>();
for (const file of sourcesUnder(join(__dirname, '../../machines'))) {
  const source = readFileSync(file, 'utf8');
  for (const [, area, route] of source.matchAll(
    /(?:declaredFieldErrors|credentialErrors)\(\s*(\w+)\.(\w+)\.body/g,
  )) {
    const body = AREAS[area]?.[route]?.body;
    if (body) CHECKED.add(shapeOf(body));
  }
}

const withText = API_ROUTES.filter((route) => Object.keys(maxLengthsOf(route.body)).length > 0);

describe('every text field a body declares has a client rule', () => {
  it('reads the machines (the forms check some declarations)', () => {
    expect(CHECKED.size).toBeGreaterThanOrEqual(8);
  });

  it.each(withText.map((route) => [route.id, route] as const))('%s', (id, route) => {
    const client = CLIENT[id];
    expect(client, `${id}: say how the client checks it`).toBeDefined();
    if (client.noForm) return;
    const limits = maxLengthsOf(route.body);
    for (const [field, max] of Object.entries(limits)) {
      const rule = client.typed?.[field];
      if (rule === DECLARED)
        expect(
          CHECKED.has(shapeOf(route.body as AnyStruct)),
          `${id}.${field}: no machine checks the declaration`,
        ).toBe(true);
      else if (rule)
        expect(
          rule('a'.repeat(max + 1)),
          `${id}.${field}: its rule lets ${max + 1} characters through`,
        ).toBeTruthy();
      else expect(client.notTyped ?? [], `${id}.${field}: typed, or filled by the client?`).toContain(field);
    }
  });

  it('names no route or field that is not declared', () => {
    for (const [id, client] of Object.entries(CLIENT)) {
      const route = API_ROUTES.find((r) => r.id === id);
      expect(route, id).toBeDefined();
      const limits = maxLengthsOf(route?.body);
      for (const field of [...Object.keys(client.typed ?? {}), ...(client.notTyped ?? [])])
        expect(limits, `${id}.${field}`).toHaveProperty(field);
    }
  });
});
