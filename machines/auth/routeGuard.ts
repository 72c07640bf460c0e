import { assign, fromPromise, setup } from 'xstate';
import { prerequisiteRoute } from '../../contract/rules/onboarding';
import type { OnboardingProgress } from '../../contract/structs/auth';
import { notProvided } from '../common/actors';

/**
 * The route guard of a signed-in person on a screen that needs a session (docs/product.md#onboarding):
 * before the screen shows, it asks the server what the person has completed (one call,
 * GET /api/v1/me/progress) and sends them to the step they need when the screen's prerequisite is
 * missing (`prerequisiteRoute`). Nothing stored in the browser decides. One machine per visited
 * path (the view starts a new one when the path changes). When the server cannot answer, the screen
 * shows and checks what it needs itself.
 */
export interface RouteGuardInput {
  path: string;
}

interface Context {
  path: string;
  /** Where the person is sent instead. */
  redirect: string | null;
}

const redirectOf = (path: string, event: unknown) =>
  prerequisiteRoute(path, (event as { output: OnboardingProgress }).output);

export const routeGuardMachine = setup({
  types: { context: {} as Context, input: {} as RouteGuardInput },
  actors: {
    fetchProgress: fromPromise<OnboardingProgress, void>(notProvided('routeGuard', 'fetchProgress')),
  },
  guards: {
    prerequisiteMissing: ({ context, event }) => redirectOf(context.path, event) !== null,
  },
  actions: {
    setRedirect: assign({ redirect: ({ context, event }) => redirectOf(context.path, event) }),
    /** Supplied by the view: go to the step the person needs (replacing this history entry). */
    navigate: (_, _params: { route: string }) => {},
  },
}).createMachine({
  id: 'routeGuard',
  context: ({ input }) => ({ path: input.path, redirect: null }),
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'fetchProgress',
        src: 'fetchProgress',
        onDone: [
          { guard: 'prerequisiteMissing', target: 'redirecting', actions: 'setRedirect' },
          { target: 'allowed' },
        ],
        onError: { target: 'unchecked' },
      },
    },
    /** The screen's prerequisites are met: it shows. */
    allowed: { type: 'final' },
    /** The server did not answer: the screen shows and checks what it needs itself. */
    unchecked: { type: 'final' },
    redirecting: {
      type: 'final',
      entry: { type: 'navigate', params: ({ context }) => ({ route: context.redirect as string }) },
    },
  },
});
