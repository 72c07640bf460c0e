import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { AUTH_MESSAGES } from '../../../contract/rules/auth';
import {
  type PostLoginInput,
  postLoginMachine,
  type TeacherProgress,
} from '../../../machines/auth/postLogin';
import { type PostLoginStubs, stubbedPostLogin } from './support';

// Every shortest path of postLogin, from each kind of sign-in: the actors' answers are the events.
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error(`${id} failed`) });
const full: TeacherProgress = {
  teacher_educational_qualification: { id: 1 },
  teacher_preference: { id: 1 },
  teacher_schedules: [{ id: 1 }],
};

const events = [
  done('fetchUser', { roleId: 1, profileId: 5 }),
  done('fetchUser', { roleId: 2, profileId: 8 }),
  done('fetchUser', { roleId: 1, profileId: null }),
  done('fetchUser', { roleId: 2, profileId: null }),
  done('fetchUser', { roleId: 3, profileId: 3 }),
  done('fetchUser', { roleId: 3, profileId: null }),
  error('fetchUser'),
  done('fetchTeacher', null),
  done('fetchTeacher', { ...full, teacher_educational_qualification: null }),
  done('fetchTeacher', { ...full, teacher_preference: null }),
  done('fetchTeacher', { ...full, teacher_schedules: [] }),
  done('fetchTeacher', full),
  error('fetchTeacher'),
  done('fetchStudentHasEducation', false),
  done('fetchStudentHasEducation', true),
  error('fetchStudentHasEducation'),
  done('fetchStudentHasRequest', false),
  done('fetchStudentHasRequest', true),
  error('fetchStudentHasRequest'),
];

const inputs: Record<string, PostLoginInput> = {
  'teacher with a profile': { userId: 1, roleId: 1, profileId: 5 },
  'teacher without a profile': { userId: 1, roleId: 1, profileId: null },
  'student with a profile': { userId: 2, roleId: 2, profileId: 8 },
  'student without a profile': { userId: 2, roleId: 2, profileId: null },
  'resumed session (profile unknown)': { userId: 3, roleId: null },
  'no user id': { userId: null, roleId: null },
};

/** The stubs that make the real actors answer as the path's events say. */
function stubsFor(path: { steps: Array<{ event: { type: string; output?: unknown } }> }): PostLoginStubs {
  const stubs: PostLoginStubs = {};
  const keys = {
    fetchUser: 'user',
    fetchTeacher: 'teacher',
    fetchStudentHasEducation: 'hasEducation',
    fetchStudentHasRequest: 'hasRequest',
  } as const;
  for (const { event } of path.steps) {
    const match = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
    if (!match) continue;
    const key = keys[match[2] as keyof typeof keys];
    (stubs as Record<string, unknown>)[key] = match[1] === 'done' ? event.output : new Error('failed');
  }
  return stubs;
}

describe.each(Object.entries(inputs))('postLogin paths: %s', (_, input) => {
  const paths = getShortestPaths(postLoginMachine, {
    input,
    events,
    // An actor answer the current state does not wait for would error the machine: only send handled ones.
    filterEvents: (s, e) => s.can(e),
    serializeState: (s) => JSON.stringify([s.value, s.status, s.context.route, s.context.error]),
  });

  it('never errors, and every path can reach a decision', () => {
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(path.state.status).not.toBe('error');
    expect(paths.some((p) => p.state.status === 'done')).toBe(true);
  });

  it.each(
    paths
      .filter((p) => p.state.status === 'done')
      .map((p) => [p.steps.map((s) => s.event.type).join(' → ') || '(no call)', p]),
  )('%s', async (_, path) => {
    const { machine, navigate } = stubbedPostLogin(stubsFor(path));
    const output = await toPromise(createActor(machine, { input }).start());
    const expected = path.state.output!;
    // What the person experiences: either they are sent to the decided route, or they see the failure.
    expect(output).toEqual(expected);
    if (expected.route) expect(navigate).toHaveBeenCalledExactlyOnceWith(expected.route);
    else {
      expect(navigate).not.toHaveBeenCalled();
      expect(expected.error).toBe(AUTH_MESSAGES.postLoginFailed);
    }
  });
});
