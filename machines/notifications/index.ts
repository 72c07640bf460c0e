import type { MachineEntry } from '../registry';
import { notificationsMachine } from './notifications';

const note = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  kind: 'request_accepted',
  title: 'Request accepted',
  body: 'Anita Roy accepted your request for Physics. Their contact details are on your requests page.',
  link: '/requests',
  request_id: 21,
  read_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

/** This feature's machines, as the registry lists them. */
export const entries: MachineEntry[] = [
  {
    name: 'notifications',
    title: 'Notifications (header bell)',
    routes: ['/dashboard', '/profile', '/requests', '/teacherfinder'],
    description:
      'Polls the signed-in person’s notifications every 30 seconds (the unread count on the bell); after a ' +
      'failed poll it waits twice as long each time (up to 5 minutes) and returns to 30 seconds after a success. ' +
      'The panel lists them, newest first (Show older loads the next page); opening one marks it read and goes to its page; mark one or all read.',
    machine: notificationsMachine,
    sampleEvents: {
      'bell.toggle': {},
      'panel.close': {},
      'notification.open': { id: 1 },
      'notification.read': [{ id: 1 }, { id: 2 }],
      'notifications.readAll': {},
      'notifications.refresh': {},
      // One unread (1) and one read (2) of three (the oldest behind 'Show older'), or nothing yet.
      'xstate.done.actor.loadNotifications': [
        {
          output: {
            data: [
              note(1),
              note(2, {
                kind: 'request_declined',
                title: 'Request declined',
                body: 'Bikash Pal declined your request for Physics.',
                params: { teacher: 'Bikash Pal', subjects: ['Physics'] },
                read_at: '2026-11-20T11:00:00.000Z',
              }),
            ],
            unread_count: 1,
            total: 3,
          },
        },
        { output: { data: [], unread_count: 0, total: 0 } },
      ],
      'xstate.error.actor.loadNotifications': {
        error: {
          kind: 'no_response',
          status: null,
          body: null,
          message: 'No response from server. Please try again later.',
        },
      },
      'notifications.older': {},
      'xstate.done.actor.loadOlder': {
        output: {
          data: [
            note(0, {
              kind: 'request_new',
              title: 'Request sent',
              body: 'Your request for Physics was sent to Anita Roy.',
              read_at: '2026-11-19T11:00:00.000Z',
              created_at: '2026-11-19T10:00:00.000Z',
            }),
          ],
          unread_count: 1,
          total: 3,
        },
      },
      'xstate.error.actor.loadOlder': {
        error: { kind: 'response', status: 500, body: {}, message: 'Request failed' },
      },
      'xstate.done.actor.markRead': { output: {} },
      'xstate.error.actor.markRead': {
        error: { kind: 'response', status: 500, body: {}, message: 'Request failed' },
      },
      'xstate.done.actor.markAllRead': { output: {} },
      'xstate.error.actor.markAllRead': {
        error: { kind: 'response', status: 500, body: {}, message: 'Request failed' },
      },
    },
  },
];
