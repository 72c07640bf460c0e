import { assign, fromPromise, setup } from 'xstate';
import { AUTH_MESSAGES } from '../../contract/rules/auth';
import { homeRoute } from '../../contract/rules/onboarding';
import type { OnboardingProgress } from '../../contract/structs/auth';
import { notProvided, outputOf } from '../common/actors';

/**
 * Where a freshly signed-in person goes next, by onboarding completeness (docs/product.md#onboarding:
 * teachers, students, job seekers: the first step not finished, else their home). One call: what the
 * person completed (GET /api/v1/me/progress, the answer the route guard then reuses); the rules are
 * `homeRoute`. The view supplies `navigate` and the actor that reads the API.
 */

export type PostLoginOutput = { route: string; error: null } | { route: null; error: string };

interface Context {
  route: string | null;
  error: string | null;
}

export const postLoginMachine = setup({
  types: { context: {} as Context, output: {} as PostLoginOutput },
  actors: {
    fetchProgress: fromPromise<OnboardingProgress, void>(notProvided('postLogin', 'fetchProgress')),
  },
  actions: {
    routeFromProgress: assign({ route: ({ event }) => homeRoute(outputOf<OnboardingProgress>(event)) }),
    fail: assign({ error: () => AUTH_MESSAGES.postLoginFailed }),
    /** Supplied by the view: go to the decided route. */
    navigate: (_, _params: { route: string }) => {},
  },
}).createMachine({
  id: 'postLogin',
  context: { route: null, error: null },
  initial: 'loadingProgress',
  states: {
    loadingProgress: {
      invoke: {
        id: 'fetchProgress',
        src: 'fetchProgress',
        onDone: { target: 'routed', actions: 'routeFromProgress' },
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
