import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { AUTH_MESSAGES } from '../../../contract/rules/auth';
import type { OnboardingProgress } from '../../../contract/structs/auth';
import { progressOf, stubbedPostLogin } from './support';

async function route(progress: OnboardingProgress | Error) {
  const { machine, navigate, calls } = stubbedPostLogin({ progress });
  const output = await toPromise(createActor(machine).start());
  return { output, navigate, calls };
}

const teacher = (personal: boolean, education: boolean, preferences: boolean, schedule: boolean) =>
  progressOf({ role_id: 1, teacher: { personal, education, preferences, schedule } });
const student = (personal: boolean, education: boolean, requests: 'none' | 'made' | 'following') =>
  progressOf({ role_id: 2, student: { personal, education, requests } });
const jobSeeker = (personal: boolean, education: boolean) =>
  progressOf({ role_id: 3, job_seeker: { personal, education } });

describe('postLogin: one call, then the first step not finished (docs/product.md#onboarding)', () => {
  it.each([
    ['a teacher without details', teacher(false, false, false, false), '/personal_details_teacher'],
    ['a teacher without a record yet', progressOf({ role_id: 1 }), '/personal_details_teacher'],
    ['a teacher without education', teacher(true, false, true, true), '/educational_details_teacher'],
    ['a teacher without preferences', teacher(true, true, false, false), '/teacherSubject'],
    ['a teacher without a schedule', teacher(true, true, true, false), '/slots'],
    ['a teacher with everything', teacher(true, true, true, true), '/dashboard'],
    ['a student without details', student(false, false, 'none'), '/studentdetails1'],
    ['a student without education', student(true, false, 'none'), '/studentdetails2'],
    ['a student without a request', student(true, true, 'none'), '/subject'],
    ['a student with a request not sent or only answered', student(true, true, 'made'), '/teacherfinder'],
    ['a student following a request (D1)', student(true, true, 'following'), '/requests'],
    ['a job seeker without details', jobSeeker(false, false), '/jobdetails1'],
    ['a job seeker without education', jobSeeker(true, false), '/jobdetails2'],
    ['a job seeker with both', jobSeeker(true, true), '/joblist'],
    ['an administrator', progressOf({ role_id: 4 }), '/admin'],
  ])('%s goes to %s', async (_, progress, expected) => {
    const { output, navigate, calls } = await route(progress);
    expect(output).toEqual({ route: expected, error: null });
    expect(navigate).toHaveBeenCalledWith(expected);
    expect(calls).toEqual(['progress']);
  });

  it('a failed read shows the post-login failure and does not navigate', async () => {
    const { output, navigate } = await route(new Error('down'));
    expect(output).toEqual({ route: null, error: AUTH_MESSAGES.postLoginFailed });
    expect(navigate).not.toHaveBeenCalled();
  });
});
