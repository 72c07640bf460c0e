import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../common/actors';
import { FAILURE_ORDER, failureText, isApiFailure } from '../common/failure';

/**
 * A review queue on the admin dashboard: things that wait for an administrator's decision (teachers
 * whose documents wait for review, subjects students suggested). The list loads; each item offers
 * its decisions (approve, reject, merge); one of them may ask for something first (a reason, the
 * subject to merge into) before it is sent; after each decision the list is loaded again and the
 * decision is confirmed; the named action `decided` runs then (the page provides what else follows a
 * decision, such as its figures). A refusal that means the item no longer waits (`noLongerWaiting`:
 * someone else decided first) is shown and the list is loaded again, so the item leaves it; any other
 * refusal keeps what was typed.
 * A paged queue shows its first few items and loads the next page from the
 * server on 'Show more' (`list.more`); a reload keeps as many as were shown. The list starts from its
 * answer when the page already has it (input `first`: the page's HTML asked for it), on screen at
 * once; otherwise it loads it. `adminApprovals` and `adminSubjects` are made here; calls come from
 * `.provide()`, under the actor names each queue gives.
 */

/**
 * The item no longer waits for this decision: another administrator decided on it first (409) or it
 * is gone (404). Every queue's `noLongerWaiting`, and the teacher's file's.
 */
export const noLongerWaiting = (error: unknown) =>
  isApiFailure(error) && (error.status === 409 || error.status === 404);

/**
 * What a refused decision says, in every queue and the teacher's file: the server's words when it
 * refused the decision itself (decided already, gone, or what was sent: 422); otherwise `notSaved`
 * (no answer, a fault of the server's).
 */
export const decisionRefusalOf = (notSaved: string) => (error: unknown) =>
  noLongerWaiting(error) || (isApiFailure(error) && error.status === 422)
    ? failureText(error, FAILURE_ORDER.refusal, notSaved)
    : notSaved;

/** One thing waiting for review. */
export interface QueueItem {
  id: number;
  name: string;
}

/** What the asking decision may pick from (the approved subjects a suggestion merges into). */
export interface QueueChoice {
  id: number;
  name: string;
}

/** What the asking decision holds: a typed reason, or the id of the choice picked. */
export type DecisionValue = string | number | null;

export interface ReviewQueueContext<Item extends QueueItem = QueueItem> {
  items: Item[];
  /** How many wait in all (the list may be the first of several pages). */
  total: number;
  choices: QueueChoice[];
  /** The item being decided on. */
  itemId: number | null;
  value: DecisionValue;
  valueError: string | null;
  error: string | null;
  /** The last decision, shown as a confirmation. */
  notice: string | null;
  /** The list came with the input (no first load). */
  listGiven: boolean;
}

/** What the list call returns. */
export interface ReviewQueueList<Item extends QueueItem = QueueItem> {
  items: Item[];
  total?: number;
  choices?: QueueChoice[];
}

export interface ReviewQueueInput {
  /** The list already back when the page first renders, as the list call returns it. */
  first?: ReviewQueueList | null;
}

export type ReviewVerb = 'approve' | 'reject' | 'merge';

export type ReviewQueueEvent =
  | { type: `item.${ReviewVerb}`; id: number }
  | { type: 'list.more' }
  | { type: 'decision.change'; value: DecisionValue }
  | { type: 'decision.confirm' }
  | { type: 'decision.cancel' }
  | { type: 'list.retry' };

/**
 * What every decision's call is given: the item, and what the asking decision holds; `item` is the
 * item as the list showed it (Teacher Approvals sends back the teacher's review version from it).
 */
export interface DecisionInput {
  id: number;
  value: DecisionValue;
  item: QueueItem | null;
}

export interface DecisionSpec {
  /** The state while it is decided ('approving'). */
  state: string;
  /** The actor that sends it ('approveTeacher'). */
  actor: string;
  /** The confirmation once it is saved. */
  notice: (context: ReviewQueueContext) => string;
}

/** What a paged queue's list call is given: which page. */
export interface ReviewQueuePage {
  offset: number;
  limit: number;
}

export interface ReviewQueueSpec {
  id: string;
  /** The actor that loads the list ('fetchApprovals'); a paged queue's is given a ReviewQueuePage. */
  list: string;
  /**
   * A paged queue: the first `first` items, then `more` at a time on 'Show more', loaded by the
   * list's actor under the id `actor` ('fetchMoreApprovals'). Without it the list comes whole.
   */
  paging?: { first: number; more: number; actor: string };
  /** The decisions, in the order the items offer them. */
  decisions: Partial<Record<ReviewVerb, DecisionSpec>>;
  /** The decision that asks first, and how it checks what it was given. */
  asking: {
    verb: ReviewVerb;
    empty: DecisionValue;
    /** What a change keeps (a reason cut to its maximum). */
    keep?: (value: DecisionValue) => DecisionValue;
    /** Why it cannot be sent yet, or null. */
    check: (context: ReviewQueueContext) => string | null;
    /** What is sent (a reason trimmed). */
    send?: (value: DecisionValue) => DecisionValue;
  };
  loadFailed: string;
  /** What a refused decision says. */
  refusal: (error: unknown) => string;
  /**
   * Whether a refusal means the item no longer waits for this decision (another administrator
   * decided on it first, or it is gone): the refusal shows, and the list is loaded again (the item
   * leaves it) as long as it was.
   */
  noLongerWaiting?: (error: unknown) => boolean;
}

/** The item being decided on, by name. */
export const itemName = (c: ReviewQueueContext) => c.items.find((i) => i.id === c.itemId)?.name;
/** The choice picked, by name. */
export const choiceName = (c: ReviewQueueContext) => c.choices.find((i) => i.id === c.value)?.name;

export function createReviewQueueMachine(spec: ReviewQueueSpec) {
  const { id, asking } = spec;
  const verbs = Object.keys(spec.decisions) as ReviewVerb[];
  const decision = (verb: ReviewVerb) => spec.decisions[verb] as DecisionSpec;
  const actors: Record<string, ReturnType<typeof fromPromise<unknown, DecisionInput>>> = {};
  for (const verb of verbs) actors[decision(verb).actor] = fromPromise(notProvided(id, decision(verb).actor));
  const input =
    (sent: (value: DecisionValue) => DecisionValue) =>
    ({ context }: { context: ReviewQueueContext }): DecisionInput => ({
      id: context.itemId ?? 0,
      value: sent(context.value),
      item: context.items.find((i) => i.id === context.itemId) ?? null,
    });
  const noted = (verb: ReviewVerb) => [{ type: 'noteDecision' as const, params: { verb } }, 'decided'];
  /** The item no longer waits (someone else decided first): said, the list loaded again, `decided` run. */
  const elsewhere = (target: string) =>
    spec.noLongerWaiting
      ? [{ guard: 'noLongerWaiting', target, actions: ['showDecisionFailure', 'forgetItem', 'decided'] }]
      : [];

  // Tags tell a view what a state is without its name: 'asking' (the field is open), 'sending' (a
  // decision is on its way), and the decision's verb.
  /** A decision sent at once. */
  const sentAtOnce = (verb: ReviewVerb) => ({
    tags: ['sending', verb],
    invoke: {
      id: decision(verb).actor,
      src: decision(verb).actor,
      input: input((v) => v),
      onDone: { target: 'loading', actions: noted(verb) },
      onError: [...elsewhere('loading'), { target: 'ready', actions: ['showDecisionFailure', 'forgetItem'] }],
    },
  });
  /** The decision that asks first. */
  const askedFirst = (verb: ReviewVerb) => ({
    initial: 'editing',
    tags: ['asking', verb],
    states: {
      editing: {
        on: {
          'decision.change': { actions: 'changeValue' },
          'decision.cancel': { target: `#${id}.ready`, actions: 'forgetItem' },
          'decision.confirm': [
            { guard: 'valueIsValid', target: 'submitting' },
            { actions: 'showValueError' },
          ],
        },
      },
      submitting: {
        tags: ['sending'],
        invoke: {
          id: decision(verb).actor,
          src: decision(verb).actor,
          input: input(asking.send ?? ((v) => v)),
          onDone: { target: `#${id}.loading`, actions: noted(verb) },
          // Another refusal (no network, say) keeps the reason typed.
          onError: [...elsewhere(`#${id}.loading`), { target: 'editing', actions: 'showDecisionFailure' }],
        },
      },
    },
  });

  const { paging } = spec;
  const states: Record<string, object> = {
    /** Given with the input: on screen at once; otherwise loaded. */
    starting: { always: [{ guard: 'listGiven', target: 'ready' }, { target: 'loading' }] },
    loading: {
      invoke: {
        id: spec.list,
        src: spec.list,
        // A reload (after a decision) keeps as many items as were shown.
        ...(paging && {
          input: ({ context }: { context: ReviewQueueContext }): ReviewQueuePage => ({
            offset: 0,
            limit: Math.max(paging.first, context.items.length),
          }),
        }),
        onDone: { target: 'ready', actions: 'showList' },
        onError: { target: 'failure', actions: 'showLoadFailure' },
      },
    },
    failure: { on: { 'list.retry': { target: 'loading', actions: 'forgetError' } } },
    ready: {
      on: {
        ...Object.fromEntries(
          verbs.map((verb) => [`item.${verb}`, { target: decision(verb).state, actions: 'pickItem' }]),
        ),
        ...(paging && { 'list.more': { guard: 'hasMore', target: 'loadingMore' } }),
      },
    },
  };
  // The next page, after the items shown; a failure keeps what is shown and says so.
  if (paging)
    states.loadingMore = {
      invoke: {
        id: paging.actor,
        src: spec.list,
        input: ({ context }: { context: ReviewQueueContext }): ReviewQueuePage => ({
          offset: context.items.length,
          limit: paging.more,
        }),
        onDone: { target: 'ready', actions: 'appendList' },
        onError: { target: 'ready', actions: 'showLoadFailure' },
      },
    };
  for (const verb of verbs)
    states[decision(verb).state] = verb === asking.verb ? askedFirst(verb) : sentAtOnce(verb);

  const forget = { itemId: null, value: asking.empty, valueError: null };
  return setup({
    types: {
      context: {} as ReviewQueueContext,
      events: {} as ReviewQueueEvent,
      input: {} as ReviewQueueInput,
    },
    actors: { [spec.list]: fromPromise<ReviewQueueList>(notProvided(id, spec.list)), ...actors },
    guards: {
      valueIsValid: ({ context }) => asking.check(context) === null,
      hasMore: ({ context }) => context.items.length < context.total,
      listGiven: ({ context }) => context.listGiven,
      noLongerWaiting: ({ event }) => spec.noLongerWaiting?.((event as { error?: unknown }).error) === true,
    },
    actions: {
      showList: assign(({ event }) => {
        const out = (event as unknown as { output?: Partial<ReviewQueueList> }).output;
        const items = out?.items ?? [];
        // A refusal that sent the list to load again stays shown with the new list.
        return { items, total: out?.total ?? items.length, choices: out?.choices ?? [] };
      }),
      appendList: assign(({ context, event }) => {
        const out = (event as unknown as { output?: Partial<ReviewQueueList> }).output;
        const known = new Set(context.items.map((i) => i.id));
        const items = [...context.items, ...(out?.items ?? []).filter((i) => !known.has(i.id))];
        return { items, total: out?.total ?? items.length, error: null };
      }),
      showLoadFailure: assign({ error: spec.loadFailed }),
      pickItem: assign({
        itemId: ({ event }) => ('id' in event ? event.id : null),
        value: asking.empty,
        valueError: null,
        error: null,
        notice: null,
      }),
      changeValue: assign({
        value: ({ event }) =>
          event.type === 'decision.change' ? (asking.keep ?? ((v) => v))(event.value) : asking.empty,
        valueError: null,
      }),
      showValueError: assign({ valueError: ({ context }) => asking.check(context) }),
      noteDecision: assign(({ context }, params: { verb: ReviewVerb }) => ({
        notice: decision(params.verb).notice(context),
        error: null,
        ...forget,
      })),
      showDecisionFailure: assign({
        error: ({ event }) => spec.refusal((event as { error?: unknown }).error),
      }),
      forgetItem: assign(forget),
      forgetError: assign({ error: null }),
      /** A decision was made, here or (`noLongerWaiting`) elsewhere: provided by the page. */
      decided: () => {},
    },
  }).createMachine({
    id,
    context: ({ input }) => ({
      items: input?.first?.items ?? [],
      total: input?.first?.total ?? input?.first?.items.length ?? 0,
      choices: input?.first?.choices ?? [],
      itemId: null,
      value: asking.empty,
      valueError: null,
      error: null,
      notice: null,
      listGiven: Boolean(input?.first),
    }),
    initial: 'starting',
    // Built from the spec (the generated docs and the model tests read them as they are).
    // biome-ignore lint/suspicious/noExplicitAny: a config built at run time has no literal type
    states: states as any,
  });
}

export type ReviewQueueMachine = ReturnType<typeof createReviewQueueMachine>;
