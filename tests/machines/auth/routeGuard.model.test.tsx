import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { findMachine } from '../../../machines';
import { renderRoute } from '../../client/render';
import { heldResponse, testMachine } from '../../model/kit';

/**
 * The route guard on the real app (tests/model/kit.ts): a signed-in student opens /subject; the
 * server's answer about what they completed is held until the path's step gives it. While it is
 * asked the screen is held (the loading frame, nothing of the screen shows); a missing prerequisite
 * sends them to the step they need; an answer that lets them in, or no answer, shows the screen.
 */
const entry = findMachine('routeGuard');
if (!entry) throw new Error('routeGuard is not registered');

let progress: ReturnType<typeof heldResponse>;
type View = ReturnType<typeof renderRoute>;
const output = (event: unknown) => (event as { output: unknown }).output;
const SEARCH = 'Search subjects';

testMachine<View>(entry, {
  beforePath: () => {
    localStorage.setItem('auth_token', 'header.eyJzdWIiOjQyfQ.sig');
    localStorage.setItem('user_id', '42');
    localStorage.setItem('role_id', '2');
    // Stored in the browser, and not trusted: only the server's answer decides.
    localStorage.setItem('student_id', '7');
    progress = heldResponse('get', '*/api/v1/me/progress');
  },
  render: () => renderRoute('/subject'),
  states: {
    // The screen is held while the server is asked: a screen the person may not see never flashes.
    checking: (view: View) => {
      expect(progress.requests).toBe(1);
      expect(view.current()).toBe('/subject');
      expect(screen.getByRole('status', { name: 'Loading' })).toBeVisible();
      expect(screen.queryByRole('textbox', { name: SEARCH })).toBeNull();
    },
    allowed: async (view: View) => {
      expect(view.current()).toBe('/subject');
      expect(await screen.findByRole('textbox', { name: SEARCH })).toBeVisible();
    },
    unchecked: async (view: View) => {
      expect(view.current()).toBe('/subject');
      expect(await screen.findByRole('textbox', { name: SEARCH })).toBeVisible();
    },
    redirecting: (view: View, snapshot: unknown) => {
      const { redirect } = (snapshot as { context: { redirect: string } }).context;
      expect(redirect).toBe('/studentdetails1');
      expect(view.current()).toBe(redirect);
    },
  } as never,
  events: {
    'xstate.done.actor.fetchProgress': (_, { event }) =>
      progress.respond(200, { status: 'success', data: output(event) }),
    'xstate.error.actor.fetchProgress': () =>
      progress.respond(500, { error: 'server_error', message: 'Something went wrong' }),
  },
});
