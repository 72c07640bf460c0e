import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { DecisionValue, ReviewQueueContext } from '../../../machines/admin/reviewQueue';
import { failureOf, heldRequests, outputOf, signInAdmin } from './model-view';

/**
 * What the model tests of the admin dashboard's review queues (machines/admin/reviewQueue.ts:
 * Teacher Approvals, New subjects) share: one panel, so one way to read it and to act on it. Each
 * queue's test gives its words and adds how its list is answered.
 */

type Snapshot = AnyMachineSnapshot;
// biome-ignore lint/suspicious/noExplicitAny: the kit's executors take the step as it comes
type Step = { event: any; from: Snapshot };

const queueOf = (s: Snapshot) => s.context as ReviewQueueContext;
const nameOf = (s: Snapshot, id: number) => queueOf(s).items.find((i) => i.id === id)?.name ?? '';

interface QueueDecision {
  /** Its state while it is decided ('approving'). */
  state: string;
  /** The actor that sends it. */
  actor: string;
  /** The card's button ('Approve', read as 'Approve <name>'). */
  button: string;
  /** The request it makes, held until a step answers it ('*\/api/v1/teachers/:id/approve'). */
  url: string;
}

export function reviewQueueModel(q: {
  panel: string;
  loadingLabel: string;
  loadFailed: string;
  /** What the empty panel reads. */
  empty: string;
  /** The decisions, keyed by verb, in the order the cards offer them. */
  decisions: Record<string, QueueDecision>;
  /** The decision that asks first: its field, its confirm button, how the field shows and takes a value. */
  asking: {
    verb: string;
    field: string;
    confirm: string;
    shows: (field: HTMLElement, context: ReviewQueueContext) => void;
    change: (field: HTMLElement, value: DecisionValue) => Promise<unknown>;
  };
}) {
  const user = userEvent.setup();
  const held: Record<string, ReturnType<typeof heldRequests>> = {};
  const panel = () => screen.getByRole('region', { name: q.panel });
  const inPanel = () => within(panel());
  const verbs = Object.keys(q.decisions);
  const asked = q.decisions[q.asking.verb];

  /** Notice and error as the context says. */
  function messagesShown(s: Snapshot) {
    const c = queueOf(s);
    if (c.notice) expect(inPanel().getByRole('status')).toHaveTextContent(c.notice);
    else expect(inPanel().queryByRole('status')).not.toBeInTheDocument();
    if (c.error) expect(inPanel().getByRole('alert')).toHaveTextContent(c.error);
    else expect(inPanel().queryByRole('alert')).not.toBeInTheDocument();
  }
  /** 'Show more' and how many are shown, while more wait than are shown. */
  function moreShown(s: Snapshot, state: 'enabled' | 'disabled' | 'loading') {
    const c = queueOf(s);
    const button = inPanel().queryByRole('button', { name: 'Show more' });
    if (c.items.length >= c.total) {
      expect(button).not.toBeInTheDocument();
      return;
    }
    expect(inPanel().getByText(`Showing ${c.items.length} of ${c.total}`)).toBeVisible();
    if (state === 'loading') expect(button).toHaveAttribute('data-loading');
    else expect(button).toHaveProperty('disabled', state === 'disabled');
  }
  /** One card per item, its buttons enabled or not. */
  function cardsShown(s: Snapshot, enabled: boolean) {
    const cards = inPanel().queryAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(queueOf(s).items.map((i) => i.name));
    for (const item of queueOf(s).items) {
      const card = within(inPanel().getByRole('article', { name: item.name }));
      for (const verb of verbs)
        expect(card.getByRole('button', { name: `${q.decisions[verb].button} ${item.name}` })).toHaveProperty(
          'disabled',
          !enabled,
        );
    }
  }
  /** The field under the item being decided on. */
  function fieldBox(s: Snapshot) {
    const c = queueOf(s);
    const card = within(inPanel().getByRole('article', { name: nameOf(s, c.itemId ?? 0) }));
    q.asking.shows(card.getByLabelText(q.asking.field), c);
    if (c.valueError) expect(card.getByText(c.valueError)).toBeVisible();
    return card;
  }

  const states: Record<string, (view: unknown, s: Snapshot) => void> = {
    loading: (_, s) => {
      messagesShown(s);
      if (queueOf(s).items.length) cardsShown(s, false);
      else expect(inPanel().getByLabelText(q.loadingLabel)).toBeInTheDocument();
      moreShown(s, 'disabled');
    },
    // The next page ('Show more'), after the cards shown.
    loadingMore: (_, s) => {
      messagesShown(s);
      cardsShown(s, false);
      moreShown(s, 'loading');
    },
    failure: () => {
      expect(inPanel().getByRole('alert')).toHaveTextContent(q.loadFailed);
      expect(inPanel().getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
    ready: (_, s) => {
      messagesShown(s);
      if (queueOf(s).items.length) cardsShown(s, true);
      else expect(panel()).toHaveTextContent(q.empty);
      moreShown(s, 'enabled');
    },
    [asked.state]: (_, s) => messagesShown(s),
    [`${asked.state}.editing`]: (_, s) => {
      const card = fieldBox(s);
      expect(card.getByRole('button', { name: q.asking.confirm })).toBeEnabled();
      expect(card.getByRole('button', { name: 'Cancel' })).toBeEnabled();
      // The other items wait until this decision is made.
      for (const item of queueOf(s).items.filter((i) => i.id !== queueOf(s).itemId))
        expect(
          inPanel().getByRole('button', { name: `${q.decisions[verbs[0]].button} ${item.name}` }),
        ).toBeDisabled();
    },
    [`${asked.state}.submitting`]: (_, s) => {
      const card = fieldBox(s);
      expect(card.getByRole('button', { name: q.asking.confirm })).toHaveAttribute('data-loading');
      expect(card.getByLabelText(q.asking.field)).toBeDisabled();
    },
  };
  const events: Record<string, (view: unknown, step: Step) => Promise<unknown> | unknown> = {
    'list.retry': () => user.click(inPanel().getByRole('button', { name: 'Try again' })),
    'list.more': () => user.click(inPanel().getByRole('button', { name: 'Show more' })),
    'decision.change': (_, { event }) =>
      q.asking.change(inPanel().getByLabelText(q.asking.field), event.value),
    'decision.confirm': () => user.click(inPanel().getByRole('button', { name: q.asking.confirm })),
    'decision.cancel': () => user.click(inPanel().getByRole('button', { name: 'Cancel' })),
  };
  for (const verb of verbs) {
    const d = q.decisions[verb];
    if (verb !== q.asking.verb)
      states[d.state] = (_, s) => {
        const name = nameOf(s, queueOf(s).itemId ?? 0);
        expect(inPanel().getByRole('button', { name: `${d.button} ${name}` })).toHaveAttribute(
          'data-loading',
        );
      };
    events[`item.${verb}`] = (_, { event, from }) =>
      user.click(inPanel().getByRole('button', { name: `${d.button} ${nameOf(from, event.id)}` }));
    // Each decision goes to the item the administrator picked.
    events[`xstate.done.actor.${d.actor}`] = (_, { event, from }) =>
      held[verb].respond(200, outputOf(event), (url) =>
        url.pathname.endsWith(`/${queueOf(from).itemId}/${verb}`),
      );
    events[`xstate.error.actor.${d.actor}`] = (_, { event }) => {
      const { status, body } = failureOf(event);
      return held[verb].respond(status, body);
    };
  }

  return {
    states,
    events,
    /** Signs the administrator in and holds every decision's request. */
    beforePath() {
      signInAdmin();
      for (const verb of verbs) held[verb] = heldRequests('patch', q.decisions[verb].url);
    },
  };
}
