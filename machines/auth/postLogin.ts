import { assign, fromPromise, setup } from 'xstate';
import { ROLE } from '../../contract/constants';
import { AUTH_MESSAGES } from '../../contract/rules/auth';
import { notProvided, outputOf } from '../common/actors';

/**
 * Where a freshly signed-in person goes next, by onboarding completeness (docs/product.md#onboarding: teachers,
 * students, job seekers: details, then education, then the job list). The machine decides the route; the view supplies
 * `navigate` and the actors that read the API.
 */

export const ONBOARDING_ROUTES = {
  teacherPersonal: '/personal_details_teacher',
  teacherEducation: '/educational_details_teacher',
  teacherPreferences: '/teacherSubject',
  teacherSchedule: '/slots',
  teacherDashboard: '/dashboard',
  studentPersonal: '/studentdetails1',
  studentEducation: '/studentdetails2',
  studentRequest: '/subject',
  studentFinder: '/teacherfinder',
  studentRequests: '/requests',
  jobSeekerPersonal: '/jobdetails1',
  jobSeekerEducation: '/jobdetails2',
  jobList: '/joblist',
} as const;

/**
 * What routing reads of a student's requests: none made (false), made but not sent or only
 * answered (true), or one waiting for or accepted by a teacher ('following': their requests page).
 */
export type StudentRequestProgress = boolean | 'following';

export interface PostLoginInput {
  userId: number | null;
  roleId: number | null;
  /**
   * The role's profile id (teacher or student id) from the sign-in response; null when the response
   * said the profile does not exist yet; undefined when unknown (the user is fetched first).
   */
  profileId?: number | null;
}

/** Just what routing reads of GET /api/v1/teachers/{id}. */
export interface TeacherProgress {
  teacher_educational_qualification: unknown;
  teacher_preference: unknown;
  teacher_schedules: readonly unknown[];
}

/** Just what routing reads of GET /api/v1/users/{id}. */
export interface UserProfile {
  roleId: number;
  profileId: number | null;
}

export type PostLoginOutput = { route: string; error: null } | { route: null; error: string };

interface Context {
  userId: number | null;
  roleId: number | null;
  profileId: number | null;
  profileKnown: boolean;
  /** The user record was fetched (the 'other cases' of docs/product.md#onboarding). */
  userFetched: boolean;
  route: string | null;
  error: string | null;
}

export const postLoginMachine = setup({
  types: {
    context: {} as Context,
    input: {} as PostLoginInput,
    output: {} as PostLoginOutput,
  },
  actors: {
    fetchUser: fromPromise<UserProfile, { userId: number }>(notProvided('postLogin', 'fetchUser')),
    /** Resolves null when the teacher does not exist. */
    fetchTeacher: fromPromise<TeacherProgress | null, { teacherId: number }>(
      notProvided('postLogin', 'fetchTeacher'),
    ),
    /** Whether the student has at least one educational qualification. */
    fetchStudentHasEducation: fromPromise<boolean, { studentId: number }>(
      notProvided('postLogin', 'fetchStudentHasEducation'),
    ),
    /** Whether the student has made a request, and whether one is pending with or accepted by a teacher. */
    fetchStudentHasRequest: fromPromise<StudentRequestProgress, { studentId: number }>(
      notProvided('postLogin', 'fetchStudentHasRequest'),
    ),
    /** Whether the job seeker's education (and resume) is saved. */
    fetchJobSeekerHasEducation: fromPromise<boolean, { jobSeekerId: number }>(
      notProvided('postLogin', 'fetchJobSeekerHasEducation'),
    ),
  },
  guards: {
    isTeacherWithProfile: ({ context }) => context.roleId === ROLE.teacher && context.profileId !== null,
    isStudentWithProfile: ({ context }) => context.roleId === ROLE.student && context.profileId !== null,
    isTeacherWithoutProfile: ({ context }) =>
      context.roleId === ROLE.teacher && context.profileKnown && context.profileId === null,
    isStudentWithoutProfile: ({ context }) =>
      context.roleId === ROLE.student && context.profileKnown && context.profileId === null,
    isJobSeekerWithProfile: ({ context }) => context.roleId === ROLE.jobSeeker && context.profileId !== null,
    isJobSeekerWithoutProfile: ({ context }) =>
      context.roleId === ROLE.jobSeeker && context.profileKnown && context.profileId === null,
    isOtherWithProfile: ({ context }) => context.userFetched && context.profileId !== null,
    isOtherWithoutProfile: ({ context }) => context.userFetched && context.profileId === null,
    hasUserId: ({ context }) => context.userId !== null,
    teacherMissing: ({ event }) => outputOf<TeacherProgress | null>(event) == null,
    teacherLacksEducation: ({ event }) => !outputOf<TeacherProgress>(event).teacher_educational_qualification,
    teacherLacksPreference: ({ event }) => !outputOf<TeacherProgress>(event).teacher_preference,
    teacherLacksSchedule: ({ event }) => outputOf<TeacherProgress>(event).teacher_schedules.length === 0,
    outputIsFalse: ({ event }) => outputOf<boolean>(event) === false,
    isFollowingRequest: ({ event }) => outputOf<StudentRequestProgress>(event) === 'following',
  },
  actions: {
    routeTo: assign({ route: (_, params: { route: string }) => params.route }),
    fail: assign({ error: () => AUTH_MESSAGES.postLoginFailed }),
    rememberUser: assign(({ event }) => {
      const user = outputOf<UserProfile>(event);
      return { roleId: user.roleId, profileId: user.profileId, profileKnown: true, userFetched: true };
    }),
    /** Supplied by the view: go to the decided route. */
    navigate: (_, _params: { route: string }) => {},
  },
}).createMachine({
  id: 'postLogin',
  context: ({ input }) => ({
    userId: input.userId,
    roleId: input.roleId,
    profileId: input.profileId ?? null,
    profileKnown: input.profileId !== undefined,
    userFetched: false,
    route: null,
    error: null,
  }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [
        { guard: 'isTeacherWithProfile', target: 'loadingTeacher' },
        { guard: 'isStudentWithProfile', target: 'loadingStudentEducation' },
        { guard: 'isJobSeekerWithProfile', target: 'loadingJobSeekerEducation' },
        {
          guard: 'isJobSeekerWithoutProfile',
          target: 'routed',
          actions: { type: 'routeTo', params: { route: ONBOARDING_ROUTES.jobSeekerPersonal } },
        },
        {
          guard: 'isTeacherWithoutProfile',
          target: 'routed',
          actions: { type: 'routeTo', params: { route: ONBOARDING_ROUTES.teacherPersonal } },
        },
        {
          guard: 'isStudentWithoutProfile',
          target: 'routed',
          actions: { type: 'routeTo', params: { route: ONBOARDING_ROUTES.studentPersonal } },
        },
        {
          guard: 'isOtherWithProfile',
          target: 'routed',
          actions: { type: 'routeTo', params: { route: ONBOARDING_ROUTES.teacherDashboard } },
        },
        {
          guard: 'isOtherWithoutProfile',
          target: 'routed',
          actions: { type: 'routeTo', params: { route: ONBOARDING_ROUTES.teacherPersonal } },
        },
        { guard: 'hasUserId', target: 'loadingUser' },
        { target: 'failure', actions: 'fail' },
      ],
    },
    loadingUser: {
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        input: ({ context }) => ({ userId: context.userId as number }),
        onDone: { target: 'deciding', actions: 'rememberUser' },
        onError: { target: 'failure', actions: 'fail' },
      },
    },
    loadingTeacher: {
      invoke: {
        id: 'fetchTeacher',
        src: 'fetchTeacher',
        input: ({ context }) => ({ teacherId: context.profileId as number }),
        onDone: [
          {
            guard: 'teacherMissing',
            target: 'routed',
            actions: { type: 'routeTo', params: { route: ONBOARDING_ROUTES.teacherPersonal } },
          },
          {
            guard: 'teacherLacksEducation',
            target: 'routed',
            actions: { type: 'routeTo', params: { route: ONBOARDING_ROUTES.teacherEducation } },
          },
          {
            guard: 'teacherLacksPreference',
            target: 'routed',
            actions: { type: 'routeTo', params: { route: ONBOARDING_ROUTES.teacherPreferences } },
          },
          {
            guard: 'teacherLacksSchedule',
            target: 'routed',
            actions: { type: 'routeTo', params: { route: ONBOARDING_ROUTES.teacherSchedule } },
          },
          {
            target: 'routed',
            actions: { type: 'routeTo', params: { route: ONBOARDING_ROUTES.teacherDashboard } },
          },
        ],
        // docs/product.md#onboarding: a failed teacher fetch sends the teacher to personal details.
        onError: {
          target: 'routed',
          actions: { type: 'routeTo', params: { route: ONBOARDING_ROUTES.teacherPersonal } },
        },
      },
    },
    loadingStudentEducation: {
      invoke: {
        id: 'fetchStudentHasEducation',
        src: 'fetchStudentHasEducation',
        input: ({ context }) => ({ studentId: context.profileId as number }),
        onDone: [
          {
            guard: 'outputIsFalse',
            target: 'routed',
            actions: { type: 'routeTo', params: { route: ONBOARDING_ROUTES.studentEducation } },
          },
          { target: 'loadingStudentRequests' },
        ],
        onError: { target: 'failure', actions: 'fail' },
      },
    },
    loadingStudentRequests: {
      invoke: {
        id: 'fetchStudentHasRequest',
        src: 'fetchStudentHasRequest',
        input: ({ context }) => ({ studentId: context.profileId as number }),
        onDone: [
          {
            guard: 'outputIsFalse',
            target: 'routed',
            actions: { type: 'routeTo', params: { route: ONBOARDING_ROUTES.studentRequest } },
          },
          {
            guard: 'isFollowingRequest',
            target: 'routed',
            actions: { type: 'routeTo', params: { route: ONBOARDING_ROUTES.studentRequests } },
          },
          {
            target: 'routed',
            actions: { type: 'routeTo', params: { route: ONBOARDING_ROUTES.studentFinder } },
          },
        ],
        onError: { target: 'failure', actions: 'fail' },
      },
    },
    loadingJobSeekerEducation: {
      invoke: {
        id: 'fetchJobSeekerHasEducation',
        src: 'fetchJobSeekerHasEducation',
        input: ({ context }) => ({ jobSeekerId: context.profileId as number }),
        onDone: [
          {
            guard: 'outputIsFalse',
            target: 'routed',
            actions: { type: 'routeTo', params: { route: ONBOARDING_ROUTES.jobSeekerEducation } },
          },
          {
            target: 'routed',
            actions: { type: 'routeTo', params: { route: ONBOARDING_ROUTES.jobList } },
          },
        ],
        onError: { target: 'failure', actions: 'fail' },
      },
    },
    routed: {
      type: 'final',
      entry: { type: 'navigate', params: ({ context }) => ({ route: context.route as string }) },
    },
    failure: { type: 'final' },
  },
  output: ({ context }) =>
    context.route
      ? { route: context.route, error: null }
      : { route: null, error: context.error ?? AUTH_MESSAGES.postLoginFailed },
});
