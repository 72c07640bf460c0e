import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { NOTIFICATION_BACKOFF_MAX_MS, NOTIFICATION_POLL_MS } from '../../../contract/rules/notifications';
import {
  type NotificationPage,
  nextPageOf,
  notificationsMachine,
  pollDelay,
  withNewest,
  withOlder,
} from '../../../machines/notifications/notifications';

describe('the bell backs off when polling fails', () => {
  it('waits the interval, doubles it per failure in a row, and stops at the maximum', () => {
    expect(pollDelay(0)).toBe(NOTIFICATION_POLL_MS);
    expect(pollDelay(1)).toBe(2 * NOTIFICATION_POLL_MS);
    expect(pollDelay(2)).toBe(4 * NOTIFICATION_POLL_MS);
    expect(pollDelay(10)).toBe(NOTIFICATION_BACKOFF_MAX_MS);
  });

  it('counts failures in a row and starts again after a success', async () => {
    const answers: Array<Error | NotificationPage> = [
      new Error('down'),
      new Error('down'),
      { data: [], unread_count: 2, total: 2 },
    ];
    const actor = createActor(
      notificationsMachine.provide({
        actors: {
          loadNotifications: fromPromise<NotificationPage, void>(async () => {
            const next = answers.shift()!;
            if (next instanceof Error) throw next;
            return next;
          }),
        },
        delays: { poll: 0 },
      }),
    ).start();
    const failures: number[] = [];
    await new Promise<void>((resolve) =>
      actor.subscribe((s) => {
        if (s.matches({ poll: 'backingOff' })) failures.push(s.context.failures);
        if (s.matches({ poll: 'waiting' })) resolve();
      }),
    );
    expect(failures).toEqual([1, 2]);
    expect(actor.getSnapshot().context).toMatchObject({ failures: 0, unread: 2, message: null });
    actor.stop();
  });
});

describe("'Show older' keeps the list whole", () => {
  const n = (id: number) => ({
    id,
    kind: 'request_new',
    title: `N${id}`,
    body: '',
    link: null,
    request_id: null,
    read_at: null,
    created_at: '2026-11-20T10:00:00.000Z',
  });
  it('a poll puts the newest page in front and keeps the older pages already loaded', () => {
    const listed = [n(5), n(4), n(3), n(2)];
    expect(withNewest(listed, [n(6), n(5)]).map((x) => x.id)).toEqual([6, 5, 4, 3, 2]);
    expect(withNewest([], [n(2), n(1)]).map((x) => x.id)).toEqual([2, 1]);
  });
  it('an older page goes behind, without repeats, and asks for the page after what is listed', () => {
    expect(withOlder([n(6), n(5)], [n(5), n(4)]).map((x) => x.id)).toEqual([6, 5, 4]);
    expect(nextPageOf([])).toBe(1);
    expect(nextPageOf(Array.from({ length: 20 }, (_, i) => n(i)))).toBe(2);
  });
});
