import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect } from 'vitest';
import { AUTH_MESSAGES } from '../../../contract/rules/auth';
import { findMachine } from '../../../machines';
import type { MachinePath } from '../../../src/features/machines/analysis';
import { renderRoute } from '../../client/render';
import { chainedPaths, heldResponse, testMachine } from '../../model/kit';
import { server } from '../../msw/server';

/**
 * Routing after login, walked on the real login screen (tests/model/kit.ts): a stored session is
 * resumed (Continue), and postLogin's one read (GET /api/v1/me/progress) is held until the path's
 * step answers it. The screen shows Processing... while it is pending, then the route the rules
 * decide (the screen there shows at once: its guard reuses the answer, no second call), or 'Login
 * successful but failed to get user information. Please try again.'.
 */
const entry = findMachine('postLogin');
if (!entry) throw new Error('postLogin is not registered');

const EMAIL = 'asha@example.com';
let progress: ReturnType<typeof heldResponse>;
const person = userEvent.setup();
const output = (event: unknown) => (event as { output: unknown }).output;

// The walk reaches `routed` once; every kind of progress gets its own path too.
const samples = entry.sampleEvents?.['xstate.done.actor.fetchProgress'] as Record<string, unknown>[];
const paths: MachinePath[] = [
  ...chainedPaths(entry),
  ...samples.map((sample) => ({
    target: `the next step for ${JSON.stringify(sample.output)}`,
    steps: [{ event: { type: 'xstate.done.actor.fetchProgress', ...sample }, value: 'routed' }],
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
    progress = heldResponse('get', '*/api/v1/me/progress');
  },
  render: async () => {
    const view = renderRoute('/');
    await person.click(await screen.findByRole('button', { name: 'Continue' }));
    return view;
  },
  states: {
    loadingProgress: () => {
      expect(progress.requests).toBe(1);
      expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    },
    routed: (view, snapshot) => {
      expect((view as ReturnType<typeof renderRoute>).current()).toBe(snapshot.context.route);
      expect(progress.requests).toBe(1);
    },
    failure: (view) => {
      expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.postLoginFailed);
      expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
      expect((view as ReturnType<typeof renderRoute>).current()).toBe('/');
    },
  },
  events: {
    'xstate.done.actor.fetchProgress': (_, { event }) =>
      progress.respond(200, { status: 'success', data: output(event) }),
    'xstate.error.actor.fetchProgress': () =>
      progress.respond(500, { error: 'server_error', message: 'Something went wrong' }),
  },
});
