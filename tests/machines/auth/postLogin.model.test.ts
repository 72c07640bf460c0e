import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect } from 'vitest';
import { AUTH_MESSAGES } from '../../../contract/rules/auth';
import { findMachine } from '../../../machines';
import type { TeacherProgress, UserProfile } from '../../../machines/auth/postLogin';
import { coveragePaths, type MachinePath } from '../../../src/features/machines/analysis';
import { renderRoute } from '../../client/render';
import { heldResponse, testMachine } from '../../model/kit';
import { signInBody } from '../../msw/handlers/auth';
import { teacherRecord } from '../../msw/handlers/teachers';
import { server } from '../../msw/server';

/**
 * Routing after login, walked on the real login screen (tests/model/kit.ts): a stored session is
 * resumed (Continue), so postLogin starts by reading the user record (the registry's sample input),
 * and every answer of the user, teacher, student education and request reads is held until the
 * path's step for it. The screen shows Processing... while a read is pending, then the route the
 * rules decide, or 'Login successful but failed to get user information. Please try again.'.
 */
const entry = findMachine('postLogin');
if (!entry) throw new Error('postLogin is not registered');

const EMAIL = 'asha@example.com';
const qualification = {
  id: 1,
  teacher_id: 5,
  degree_id: 5,
  degree_name: null,
  subject_id: 1,
  subject_name: 'Physics',
  year_of_passing: '2012',
  school_name: 'A',
  college_name: 'B',
  university_name: 'C',
  school_education_board: 'cbse',
};
const complete = teacherRecord({ id: 5, teacher_educational_qualification: qualification });

/** The teacher record whose reading gives `progress` (the machine's view of it). */
function teacherWith(progress: TeacherProgress) {
  return {
    ...complete,
    teacher_educational_qualification: progress.teacher_educational_qualification ? qualification : null,
    teacher_preference: progress.teacher_preference ? complete.teacher_preference : null,
    teacher_schedules: progress.teacher_schedules.length ? complete.teacher_schedules : [],
  };
}

let user: ReturnType<typeof heldResponse>;
let teacher: ReturnType<typeof heldResponse>;
let education: ReturnType<typeof heldResponse>;
let requests: ReturnType<typeof heldResponse>;
let jobEducation: ReturnType<typeof heldResponse>;
const person = userEvent.setup();
const output = (event: unknown) => (event as { output: unknown }).output;
const failed = (held: () => ReturnType<typeof heldResponse>) => () =>
  held().respond(500, { error: 'server_error', message: 'Something went wrong' });

// The walk reaches `routed` once from deciding; every kind of user record gets its own path too.
const fetchUsers = entry.sampleEvents?.['xstate.done.actor.fetchUser'] as Record<string, unknown>[];
const paths: MachinePath[] = [
  ...coveragePaths(entry),
  ...fetchUsers.map((sample) => ({
    target: `the next step for user record ${JSON.stringify(sample.output)}`,
    steps: [{ event: { type: 'xstate.done.actor.fetchUser', ...sample }, value: 'routed' }],
    transitions: [],
  })),
];

testMachine(entry, {
  paths,
  beforePath: () => {
    localStorage.setItem('auth_token', 'stored-token');
    localStorage.setItem('user_id', '41');
    server.use(
      http.get('*/users/tokens/info', () =>
        HttpResponse.json({ resource_owner: { id: 41, email: EMAIL }, expires_in: 3000 }),
      ),
    );
    user = heldResponse('get', '*/api/v1/users/:id');
    teacher = heldResponse('get', '*/api/v1/teachers/:id');
    education = heldResponse('get', '*/api/v1/students/:id/educational_qualifications');
    requests = heldResponse('get', '*/api/v1/teacher_student_requests');
    jobEducation = heldResponse('get', '*/api/v1/job_seekers/:id/education');
  },
  render: async () => {
    const view = renderRoute('/');
    await person.click(await screen.findByRole('button', { name: 'Continue' }));
    return view;
  },
  states: {
    loadingUser: () => expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled(),
    loadingTeacher: () => expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled(),
    loadingStudentEducation: () =>
      expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled(),
    loadingStudentRequests: () =>
      expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled(),
    loadingJobSeekerEducation: () =>
      expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled(),
    routed: (view, snapshot) =>
      expect((view as ReturnType<typeof renderRoute>).current()).toBe(snapshot.context.route),
    failure: (view) => {
      expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.postLoginFailed);
      expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
      expect((view as ReturnType<typeof renderRoute>).current()).toBe('/');
    },
  },
  events: {
    'xstate.done.actor.fetchUser': (_, { event }) => {
      const { roleId, profileId } = output(event) as UserProfile;
      return user.respond(200, {
        status: 'success',
        data: { id: 41, email: EMAIL, user_role_id: roleId },
        profile: profileId === null ? null : [{ id: profileId }],
      });
    },
    'xstate.error.actor.fetchUser': failed(() => user),
    'xstate.done.actor.fetchTeacher': (_, { event }) => {
      const progress = output(event) as TeacherProgress | null;
      return progress
        ? teacher.respond(200, { status: 'success', data: teacherWith(progress) })
        : teacher.respond(404, { error: 'not_found', message: 'Teacher not found' });
    },
    'xstate.error.actor.fetchTeacher': failed(() => teacher),
    'xstate.done.actor.fetchStudentHasEducation': (_, { event }) =>
      education.respond(200, { status: 'success', data: output(event) ? [{ id: 1 }] : [] }),
    'xstate.error.actor.fetchStudentHasEducation': failed(() => education),
    'xstate.done.actor.fetchStudentHasRequest': (_, { event }) =>
      requests.respond(200, {
        status: 'success',
        data:
          output(event) === 'following'
            ? [
                { id: 2, teacher_id: 5, status: 'accepted' },
                { id: 1, teacher_id: null, status: 'request_send' },
              ]
            : output(event)
              ? [{ id: 1, teacher_id: null, status: 'request_send' }]
              : [],
      }),
    'xstate.error.actor.fetchStudentHasRequest': failed(() => requests),
    'xstate.done.actor.fetchJobSeekerHasEducation': (_, { event }) =>
      jobEducation.respond(200, {
        status: 'success',
        data: output(event)
          ? {
              id: 1,
              job_seeker_id: 3,
              qualification: 5,
              school_name: 'Hindu School',
              year_of_passing: '2020',
              resume_url: '/api/v1/job_seekers/3/resume',
            }
          : null,
      }),
    'xstate.error.actor.fetchJobSeekerHasEducation': failed(() => jobEducation),
  },
});

// A sign-in answer without a usable user id (and a role that has no onboarding) cannot be routed.
testMachine(
  { ...entry, sampleInput: { userId: null, roleId: 4, profileId: null } },
  {
    paths: [{ target: 'failure', steps: [], transitions: [] }],
    beforePath: () => {
      server.use(
        http.post('*/users/tokens/sign_in', () =>
          HttpResponse.json({
            ...signInBody({ userId: 0, roleId: 4 }),
            resource_owner: { id: 0, email: EMAIL, role_id: 4 },
          }),
        ),
      );
    },
    render: async () => {
      const view = renderRoute('/');
      await person.type(await screen.findByLabelText('Email'), EMAIL);
      await person.type(screen.getByLabelText('Password'), 'password123');
      await person.click(screen.getByRole('button', { name: 'Log in' }));
      return view;
    },
    states: {
      failure: () => expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.postLoginFailed),
    },
    events: {},
  },
);
