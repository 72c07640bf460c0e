import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_POLL_MS } from '../../../contract/rules/notifications';
import { NotificationBell } from '../../../src/components/NotificationBell';
import { server } from '../../msw/server';
import { renderPage } from '../teacher/model-view';

const PAGE = {
  status: 'success',
  data: [
    {
      id: 1,
      kind: 'request_created',
      title: 'New request',
      body: 'Riya Sen asked you to teach Physics.',
      params: null,
      link: '/dashboard',
      request_id: 21,
      read_at: null,
      created_at: '2026-11-20T10:00:00.000Z',
    },
  ],
  unread_count: 1,
  total: 1,
  pagination: { next: null, prev: null },
};

/** A read notification numbered `id` (a higher number is newer). */
const note = (id: number) => ({
  ...PAGE.data[0],
  id,
  title: `Notice ${id}`,
  body: `Body of notice ${id}.`,
  read_at: '2026-11-20T11:00:00.000Z',
});

beforeEach(() => {
  localStorage.setItem('auth_token', 'teacher-token');
  server.use(http.get('*/api/v1/notifications', () => HttpResponse.json(PAGE)));
});

describe('the bell from the keyboard', () => {
  it('Escape closes the panel opened from the bell, with focus still on the bell', async () => {
    const u = userEvent.setup();
    renderPage(<NotificationBell />, '/dashboard');
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    bell.focus();
    await u.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Notifications' });
    expect(bell).toHaveFocus();
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell).toHaveFocus();
  });

  it('Escape inside the panel, or Close, closes it and puts focus back on the bell', async () => {
    const u = userEvent.setup();
    renderPage(<NotificationBell />, '/dashboard');
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await u.click(bell);
    let panel = await screen.findByRole('dialog', { name: 'Notifications' });
    within(panel).getByRole('button', { name: 'Mark all as read' }).focus();
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bell).toHaveFocus();

    await u.click(bell);
    panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await u.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bell).toHaveFocus();
  });
});

describe('marking as read from the keyboard keeps focus in the panel', () => {
  const SECOND = {
    ...PAGE.data[0],
    id: 2,
    title: 'Request accepted',
    kind: 'request_accepted',
    body: 'Anita Sen accepted your request.',
  };

  it("'Mark as read' goes once read: focus moves to that notification; 'Mark all as read' goes: to Close", async () => {
    server.use(
      http.get('*/api/v1/notifications', () =>
        HttpResponse.json({ ...PAGE, data: [PAGE.data[0], SECOND], unread_count: 2, total: 2 }),
      ),
      http.patch('*/api/v1/notifications/:id/read', ({ params }) =>
        HttpResponse.json({
          status: 'success',
          data: { ...PAGE.data[0], id: Number(params.id), read_at: '2026-11-20T11:00:00.000Z' },
        }),
      ),
    );
    const u = userEvent.setup();
    renderPage(<NotificationBell />, '/dashboard');
    await u.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const first = within(panel).getByRole('listitem', { name: 'New request' });
    within(first)
      .getByRole('button', { name: /^Mark as read/ })
      .focus();
    await u.keyboard('{Enter}');
    await waitFor(() => expect(within(first).queryByRole('button', { name: /^Mark as read/ })).toBeNull());
    expect(within(first).getByRole('button', { name: /Riya Sen asked you/ })).toHaveFocus();

    within(panel).getByRole('button', { name: 'Mark all as read' }).focus();
    await u.keyboard('{Enter}');
    await waitFor(() => expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).toBeNull());
    expect(within(panel).getByRole('button', { name: 'Close' })).toHaveFocus();
    // Still in the panel: Escape closes it and focus goes back to the bell.
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveFocus();
  });
});

describe('focus stays with the bell when its panel changes', () => {
  it('a notification that leads to the page the person is on closes the panel with focus on the bell', async () => {
    server.use(
      http.patch('*/api/v1/notifications/:id/read', () =>
        HttpResponse.json({
          status: 'success',
          data: { ...PAGE.data[0], read_at: '2026-11-20T11:00:00.000Z' },
        }),
      ),
    );
    const u = userEvent.setup();
    renderPage(<NotificationBell />, '/dashboard');
    await u.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await u.click(within(panel).getByRole('button', { name: /Riya Sen asked you/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: /^Notifications/ })).toHaveFocus();
  });

  it("'Show older' moves focus to the first notification it added; a failed load leaves it on the button and says so", async () => {
    // 22 in all: a full first page, then 'Show older' twice (the second time the network is down).
    let offline = false;
    server.use(
      http.get('*/api/v1/notifications', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
        if (page > 1 && offline) return HttpResponse.error();
        const ids = page === 1 ? Array.from({ length: 20 }, (_, i) => i + 1) : [20 + page - 1];
        return HttpResponse.json({ ...PAGE, data: ids.map(note), unread_count: 0, total: 22 });
      }),
    );
    const u = userEvent.setup();
    renderPage(<NotificationBell />, '/dashboard');
    await u.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = within(await screen.findByRole('dialog', { name: 'Notifications' }));
    await panel.findByRole('listitem', { name: 'Notice 20' });
    await u.click(panel.getByRole('button', { name: 'Show older' }));
    const added = await panel.findByRole('listitem', { name: 'Notice 21' });
    await waitFor(() =>
      expect(within(added).getByRole('button', { name: /Body of notice 21/ })).toHaveFocus(),
    );

    offline = true;
    const older = panel.getByRole('button', { name: 'Show older' });
    await u.click(older);
    expect(await panel.findByRole('alert')).toBeInTheDocument();
    await waitFor(() => expect(older).toBeEnabled());
    expect(older).toHaveFocus();
    expect(panel.getAllByRole('listitem')).toHaveLength(21);
  });

  it("'Show older' focuses the first older notification even when a poll put a newer one in front meanwhile", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const newestFirst = (from: number, to: number) =>
        Array.from({ length: from - to + 1 }, (_, i) => from - i).map(note);
      // 22 at first, newest first: 42 to 23 on the first page, 22 and 21 older. While the older ones
      // load, a poll brings 43: the first page is then 43 to 24, the second 23 to 21.
      let polled = false;
      let releaseOlder!: () => void;
      const olderHeld = new Promise<void>((resolve) => (releaseOlder = resolve));
      server.use(
        http.get('*/api/v1/notifications', async ({ request }) => {
          const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
          if (page > 1) await olderHeld;
          const data =
            page > 1 ? newestFirst(polled ? 23 : 22, 21) : polled ? newestFirst(43, 24) : newestFirst(42, 23);
          return HttpResponse.json({ ...PAGE, data, unread_count: 0, total: polled ? 23 : 22 });
        }),
      );
      const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderPage(<NotificationBell />, '/dashboard');
      await u.click(await screen.findByRole('button', { name: 'Notifications' }));
      const panel = within(await screen.findByRole('dialog', { name: 'Notifications' }));
      await panel.findByRole('listitem', { name: 'Notice 23' });
      await u.click(panel.getByRole('button', { name: 'Show older' }));
      polled = true;
      await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS);
      await panel.findByRole('listitem', { name: 'Notice 43' });
      releaseOlder();
      // Notice 23 was shown already (last, when Show older was pressed): focus goes to 22 after it.
      const added = await panel.findByRole('listitem', { name: 'Notice 22' });
      await waitFor(() =>
        expect(within(added).getByRole('button', { name: /Body of notice 22/ })).toHaveFocus(),
      );
      expect(panel.getAllByRole('listitem')).toHaveLength(23);
    } finally {
      vi.useRealTimers();
    }
  });
});
