import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { AUTH_MESSAGES } from '../../../contract/rules/auth';
import type { PostLoginInput, TeacherProgress } from '../../../machines/auth/postLogin';
import { type PostLoginStubs, stubbedPostLogin } from './support';

const complete: TeacherProgress = {
  teacher_educational_qualification: { id: 1 },
  teacher_preference: { id: 1 },
  teacher_schedules: [{ id: 1 }],
};

async function route(input: PostLoginInput, stubs: PostLoginStubs = {}) {
  const { machine, navigate, calls } = stubbedPostLogin(stubs);
  const output = await toPromise(createActor(machine, { input }).start());
  return { output, navigate, calls };
}

describe('postLogin: teachers (docs/product.md#onboarding)', () => {
  it('a teacher without a profile goes to personal details without any call', async () => {
    const { output, navigate, calls } = await route({ userId: 1, roleId: 1, profileId: null });
    expect(output).toEqual({ route: '/personal_details_teacher', error: null });
    expect(navigate).toHaveBeenCalledWith('/personal_details_teacher');
    expect(calls).toEqual([]);
  });

  it.each([
    [
      'no educational qualification',
      { ...complete, teacher_educational_qualification: null },
      '/educational_details_teacher',
    ],
    ['no preference', { ...complete, teacher_preference: null }, '/teacherSubject'],
    ['an empty schedule', { ...complete, teacher_schedules: [] }, '/slots'],
    ['everything done', complete, '/dashboard'],
    ['no teacher record', null, '/personal_details_teacher'],
    ['a failed teacher fetch', new Error('500'), '/personal_details_teacher'],
  ])('with %s goes to the right step', async (_, teacher, expected) => {
    const { output, calls } = await route({ userId: 1, roleId: 1, profileId: 5 }, { teacher });
    expect(output.route).toBe(expected);
    expect(calls).toEqual(['teacher:5']);
  });

  it('checks education before preferences before schedule', async () => {
    const { output } = await route(
      { userId: 1, roleId: 1, profileId: 5 },
      {
        teacher: { teacher_educational_qualification: null, teacher_preference: null, teacher_schedules: [] },
      },
    );
    expect(output.route).toBe('/educational_details_teacher');
  });
});

describe('postLogin: students (docs/product.md#onboarding)', () => {
  it('no student record -> /studentdetails1', async () => {
    const { output, calls } = await route({ userId: 2, roleId: 2, profileId: null });
    expect(output.route).toBe('/studentdetails1');
    expect(calls).toEqual([]);
  });

  it('no education -> /studentdetails2 (requests not read)', async () => {
    const { output, calls } = await route({ userId: 2, roleId: 2, profileId: 8 }, { hasEducation: false });
    expect(output.route).toBe('/studentdetails2');
    expect(calls).toEqual(['education:8']);
  });

  it('no request -> /subject; a request -> /teacherfinder', async () => {
    expect(
      (await route({ userId: 2, roleId: 2, profileId: 8 }, { hasEducation: true, hasRequest: false })).output
        .route,
    ).toBe('/subject');
    const done = await route(
      { userId: 2, roleId: 2, profileId: 8 },
      { hasEducation: true, hasRequest: true },
    );
    expect(done.output.route).toBe('/teacherfinder');
    expect(done.calls).toEqual(['education:8', 'requests:8']);
    // A request pending with or accepted by a teacher: the student follows it on /requests.
    const following = await route(
      { userId: 2, roleId: 2, profileId: 8 },
      { hasEducation: true, hasRequest: 'following' },
    );
    expect(following.output.route).toBe('/requests');
  });

  it.each([
    ['education', { hasEducation: new Error('down') }],
    ['requests', { hasEducation: true, hasRequest: new Error('down') }],
  ])('a failed %s read shows the post-login failure and does not navigate', async (_, stubs) => {
    const { output, navigate } = await route({ userId: 2, roleId: 2, profileId: 8 }, stubs);
    expect(output).toEqual({ route: null, error: AUTH_MESSAGES.postLoginFailed });
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('postLogin: other cases fetch the user', () => {
  it('an unknown profile (a resumed session) is read from the user, then routed by role', async () => {
    const student = await route(
      { userId: 3, roleId: 2 },
      { user: { roleId: 2, profileId: 4 }, hasEducation: false },
    );
    expect(student.calls).toEqual(['user:3', 'education:4']);
    expect(student.output.route).toBe('/studentdetails2');
    const teacher = await route({ userId: 3, roleId: null }, { user: { roleId: 1, profileId: null } });
    expect(teacher.output.route).toBe('/personal_details_teacher');
  });

  it('another role goes to /dashboard with a profile, else to personal details', async () => {
    expect(
      (await route({ userId: 3, roleId: null }, { user: { roleId: 4, profileId: 6 } })).output.route,
    ).toBe('/dashboard');
    expect(
      (await route({ userId: 3, roleId: null }, { user: { roleId: 4, profileId: null } })).output.route,
    ).toBe('/personal_details_teacher');
  });

  it('fails with the post-login message when the user cannot be read or is unknown', async () => {
    expect((await route({ userId: 3, roleId: 3 }, { user: new Error('401') })).output.error).toBe(
      AUTH_MESSAGES.postLoginFailed,
    );
    expect((await route({ userId: null, roleId: 3 })).output.error).toBe(AUTH_MESSAGES.postLoginFailed);
  });
});

describe('postLogin: job seekers', () => {
  it('no details -> /jobdetails1 without any call', async () => {
    const { output, calls } = await route({ userId: 7, roleId: 3, profileId: null });
    expect(output.route).toBe('/jobdetails1');
    expect(calls).toEqual([]);
  });

  it('details but no education -> /jobdetails2; both -> /joblist', async () => {
    const missing = await route({ userId: 7, roleId: 3, profileId: 9 }, { jobSeekerHasEducation: false });
    expect(missing.calls).toEqual(['jobEducation:9']);
    expect(missing.output.route).toBe('/jobdetails2');
    const done = await route({ userId: 7, roleId: 3, profileId: 9 }, { jobSeekerHasEducation: true });
    expect(done.output.route).toBe('/joblist');
  });

  it('a resumed session reads the user first; a failed read shows the post-login message', async () => {
    const resumed = await route(
      { userId: 7, roleId: null },
      { user: { roleId: 3, profileId: 9 }, jobSeekerHasEducation: true },
    );
    expect(resumed.calls).toEqual(['user:7', 'jobEducation:9']);
    expect(resumed.output.route).toBe('/joblist');
    const failed = await route(
      { userId: 7, roleId: 3, profileId: 9 },
      { jobSeekerHasEducation: new Error('500') },
    );
    expect(failed.output.error).toBe(AUTH_MESSAGES.postLoginFailed);
  });
});
