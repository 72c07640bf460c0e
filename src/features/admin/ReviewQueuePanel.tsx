import './messages';
import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type {
  DecisionValue,
  QueueChoice,
  QueueItem,
  ReviewQueueList,
  ReviewQueueMachine,
  ReviewVerb,
} from '../../../machines/admin/reviewQueue';
import { ErrorBanner } from '../../components/ErrorBanner';
import { formatDigits, useMessage, useTranslation } from '../../i18n';
import { useRefocusWhen, useShowMoreFocus } from '../../lib/keep-focus';
import { useFlow } from '../../lib/useFlow';

/** How each decision's button looks and reads (the queue's cards and the teacher's file). */
export const DECISION_BUTTONS: Record<
  ReviewVerb,
  { label: string; named: string; color?: string; variant?: string }
> = {
  approve: { label: 'admin:newSubjects.approve', named: 'admin:newSubjects.approveNamed', color: 'green' },
  merge: { label: 'admin:newSubjects.merge', named: 'admin:newSubjects.mergeNamed', variant: 'light' },
  reject: {
    label: 'admin:newSubjects.reject',
    named: 'admin:newSubjects.rejectNamed',
    color: 'red',
    variant: 'light',
  },
};

/** A panel with nothing to show: what that means, in two lines. */
export function EmptyPanel({ title, text }: { title: string; text: string }) {
  return (
    <Stack gap={2} py="sm" align="center">
      <Text fw={500}>{title}</Text>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Stack>
  );
}

/** What the asking decision's field is given. */
export interface DecisionField {
  value: DecisionValue;
  /** Why it cannot be sent yet (a rule's message, shown translated). */
  error: string | null;
  choices: QueueChoice[];
  busy: boolean;
  change: (value: DecisionValue) => void;
}

/**
 * One review queue of the admin dashboard (machines/admin/reviewQueue.ts): its title, the list with
 * each item's decisions, the asking decision's field under the item being decided on, the
 * confirmation and the failures. Teacher Approvals and New subjects are this panel.
 */
export function ReviewQueuePanel<Item extends QueueItem>({
  flow,
  first,
  title,
  loadingLabel,
  empty,
  decisions,
  details,
  field,
  confirm,
  onDecided,
}: {
  /** The queue's machine with its calls provided. */
  flow: () => ReviewQueueMachine;
  /** The list when it is already back (asked for by the page's HTML): on screen in the first render. */
  first?: () => ReviewQueueList | undefined;
  title: string;
  loadingLabel: string;
  empty: { title: string; text: string };
  /** The decisions each item offers, in order. */
  decisions: ReviewVerb[];
  /** What a card shows under the item's name. */
  details: (item: Item) => ReactNode;
  /** The asking decision's field. */
  field: (props: DecisionField) => ReactNode;
  /** The asking decision's confirm button. */
  confirm: { label: string; color?: string };
  /**
   * The machine's `decided` action: each decision saved, or made by someone else first (what else
   * the page shows may have changed).
   */
  onDecided?: () => void;
}) {
  const latestOnDecided = useRef(onDecided);
  useEffect(() => {
    latestOnDecided.current = onDecided;
  });
  const [machine] = useState(() =>
    flow().provide({ actions: { decided: () => latestOnDecided.current?.() } }),
  );
  const [given] = useState(() => first?.() ?? null);
  const [snapshot, send] = useFlow(machine, { first: given });
  const { t } = useTranslation();
  const m = useMessage();
  const { context } = snapshot;
  const items = context.items as Item[];
  const loading = snapshot.matches('loading');
  const failed = snapshot.matches('failure');
  const asking = snapshot.hasTag('asking');
  const busy = snapshot.hasTag('sending');
  // While one item is decided on (or the list loads), the others wait.
  const deciding = !snapshot.matches('ready') && !failed;
  // A paged queue (Teacher Approvals) shows its first few; the next page comes from the server.
  const more = items.length < context.total;
  const loadingMore = snapshot.matches('loadingMore');
  // Keyboard focus follows the decision: into the asking decision's field when it opens; once the
  // queue has settled after a decision (or a cancelled field), to the same decision's button if the
  // item is still listed, else to the first decision of the item now in its place (not its
  // documents: the next thing to do is to decide), else to the queue's title, never the page's
  // start. The ring shows there after a mouse click too, unless it is back on the button pressed.
  const section = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const decided = useRef<{ id: number; index: number; verb: ReviewVerb } | null>(null);
  const again = useRef<HTMLElement | null>(null);
  const within = (selector: string) => section.current?.querySelector<HTMLElement>(selector);
  useRefocusWhen(asking, () => within('[data-asking] :is(input, textarea, select)'));
  // Sending it failed (what was typed is kept, the failure said): back on the confirm button pressed,
  // which was disabled while it was sent and so lost focus.
  const confirmButton = useRef<HTMLButtonElement>(null);
  useRefocusWhen(asking && !busy, confirmButton);
  useRefocusWhen(
    context.itemId === null && (snapshot.matches('ready') || failed),
    () => {
      const before = decided.current;
      decided.current = null;
      again.current = null;
      if (!before) return null;
      const still = items.some((i) => i.id === before.id);
      const next = still ? before.id : (items[before.index] ?? items.at(-1))?.id;
      const verb = still ? before.verb : decisions[0];
      const to =
        next === undefined ? null : within(`[data-item="${next}"] [data-decision="${verb}"]:not(:disabled)`);
      if (still) again.current = to ?? null;
      return to ?? heading.current;
    },
    { visible: (to) => to !== again.current },
  );
  // Show more: to the first item it added, or back to the button when none came.
  const showMore = useShowMoreFocus(loadingMore, (shown) => {
    const first = items[shown];
    return first && within(`[data-item="${first.id}"]`);
  });
  return (
    <Stack ref={section} gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h4" ref={heading} tabIndex={-1} className="mantine-focus-auto">
        {title}
      </Title>
      {context.notice ? (
        <Text role="status" size="sm" c="green.9">
          {m(context.notice)}
        </Text>
      ) : null}
      {context.error ? <ErrorBanner message={m(context.error)} /> : null}
      {loading && !items.length ? <Loader size="sm" aria-label={loadingLabel} /> : null}
      {failed ? (
        <Group>
          <Button size="xs" variant="light" onClick={() => send({ type: 'list.retry' })}>
            {t('admin:newSubjects.tryAgain')}
          </Button>
        </Group>
      ) : null}
      {!loading && !failed && !items.length ? <EmptyPanel title={empty.title} text={empty.text} /> : null}
      {items.map((item) => (
        <Paper
          key={item.id}
          withBorder
          p="sm"
          radius="sm"
          component="article"
          aria-label={item.name}
          data-item={item.id}
          // Focus comes here after Show more: the ring every control has.
          tabIndex={-1}
          className="mantine-focus-auto"
        >
          <Stack gap={6}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {item.name}
            </Text>
            {details(item)}
            {asking && context.itemId === item.id ? (
              <Stack gap="xs" data-asking>
                {field({
                  value: context.value,
                  error: context.valueError ? m(context.valueError) : null,
                  choices: context.choices,
                  busy,
                  change: (value) => send({ type: 'decision.change', value }),
                })}
                <Group gap="xs">
                  <Button
                    ref={confirmButton}
                    size="xs"
                    color={confirm.color}
                    onClick={() => send({ type: 'decision.confirm' })}
                    loading={busy}
                  >
                    {confirm.label}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => send({ type: 'decision.cancel' })}
                    disabled={busy}
                  >
                    {t('admin:newSubjects.cancel')}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Group gap="xs">
                {decisions.map((verb) => (
                  <Button
                    key={verb}
                    size="xs"
                    color={DECISION_BUTTONS[verb].color}
                    variant={DECISION_BUTTONS[verb].variant}
                    data-decision={verb}
                    onClick={() => {
                      decided.current = { id: item.id, index: items.indexOf(item), verb };
                      send({ type: `item.${verb}`, id: item.id });
                    }}
                    disabled={deciding}
                    loading={busy && snapshot.hasTag(verb) && context.itemId === item.id}
                    aria-label={t(DECISION_BUTTONS[verb].named, { name: item.name })}
                  >
                    {t(DECISION_BUTTONS[verb].label)}
                  </Button>
                ))}
              </Group>
            )}
          </Stack>
        </Paper>
      ))}
      {more ? (
        <Group gap="sm" justify="space-between">
          <Text size="sm" c="dimmed">
            {t('admin:dashboard.queueShown', {
              shown: formatDigits(items.length),
              total: formatDigits(context.total),
            })}
          </Text>
          <Button
            ref={showMore.button}
            size="xs"
            variant="default"
            onClick={() => {
              decided.current = null;
              showMore.pressed(items.length);
              send({ type: 'list.more' });
            }}
            loading={loadingMore}
            disabled={deciding && !loadingMore}
          >
            {t('admin:dashboard.showMore')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
