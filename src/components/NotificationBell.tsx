import './notification-messages';
import { ActionIcon, Badge, Box, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { NOTIFICATION_MESSAGES as M } from '../../contract/rules/notifications';
import { type NotificationPage, notificationsMachine } from '../../machines/notifications/notifications';
import { fetchNotifications, markAllNotificationsRead, markNotificationRead } from '../api/notifications';
import { formatNumber, formatWhen, useMessage, useTranslation } from '../i18n';
import { useRefocusWhen, useShowMoreFocus } from '../lib/keep-focus';
import { useFlow } from '../lib/useFlow';
import { ErrorBanner } from './ErrorBanner';
import { notificationText } from './notification-text';

const when = (iso: string) => formatWhen(iso);

function BellIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/**
 * Keeps the open panel inside the window: it hangs from the bell's right edge, and on a phone the
 * bell sits mid-header (after the language switcher), so a panel that wide would start off the
 * left edge of the screen. It is moved sideways until it has a small margin on both sides.
 */
function useInsideWindow(open: boolean) {
  const panel = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = panel.current;
    if (!open || !el) return;
    const place = () => {
      el.style.transform = '';
      const box = el.getBoundingClientRect();
      const margin = 8;
      const width = document.documentElement.clientWidth;
      const shift =
        box.left < margin ? margin - box.left : box.right > width - margin ? width - margin - box.right : 0;
      el.style.transform = shift ? `translateX(${Math.round(shift)}px)` : '';
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [open]);
  return panel;
}

/**
 * The header's bell: unread count, and the list of notifications in a panel below it. Its machine,
 * and with it the first poll, starts in a render of its own right after the page's first one (a
 * deferred value), so on a slow phone it takes nothing from the screen the person came for. Until
 * then the same button shows, without a count (the count comes with the first poll either way); a
 * press on it starts the bell with its panel open.
 */
export function NotificationBell() {
  const started = useDeferredValue(true, false);
  const [pressed, setPressed] = useState(false);
  const m = useMessage();
  if (started || pressed) return <LiveBell startOpen={pressed} />;
  return (
    <Box pos="relative">
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={m(M.heading)}
        aria-expanded={false}
        aria-haspopup="dialog"
        onClick={() => setPressed(true)}
      >
        <BellIcon />
      </ActionIcon>
    </Box>
  );
}

type NotificationItemData = NotificationPage['data'][number];

/**
 * One notification: the notification itself (opens its link) and, while unread, 'Mark as read', which
 * goes once it is read: focus then moves to the notification it was for, still in the panel.
 */
function NotificationItem({
  notification: n,
  marking,
  onOpen,
  onRead,
}: {
  notification: NotificationItemData;
  marking: boolean;
  onOpen: () => void;
  onRead: () => void;
}) {
  const { t } = useTranslation();
  const m = useMessage();
  const text = notificationText(t, n);
  const item = useRef<HTMLButtonElement>(null);
  // Only for its own 'Mark as read' ('Mark all as read' leaves focus with Close).
  const asked = useRef(false);
  // 'Mark as read' goes once read: focus goes to the notification itself, ring showing (the person
  // clicked the button that went, not there).
  useRefocusWhen(
    n.read_at,
    () => {
      const mine = asked.current;
      asked.current = false;
      return mine ? item.current : null;
    },
    { visible: true },
  );
  return (
    <Box
      component="li"
      aria-label={text.title}
      bg={n.read_at ? undefined : 'blue.0'}
      p={6}
      data-notification={n.id}
    >
      <UnstyledButton ref={item} onClick={onOpen} w="100%">
        <Text size="sm" fw={n.read_at ? 400 : 700}>
          {text.title}
        </Text>
        <Text size="sm">{text.body}</Text>
        <Text size="xs" c="dimmed">
          {when(n.created_at)}
        </Text>
      </UnstyledButton>
      {n.read_at ? null : (
        <Button
          size="compact-xs"
          variant="subtle"
          aria-label={t('common:bell.markReadLabel', { title: text.title })}
          loading={marking}
          onClick={() => {
            asked.current = true;
            onRead();
          }}
        >
          {m(M.markRead)}
        </Button>
      )}
    </Box>
  );
}

function LiveBell({ startOpen }: { startOpen: boolean }) {
  const [, navigate] = useLocation();
  const { t } = useTranslation();
  const m = useMessage();
  const machine = useMemo(
    () =>
      notificationsMachine.provide({
        actors: {
          loadNotifications: fromPromise<NotificationPage, void>(() => fetchNotifications()),
          markRead: fromPromise<unknown, { id: number }>(({ input }) => markNotificationRead(input.id)),
          markAllRead: fromPromise<unknown, void>(() => markAllNotificationsRead()),
          loadOlder: fromPromise<NotificationPage, { page: number }>(({ input }) =>
            fetchNotifications(input.page),
          ),
        },
        actions: {
          openLink: (_, { link }) => {
            if (link) navigate(link);
          },
        },
      }),
    [navigate],
  );
  const [state, send] = useFlow(machine, undefined);
  // Pressed before the bell had started: open its panel now (once, also when effects run twice).
  const opened = useRef(false);
  useEffect(() => {
    if (!startOpen || opened.current) return;
    opened.current = true;
    send({ type: 'bell.toggle' });
  }, [startOpen, send]);
  const { items, unread, message, total } = state.context;
  const open = state.matches({ panel: 'open' });
  const panel = useInsideWindow(open);
  const bell = useRef<HTMLButtonElement>(null);
  // The panel closed with focus in it (Escape in the panel, Close, a notification opened that leads
  // to this very page): focus goes back to the bell, not to the page's start with the panel gone.
  useRefocusWhen(!open, bell);
  const close = () => send({ type: 'panel.close' });
  // 'Show older': focus to the first notification it added, or back on the button when none came.
  // Found after the last one shown, not by position: a poll may put newer ones in front meanwhile.
  const older = useShowMoreFocus(state.matches({ older: 'loading' }), (lastShown: number | undefined) => {
    const first = items[items.findIndex((n) => n.id === lastShown) + 1];
    return first && panel.current?.querySelector<HTMLElement>(`[data-notification="${first.id}"] button`);
  });
  // 'Mark all as read' goes once nothing is unread: focus goes to Close beside it, still in the panel
  // (where Escape closes it), not to the page's start.
  const closeButton = useRef<HTMLButtonElement>(null);
  useRefocusWhen(open && !unread, closeButton);

  return (
    <Box
      pos="relative"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) close();
      }}
    >
      <ActionIcon
        ref={bell}
        variant="subtle"
        size="lg"
        aria-label={
          unread
            ? t('notifications:bell.unread', { count: unread, formatted: formatNumber(unread) })
            : m(M.heading)
        }
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => send({ type: 'bell.toggle' })}
      >
        <BellIcon />
      </ActionIcon>
      {unread ? (
        <Badge
          size="xs"
          color="red"
          circle
          pos="absolute"
          top={-2}
          right={-4}
          style={{ pointerEvents: 'none' }}
          aria-hidden="true"
          data-testid="unread-count"
        >
          {formatNumber(unread)}
        </Badge>
      ) : null}
      {open ? (
        <Paper
          ref={panel}
          role="dialog"
          aria-label={m(M.heading)}
          shadow="md"
          withBorder
          p="sm"
          pos="absolute"
          right={0}
          top={40}
          w="min(92vw, 360px)"
          style={{ zIndex: 300 }}
        >
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700}>{m(M.heading)}</Text>
              <Group gap={4} wrap="nowrap">
                {unread ? (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    loading={state.matches({ marking: 'markingAll' })}
                    onClick={() => send({ type: 'notifications.readAll' })}
                  >
                    {m(M.markAllRead)}
                  </Button>
                ) : null}
                <Button ref={closeButton} size="compact-xs" variant="default" onClick={close}>
                  {t('common:actions.close')}
                </Button>
              </Group>
            </Group>
            {message ? (
              <ErrorBanner message={m(message)} onRetry={() => send({ type: 'notifications.refresh' })} />
            ) : null}
            {items.length === 0 ? (
              <Text size="sm" c="dimmed">
                {m(M.empty)}
              </Text>
            ) : (
              <Stack
                component="ul"
                gap={4}
                p={0}
                m={0}
                style={{ listStyle: 'none', maxHeight: '60vh', overflowY: 'auto' }}
              >
                {items.map((n) => (
                  <NotificationItem
                    key={n.id}
                    notification={n}
                    marking={state.context.markingId === n.id}
                    onOpen={() => send({ type: 'notification.open', id: n.id })}
                    onRead={() => send({ type: 'notification.read', id: n.id })}
                  />
                ))}
              </Stack>
            )}
            {items.length < total ? (
              <Button
                ref={older.button}
                size="compact-sm"
                variant="subtle"
                loading={state.matches({ older: 'loading' })}
                onClick={() => {
                  older.pressed(items.at(-1)?.id);
                  send({ type: 'notifications.older' });
                }}
              >
                {m(M.loadMore)}
              </Button>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
    </Box>
  );
}
