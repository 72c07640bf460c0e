import { assign, fromPromise, setup } from 'xstate';
import { prerequisiteRoute } from '../../contract/rules/onboarding';
import type { OnboardingProgress } from '../../contract/structs/auth';
import { notProvided, outputOf } from '../common/actors';

/**
 * The route guard of a signed-in person on a screen that needs a session (docs/product.md#onboarding):
 * the screen is held (a loading state) until the guard knows what the person has completed, then
 * either shows or sends them to the step they need when the screen's prerequisite is missing
 * (`prerequisiteRoute`). What they completed comes from the server (GET /api/v1/me/progress), asked
 * once and then reused for the session until one of their own changes forgets it (the view passes a
 * known answer as `progress`, and the guard decides without asking). Nothing else stored in the
 * browser decides. One machine per visited path. When the server cannot answer, the screen shows
 * and checks what it needs itself.
 */
export interface RouteGuardInput {
  path: string;
  /** The answer already known this session, if any. */
  progress?: OnboardingProgress | null;
}

interface Context {
  path: string;
  progress: OnboardingProgress | null;
  /** Where the person is sent instead. */
  redirect: string | null;
}

const redirectOf = (context: Context) =>
  context.progress ? prerequisiteRoute(context.path, context.progress) : null;

export const routeGuardMachine = setup({
  types: { context: {} as Context, input: {} as RouteGuardInput },
  actors: {
    fetchProgress: fromPromise<OnboardingProgress, void>(notProvided('routeGuard', 'fetchProgress')),
  },
  guards: {
    progressUnknown: ({ context }) => context.progress === null,
    prerequisiteMissing: ({ context }) => redirectOf(context) !== null,
  },
  actions: {
    rememberProgress: assign({ progress: ({ event }) => outputOf<OnboardingProgress>(event) }),
    setRedirect: assign({ redirect: ({ context }) => redirectOf(context) }),
    /** Supplied by the view: go to the step the person needs (replacing this history entry). */
    navigate: (_, _params: { route: string }) => {},
  },
}).createMachine({
  id: 'routeGuard',
  context: ({ input }) => ({ path: input.path, progress: input.progress ?? null, redirect: null }),
  initial: 'deciding',
  states: {
    /** The screen is held while the guard decides. */
    deciding: {
      always: [
        { guard: 'progressUnknown', target: 'checking' },
        { guard: 'prerequisiteMissing', target: 'redirecting', actions: 'setRedirect' },
        { target: 'allowed' },
      ],
    },
    /** Held (a loading state) while the server is asked. */
    checking: {
      invoke: {
        id: 'fetchProgress',
        src: 'fetchProgress',
        onDone: { target: 'deciding', actions: 'rememberProgress' },
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
