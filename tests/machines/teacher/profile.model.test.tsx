import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { expect, vi } from 'vitest';
import { TEACHER_DASHBOARD_MESSAGES as M } from '../../../contract/rules/teacher-dashboard';
import { entries } from '../../../machines/teacher';
import ProfilePage from '../../../src/features/teacher/ProfilePage';
import {
  failureOf,
  outputOf,
  type PageView,
  renderPage,
  signInTeacher,
} from '../../client/teacher/model-view';
import { heldResponse, testMachine } from '../../model/kit';
import { server } from '../../msw/server';

const entry = entries.find((e) => e.name === 'teacherProfile')!;
const user = userEvent.setup();
let load: ReturnType<typeof heldResponse>;
let document: { respond: (response: Response) => void } | null;
let waiting: Promise<void>;

testMachine(entry, {
  beforePath: () => {
    signInTeacher();
    load = heldResponse('get', '*/api/v1/teachers/:id');
    // The private document: held until the step answers it (a blob or a refusal).
    let arrived: () => void = () => {};
    waiting = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    server.use(
      http.get(
        '*/api/v1/uploads/:id',
        () =>
          new Promise<Response>((resolve) => {
            document = { respond: resolve };
            arrived();
          }),
      ),
    );
    vi.spyOn(window, 'open').mockReturnValue({
      location: { href: '' },
      close: () => {},
    } as unknown as Window);
  },
  render: () => renderPage(<ProfilePage />, '/profile'),
  states: {
    loading: () => expect(screen.getByLabelText('Loading your profile')).toBeInTheDocument(),
    failed: (_: PageView, s) => {
      expect(screen.getByRole('alert')).toHaveTextContent(s.context.error);
      expect(screen.getByRole('button', { name: 'Try Again' })).toBeEnabled();
    },
    loaded: (_: PageView, s) => {
      expect(screen.getByRole('region', { name: 'Account Details' })).toHaveTextContent('Anita Sen');
      if (s.context.documentError) expect(screen.getByRole('alert')).toHaveTextContent(M.documentOpenFailed);
      else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    'loaded.idle': () =>
      expect(screen.getByRole('button', { name: 'Open Aadhar card (masked)' })).not.toHaveAttribute(
        'data-loading',
      ),
    'loaded.opening': () =>
      expect(screen.getByRole('button', { name: 'Open Aadhar card (masked)' })).toHaveAttribute(
        'data-loading',
      ),
  },
  events: {
    'xstate.done.actor.loadTeacher': (_, { event }) =>
      load.respond(200, { status: 'success', data: outputOf(event) }),
    'xstate.error.actor.loadTeacher': (_, { event }) => {
      const { status, body } = failureOf(event);
      return load.respond(status, body);
    },
    'teacher.retry': () => user.click(screen.getByRole('button', { name: 'Try Again' })),
    'document.open': () => user.click(screen.getByRole('button', { name: 'Open Aadhar card (masked)' })),
    'xstate.done.actor.openDocument': async () => {
      await waiting;
      document?.respond(new Response('jpeg bytes', { headers: { 'Content-Type': 'image/jpeg' } }));
    },
    'xstate.error.actor.openDocument': async () => {
      await waiting;
      document?.respond(Response.json({ message: 'Forbidden' }, { status: 403 }));
    },
  },
  timeout: 15000,
});
