import {
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  and,
  createActor,
  type EventObject,
  getInitialMicrosteps,
  getMicrosteps,
  initialTransition,
  not,
  or,
  __unsafe_getAllOwnEventDescriptors as ownEventTypes,
  stateIn,
  transition,
} from 'xstate';
import type { MachineEntry } from '../../../machines/registry';

/**
 * What the QA tools know of a machine, computed from the machine itself: its states and transitions
 * (for diagrams, docs and coverage) and a walk of its reachable states by pure transitions, where
 * invoked actors and delays are plain events (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`,
 * `xstate.after.<delay>.<state>`). The visualiser, `npm run machines:docs` and the model-based
 * testing kit (tests/model) all read this one module, so they agree on names, labels and paths.
 */

export type StateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface StateInfo {
  id: string;
  key: string;
  /** Dotted path from the root ("unlocked.door.open"); '' for the root. */
  path: string;
  type: StateType;
  parentId: string | null;
  /** Id of the initial child (compound states). */
  initialId: string | null;
  description?: string;
  depth: number;
}

export type TransitionKind = 'event' | 'always' | 'after' | 'done' | 'error' | 'state.done';

export interface TransitionInfo {
  /** Stable id: `<source id>:<event type>:<index>`. */
  id: string;
  sourceId: string;
  /** Targets; empty for a targetless transition (actions only). */
  targetIds: string[];
  eventType: string;
  kind: TransitionKind;
  /** What a person reads: "form.submit", "after 3000 ms", "done: signIn", "always". */
  eventLabel: string;
  guard: string | null;
  /** eventLabel plus " [guard]". */
  label: string;
  actions: string[];
}

export interface MachineDescription {
  id: string;
  states: StateInfo[];
  transitions: TransitionInfo[];
  /** Event types people send (not done/error/after). */
  events: string[];
  guards: string[];
  /** Invoked actors: invoke id -> src. */
  actors: { id: string; src: string; stateId: string }[];
}

const AFTER = 'xstate.after.';
const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const DONE_STATE = 'xstate.done.state.';

// XState's guard combinators are functions told apart by their `check` (their names do not survive
// minification, and they carry no type).
const CHECK = {
  and: (and([]) as unknown as { check: unknown }).check,
  or: (or([]) as unknown as { check: unknown }).check,
  not: (not('x') as unknown as { check: unknown }).check,
  stateIn: (stateIn('x') as unknown as { check: unknown }).check,
};

/** A guard as an expression: "canSubmit", "and(canSubmit, hasTeacherId)", "not(isSignedOut)". */
// biome-ignore lint/suspicious/noExplicitAny: guards come in several runtime shapes
export function guardName(guard: any): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const inner: unknown[] = guard.guards ?? [];
    const list = () => inner.map((g) => guardName(g) ?? 'guard').join(', ');
    if (guard.check === CHECK.not || guard.type === 'xstate.not') return `not(${list()})`;
    if (guard.check === CHECK.and || guard.type === 'xstate.and') return `and(${list()})`;
    if (guard.check === CHECK.or || guard.type === 'xstate.or') return `or(${list()})`;
    if (guard.check === CHECK.stateIn || guard.type === 'xstate.stateIn')
      return `stateIn(${JSON.stringify(guard.stateValue)})`;
    return 'inline guard';
  }
  if (typeof guard === 'object' && typeof guard.type === 'string') {
    const params = guard.params === undefined ? '' : `(${JSON.stringify(guard.params)})`;
    return `${guard.type}${params}`;
  }
  return 'guard';
}

// biome-ignore lint/suspicious/noExplicitAny: actions come in several runtime shapes
function actionName(action: any): string {
  if (typeof action === 'string') return action;
  if (action && typeof action === 'object' && typeof action.type === 'string') return action.type;
  if (typeof action === 'function') {
    if (typeof action.type === 'string') return action.type.replace(/^xstate\./, '');
    return action.name || 'inline action';
  }
  return 'action';
}

function delayLabel(machine: AnyStateMachine, delay: unknown): string {
  if (typeof delay === 'number') return `after ${delay} ms`;
  const named = (machine.implementations.delays as Record<string, unknown> | undefined)?.[String(delay)];
  return typeof named === 'number' ? `after ${delay} (${named} ms)` : `after ${String(delay)}`;
}

export function eventLabelOf(machine: AnyStateMachine, eventType: string, delay?: unknown): string {
  if (!eventType) return 'always';
  if (eventType.startsWith(AFTER)) {
    const rest = eventType.slice(AFTER.length);
    return delayLabel(
      machine,
      delay ?? (Number.isNaN(Number(rest.split('.')[0])) ? rest.split('.')[0] : Number(rest.split('.')[0])),
    );
  }
  if (eventType.startsWith(DONE_ACTOR))
    return `done: ${actorName(machine, eventType.slice(DONE_ACTOR.length))}`;
  if (eventType.startsWith(ERROR_ACTOR))
    return `error: ${actorName(machine, eventType.slice(ERROR_ACTOR.length))}`;
  if (eventType.startsWith(DONE_STATE)) return 'done';
  return eventType;
}

/** An invoked actor by its src name when it has one (invoke ids are often generated: "0.auth.login"). */
export function actorName(machine: AnyStateMachine, invokeId: string): string {
  for (const node of allNodes(machine.root)) {
    for (const inv of node.invoke ?? [])
      if (inv.id === invokeId && typeof inv.src === 'string') return inv.src;
  }
  return invokeId;
}

function kindOf(eventType: string): TransitionKind {
  if (!eventType) return 'always';
  if (eventType.startsWith(AFTER)) return 'after';
  if (eventType.startsWith(DONE_ACTOR)) return 'done';
  if (eventType.startsWith(ERROR_ACTOR)) return 'error';
  if (eventType.startsWith(DONE_STATE)) return 'state.done';
  return 'event';
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allNodes)];
}

const descriptions = new WeakMap<AnyStateMachine, MachineDescription>();
// biome-ignore lint/suspicious/noExplicitAny: transition definitions are keyed by identity
const transitionIds = new WeakMap<AnyStateMachine, Map<any, string>>();

export function describeMachine(machine: AnyStateMachine): MachineDescription {
  const cached = descriptions.get(machine);
  if (cached) return cached;
  const states: StateInfo[] = [];
  const transitions: TransitionInfo[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const ids = new Map<any, string>();
  const actors: MachineDescription['actors'] = [];
  for (const node of allNodes(machine.root)) {
    states.push({
      id: node.id,
      key: node.key,
      path: node.path.join('.'),
      type: node.type as StateType,
      parentId: node.parent?.id ?? null,
      initialId: node.type === 'compound' ? (node.initial?.target?.[0]?.id ?? null) : null,
      description: node.description,
      depth: node.path.length,
    });
    for (const inv of node.invoke ?? []) {
      actors.push({ id: inv.id, src: typeof inv.src === 'string' ? inv.src : inv.id, stateId: node.id });
    }
    // biome-ignore lint/suspicious/noExplicitAny: transition definitions
    const definitions: any[] = [...(node.transitions as Map<string, any[]>).values()].flat();
    definitions.push(...(node.always ?? []));
    definitions.forEach((def, index) => {
      const eventType: string = def.eventType ?? '';
      const id = `${node.id}:${eventType || 'always'}:${index}`;
      ids.set(def, id);
      const guard = guardName(def.guard);
      const eventLabel = eventLabelOf(machine, eventType, def.delay);
      transitions.push({
        id,
        sourceId: node.id,
        targetIds: (def.target ?? []).map((t: AnyStateNode) => t.id),
        eventType,
        kind: kindOf(eventType),
        eventLabel,
        guard,
        label: guard ? `${eventLabel} [${guard}]` : eventLabel,
        actions: (def.actions ?? []).map(actionName),
      });
    });
  }
  const events = [...new Set(transitions.filter((t) => t.kind === 'event').map((t) => t.eventType))].sort();
  const guards = [...new Set(transitions.flatMap((t) => (t.guard ? [t.guard] : [])))].sort();
  const description = { id: machine.id, states, transitions, events, guards, actors };
  descriptions.set(machine, description);
  transitionIds.set(machine, ids);
  return description;
}

/** Every state node the snapshot is in (root excluded), as ids. */
export function activeStateIds(snapshot: AnyMachineSnapshot): string[] {
  // biome-ignore lint/suspicious/noExplicitAny: _nodes is internal but stable across v5
  const nodes: AnyStateNode[] = (snapshot as any)._nodes ?? [];
  return nodes.filter((n) => n.parent).map((n) => n.id);
}

/** The state value as text: "locked.idle", "unlocked.{door.open, light.off}". */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return String(value);
  const entries = Object.entries(value as Record<string, unknown>);
  const parts = entries.map(([k, v]) =>
    typeof v === 'object' && v && Object.keys(v).length === 0 ? k : `${k}.${valueText(v)}`,
  );
  return parts.length === 1 ? parts[0] : `{${parts.join(', ')}}`;
}

/**
 * Which transitions the step from `prev` with `event` to `next` took. Event transitions come from
 * the machine itself; eventless ones (always, onDone of a compound state) are inferred: taken when
 * every target was entered by the step (or, targetless, when the source is active afterwards).
 */
export function takenTransitions(
  machine: AnyStateMachine,
  prev: AnyMachineSnapshot,
  event: EventObject,
  next: AnyMachineSnapshot,
): string[] {
  const description = describeMachine(machine);
  const ids = transitionIds.get(machine) ?? new Map();
  const taken = new Set<string>();
  try {
    for (const def of machine.getTransitionData(prev, event)) {
      const id = ids.get(def);
      if (id) taken.add(id);
    }
  } catch {
    // A guard that throws on this event: nothing taken.
  }
  const before = new Set(activeStateIds(prev));
  const after = new Set(activeStateIds(next));
  for (const t of description.transitions) {
    if (t.kind !== 'always' && t.kind !== 'state.done') continue;
    if (t.targetIds.length === 0) {
      if (after.has(t.sourceId)) taken.add(t.id);
    } else if (t.targetIds.every((id) => after.has(id)) && t.targetIds.some((id) => !before.has(id))) {
      taken.add(t.id);
    }
  }
  return [...taken];
}

// ---------------------------------------------------------------------------------------------
// Sample events and the walk of reachable states

export type SampleEvents = MachineEntry['sampleEvents'];

/** What a stubbed actor fails with when the registry gives no sample: an ApiFailure (contract/). */
export const DEFAULT_ACTOR_ERROR = {
  kind: 'response',
  status: 422,
  body: { errors: {}, message: 'Sample failure' },
  message: 'Sample failure',
};

/** The registry may key an actor's outcome by invoke id or by src ("xstate.done.actor.signIn"). */
function sampleKeyBySrc(machine: AnyStateMachine | undefined, type: string): string | null {
  const match = /^(xstate\.(?:done|error)\.actor\.)(.+)$/.exec(type);
  return match && machine ? `${match[1]}${actorName(machine, match[2])}` : null;
}

/** Every sample payload the registry gives for an event type (by invoke id or src). */
export function samplesOf(
  samples: SampleEvents,
  type: string,
  machine?: AnyStateMachine,
): Record<string, unknown>[] {
  const bySrc = sampleKeyBySrc(machine, type);
  const sample = samples?.[type] ?? (bySrc ? samples?.[bySrc] : undefined);
  if (Array.isArray(sample)) return sample;
  return sample ? [sample] : [];
}

/** The payload an event button starts with: the registry's first sample, or a default. */
export function defaultPayload(
  samples: SampleEvents,
  type: string,
  machine?: AnyStateMachine,
): Record<string, unknown> {
  const [first] = samplesOf(samples, type, machine);
  if (first) return first;
  if (type.startsWith(DONE_ACTOR)) return { output: {} };
  if (type.startsWith(ERROR_ACTOR)) return { error: DEFAULT_ACTOR_ERROR };
  return {};
}

/** Event types a person (or a stub, or the clock) can send in this snapshot. */
export function enabledEventTypes(snapshot: AnyMachineSnapshot): string[] {
  if (snapshot.status !== 'active') return [];
  return (ownEventTypes(snapshot) as string[]).filter((t) => !t.startsWith(DONE_STATE) && !t.includes('*'));
}

/** Every sample event for every enabled event type (one per sample; a default when none). */
export function sampleEventsFor(
  snapshot: AnyMachineSnapshot,
  samples: SampleEvents,
  machine: AnyStateMachine = snapshot.machine as AnyStateMachine,
): EventObject[] {
  return enabledEventTypes(snapshot).flatMap((type) => {
    const list = samplesOf(samples, type, machine);
    return (list.length ? list : [defaultPayload(samples, type, machine)]).map((payload) => ({
      ...payload,
      type,
    }));
  });
}

// ---------------------------------------------------------------------------------------------
// The fake clock of machines whose input takes one (the registry's `fakeClock`)

type EntryStart = Pick<MachineEntry, 'machine' | 'sampleInput' | 'fakeClock'>;

interface FakeClock {
  now: number;
}
/** Each snapshot of a walk with a fake clock: the clock and the time it read at that snapshot. */
const clockAtSnapshot = new WeakMap<object, { clock: FakeClock; at: number }>();

/** The input a walk starts with: the registry's (or edited) input, with a fake clock when declared. */
export function walkInput(entry: EntryStart): { input: unknown; clock?: FakeClock } {
  const fake = entry.fakeClock;
  const input = entry.sampleInput;
  if (!fake) return { input };
  if (input !== undefined && (input === null || typeof input !== 'object' || Array.isArray(input)))
    return { input };
  if (input && fake.inputField in (input as object)) return { input };
  const start = Date.parse(fake.startAt);
  const clock = { now: Number.isNaN(start) ? 0 : start };
  return { input: { ...(input as object), [fake.inputField]: () => clock.now }, clock };
}

/** The fake clock's time at a snapshot of a walk (undefined when the machine has none). */
export function fakeTimeOf(snapshot: AnyMachineSnapshot): number | undefined {
  return clockAtSnapshot.get(snapshot)?.at;
}

/** Milliseconds a delay event (`xstate.after.<delay>.<state id>`) stands for; 0 for other events. */
export function delayOf(machine: AnyStateMachine, eventType: string): number {
  if (!eventType.startsWith(AFTER)) return 0;
  const delay = eventType.slice(AFTER.length).split('.')[0];
  if (!Number.isNaN(Number(delay))) return Number(delay);
  const named = (machine.implementations.delays as Record<string, unknown> | undefined)?.[delay];
  return typeof named === 'number' ? named : 0;
}

export function startSnapshot(entry: EntryStart): AnyMachineSnapshot {
  const { input, clock } = walkInput(entry);
  const snapshot = initialTransition(entry.machine, input as never)[0] as AnyMachineSnapshot;
  if (clock) clockAtSnapshot.set(snapshot, { clock, at: clock.now });
  return snapshot;
}

/**
 * XState's pure functions (`transition`, `getMicrosteps`) each make a throwaway actor of the machine
 * to evaluate it in, and making one computes the machine's initial state first: in the walks over
 * every machine (the visualiser's, the docs', the model tests' paths) that was a third of the time.
 * One such inert scope per machine instead: nothing in it runs (actions are collected, never
 * executed; invoked and spawned actors are created, never started).
 */
const inertScopes = new WeakMap<AnyStateMachine, AnyActorScope & { collected: unknown[] }>();
function inertScope(machine: AnyStateMachine) {
  let scope = inertScopes.get(machine);
  if (!scope) {
    const self = createActor(machine);
    const collected: unknown[] = [];
    scope = {
      self,
      defer: () => {},
      id: '',
      logger: () => {},
      sessionId: '',
      stopChild: () => {},
      system: self.system,
      emit: () => {},
      actionExecutor: (action: unknown) => {
        collected.push(action);
      },
      collected,
    } as unknown as AnyActorScope & { collected: unknown[] };
    inertScopes.set(machine, scope);
  }
  scope.collected.length = 0;
  return scope;
}

/**
 * A child with a system id is registered once per system: a machine whose steps spawn one would
 * collide in the shared scope, so such a step is evaluated the way XState does it (a fresh scope).
 */
const isSystemIdClash = (error: unknown) => error instanceof Error && /system ?id/i.test(error.message);

/** `transition(machine, snapshot, event)` of XState, in the machine's inert scope. */
function pureTransition(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: EventObject,
): [AnyMachineSnapshot, { type: string }[]] {
  try {
    const scope = inertScope(machine);
    const next = machine.transition(snapshot as never, event as never, scope) as AnyMachineSnapshot;
    return [next, [...scope.collected] as { type: string }[]];
  } catch (error) {
    if (!isSystemIdClash(error)) throw error;
    const [next, actions] = transition(machine, snapshot as never, event as never);
    return [next as AnyMachineSnapshot, actions as { type: string }[]];
  }
}

/** `getMicrosteps(machine, snapshot, event)` of XState (the snapshots only), in the inert scope. */
function microstepSnapshots(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject) {
  try {
    return machine.microstep(snapshot as never, event as never, inertScope(machine)) as AnyMachineSnapshot[];
  } catch (error) {
    if (!isSystemIdClash(error)) throw error;
    return getMicrosteps(machine, snapshot as never, event as never).map(([s]) => s as AnyMachineSnapshot);
  }
}

/** One pure step; never runs side effects (actions and actors are not executed). */
export function step(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: EventObject,
): { snapshot: AnyMachineSnapshot; actions: string[] } {
  // A fake clock reads the time of this snapshot, moved on by the delay that fires (if any).
  const fake = clockAtSnapshot.get(snapshot);
  if (fake) fake.clock.now = fake.at + delayOf(machine, event.type);
  const [next, actions] = pureTransition(machine, snapshot, event);
  if (fake) clockAtSnapshot.set(next, { clock: fake.clock, at: fake.clock.now });
  return {
    snapshot: next,
    actions: actions.map((a) => a.type).filter((t) => !t.startsWith('xstate.')),
  };
}

export interface PathStep {
  event: EventObject;
  /** The state value after the step. */
  value: unknown;
}

export interface MachinePath {
  /** The state value the path ends in, as text. */
  target: string;
  steps: PathStep[];
  /** Transitions taken along the path (ids). */
  transitions: string[];
}

interface WalkNode {
  key: string;
  snapshot: AnyMachineSnapshot;
  parent: string | null;
  event: EventObject | null;
  /** Transitions the step from the parent took. */
  taken: string[];
}

export interface Walk {
  nodes: Map<string, WalkNode>;
  edges: { from: string; to: string; event: EventObject; taken: string[] }[];
  /** Events that made the machine throw, and why (usually a sample payload the actions cannot read). */
  problems: { from: string; event: string; error: string }[];
  truncated: boolean;
}

function contextKey(snapshot: AnyMachineSnapshot, withContext: boolean): string {
  const value = JSON.stringify(snapshot.value);
  if (!withContext) return `${value}|${snapshot.status}`;
  try {
    return `${value}|${snapshot.status}|${JSON.stringify(snapshot.context)}`;
  } catch {
    return `${value}|${snapshot.status}`;
  }
}

/**
 * Breadth-first walk of the reachable states with the sample events (the same traversal as
 * `getAdjacencyMap` of xstate/graph, but tolerant of actions that throw on a sample payload).
 * States are told apart by value and context; when that explodes (a counter in the context) the
 * walk stops at `limit` states, which still covers every state within that many steps.
 */
export function walk(
  entry: Pick<MachineEntry, 'machine' | 'sampleEvents' | 'sampleInput' | 'fakeClock'>,
  options: { limit?: number; withContext?: boolean } = {},
): Walk {
  const limit = options.limit ?? 1500;
  const withContext = options.withContext ?? true;
  const { machine } = entry;
  const nodes = new Map<string, WalkNode>();
  const edges: Walk['edges'] = [];
  const problems: Walk['problems'] = [];
  const start = startSnapshot(entry);
  const startKey = contextKey(start, withContext);
  nodes.set(startKey, { key: startKey, snapshot: start, parent: null, event: null, taken: [] });
  const queue: { key: string; depth: number }[] = [{ key: startKey, depth: 0 }];
  // Stop once two whole levels of the walk find no new state value and no new transition: deeper
  // levels only differ in context (a counter, a longer list) that the diagram cannot show anyway.
  const seenValues = new Set([JSON.stringify(start.value)]);
  const seenTransitions = new Set<string>();
  let lastNewDepth = 0;
  while (queue.length) {
    const { key, depth } = queue.shift() as { key: string; depth: number };
    if (depth > lastNewDepth + 2) break;
    const node = nodes.get(key) as WalkNode;
    for (const event of sampleEventsFor(node.snapshot, entry.sampleEvents, machine)) {
      let next: AnyMachineSnapshot;
      try {
        next = step(machine, node.snapshot, event).snapshot;
      } catch (error) {
        problems.push({ from: valueText(node.snapshot.value), event: event.type, error: String(error) });
        continue;
      }
      if (next.status === 'error') {
        problems.push({ from: valueText(node.snapshot.value), event: event.type, error: String(next.error) });
        continue;
      }
      const taken = takenTransitions(machine, node.snapshot, event, next);
      const nextKey = contextKey(next, withContext);
      edges.push({ from: key, to: nextKey, event, taken });
      const value = JSON.stringify(next.value);
      if (!seenValues.has(value) || taken.some((id) => !seenTransitions.has(id))) lastNewDepth = depth + 1;
      seenValues.add(value);
      for (const id of taken) seenTransitions.add(id);
      if (!nodes.has(nextKey)) {
        // Breadth first, so stopping here still leaves the shortest path to everything seen.
        if (nodes.size >= limit) return { nodes, edges, problems, truncated: true };
        nodes.set(nextKey, { key: nextKey, snapshot: next, parent: key, event, taken });
        queue.push({ key: nextKey, depth: depth + 1 });
      }
    }
  }
  return { nodes, edges, problems, truncated: false };
}

function pathTo(w: Walk, key: string): MachinePath {
  const steps: PathStep[] = [];
  const transitions: string[] = [];
  let node = w.nodes.get(key);
  const end = node;
  while (node?.parent && node.event) {
    steps.unshift({ event: node.event, value: node.snapshot.value });
    transitions.unshift(...node.taken);
    node = w.nodes.get(node.parent);
  }
  return { target: valueText(end?.snapshot.value), steps, transitions };
}

/** The shortest path to every reachable state value (what QA replays; what the docs list). */
export function shortestPaths(
  entry: Pick<MachineEntry, 'machine' | 'sampleEvents' | 'sampleInput' | 'fakeClock'>,
  w = walk(entry),
): MachinePath[] {
  const seen = new Set<string>();
  const paths: MachinePath[] = [];
  for (const [key, node] of w.nodes) {
    const value = `${JSON.stringify(node.snapshot.value)}|${node.snapshot.status}`;
    if (seen.has(value)) continue;
    seen.add(value);
    paths.push(pathTo(w, key));
  }
  return paths;
}

/**
 * Paths that together reach every reachable state and take every reachable transition: the
 * shortest path to each state value, plus, for each transition those miss, the shortest path to
 * where it can be taken followed by it. Paths contained in a longer one are dropped.
 */
export function coveragePaths(
  entry: Pick<MachineEntry, 'machine' | 'sampleEvents' | 'sampleInput' | 'fakeClock'>,
): MachinePath[] {
  const w = walk(entry);
  const paths = shortestPaths(entry, w);
  const covered = new Set(paths.flatMap((p) => p.transitions));
  for (const edge of w.edges) {
    if (edge.taken.every((id) => covered.has(id))) continue;
    const head = pathTo(w, edge.from);
    const to = w.nodes.get(edge.to);
    const path: MachinePath = {
      target: valueText(to?.snapshot.value),
      steps: [...head.steps, { event: edge.event, value: to?.snapshot.value }],
      transitions: [...head.transitions, ...edge.taken],
    };
    for (const id of edge.taken) covered.add(id);
    paths.push(path);
  }
  const signature = (p: MachinePath) => p.steps.map((s) => JSON.stringify(s.event)).join('\n');
  const signatures = paths.map(signature);
  return paths.filter((_path, i) => {
    const own = signatures[i];
    if (own === '') return paths.length === 1;
    const contained = signatures.some((other, j) => j !== i && other.startsWith(`${own}\n`));
    return !contained && signatures.indexOf(own) === i;
  });
}

/** Every state a path is in or passes through, and every transition it takes (`s:<id>`, `t:<id>`). */
function pathCoverage(entry: EntryStart, path: MachinePath): Set<string> | null {
  try {
    const covered = new Set<string>();
    let snapshot = startSnapshot(entry);
    const start = initialTransitions(entry);
    for (const id of [...activeStateIds(snapshot), ...start.states]) covered.add(`s:${id}`);
    for (const id of start.transitions) covered.add(`t:${id}`);
    for (const s of path.steps) {
      const next = step(entry.machine, snapshot, s.event).snapshot;
      if (next.status === 'error') return null;
      const passed = actualTransitions(entry.machine, snapshot, s.event, next);
      for (const id of [...activeStateIds(next), ...passed.states]) covered.add(`s:${id}`);
      for (const id of passed.transitions) covered.add(`t:${id}`);
      snapshot = next;
    }
    return covered;
  } catch {
    return null;
  }
}

/**
 * Of these paths, the fewest that together reach the same states and take the same transitions
 * (greedy: the path adding the most first, the shorter on a tie), in their original order. A path
 * that cannot be walked is kept, so its failure still shows. In a machine with parallel regions the
 * shortest path to every combination of regions mostly repeats states already covered: the model
 * tests run these instead (the teacher dashboard: 39 paths and 239 steps become 18 and 89).
 */
export function fewestPaths(entry: EntryStart, paths: MachinePath[]): MachinePath[] {
  const covers = paths.map((p) => pathCoverage(entry, p));
  const keep = new Set(covers.flatMap((c, i) => (c ? [] : [i])));
  const all = new Set(covers.flatMap((c) => (c ? [...c] : [])));
  const done = new Set<string>();
  while (done.size < all.size) {
    let best = -1;
    let gain = 0;
    covers.forEach((c, i) => {
      if (!c || keep.has(i)) return;
      let g = 0;
      for (const item of c) if (!done.has(item)) g++;
      if (g > gain || (g === gain && g > 0 && paths[i].steps.length < paths[best].steps.length)) {
        gain = g;
        best = i;
      }
    });
    if (best < 0) break;
    keep.add(best);
    for (const item of covers[best] ?? []) done.add(item);
  }
  return paths.filter((_p, i) => keep.has(i));
}

/** A path as one line: "code.change → form.submit → done: checkCode". */
export function pathText(machine: AnyStateMachine, path: MachinePath): string {
  if (!path.steps.length) return '(initial state)';
  return path.steps.map((s) => eventLabelOf(machine, s.event.type)).join(' → ');
}

/**
 * What a step really went through, from XState's microsteps: every state entered on the way (transient
 * ones like "deciding" or "validating" never show in the final snapshot) and which eventless
 * (`always`) transition each microstep took, judged by evaluating the guards in order with the
 * context of that microstep. Guessing from the targets alone would credit every `always` branch that
 * leads to the same state.
 */
// biome-ignore lint/suspicious/noExplicitAny: guards come in several runtime shapes
function guardPasses(machine: AnyStateMachine, guard: any, snapshot: AnyMachineSnapshot, event: EventObject) {
  if (guard === undefined || guard === null) return true;
  const args = { context: snapshot.context, event };
  const impls = (machine.implementations.guards ?? {}) as Record<string, unknown>;
  if (typeof guard === 'string') return guardPasses(machine, impls[guard], snapshot, event);
  if (typeof guard === 'function') {
    if (typeof guard.check === 'function') return Boolean(guard.check(snapshot, args, guard));
    return Boolean(guard(args, undefined));
  }
  if (typeof guard === 'object' && typeof guard.type === 'string') {
    const impl = impls[guard.type] as ((a: unknown, p: unknown) => boolean) | undefined;
    return Boolean(impl?.(args, guard.params));
  }
  return true;
}

function eventlessSteps(
  machine: AnyStateMachine,
  micro: AnyMachineSnapshot[],
  event: EventObject,
  /** Index of the first microstep that is eventless (the first of a step is the event's own). */
  firstEventless: number,
) {
  const description = describeMachine(machine);
  const states = new Set(micro.flatMap(activeStateIds));
  const taken = new Set<string>();
  const nodes = new Map<string, AnyStateNode>();
  const collect = (node: AnyStateNode) => {
    nodes.set(node.id, node);
    for (const child of Object.values(node.states as Record<string, AnyStateNode>)) collect(child);
  };
  collect(machine.root);
  for (let i = firstEventless; i < micro.length; i++) {
    const before = micro[i - 1];
    const after = new Set(activeStateIds(micro[i]));
    for (const source of activeStateIds(before)) {
      const always = description.transitions.filter((t) => t.kind === 'always' && t.sourceId === source);
      if (!always.length) continue;
      const definitions = nodes.get(source)?.always ?? [];
      let chosen: string | undefined;
      try {
        const index = definitions.findIndex((d) => guardPasses(machine, d.guard, before, event));
        chosen = index >= 0 ? always[index]?.id : undefined;
      } catch {
        chosen = always.find((t) => t.targetIds.length && t.targetIds.every((id) => after.has(id)))?.id;
      }
      const t = always.find((x) => x.id === chosen);
      if (t?.targetIds.length && t.targetIds.every((id) => after.has(id))) taken.add(t.id);
    }
  }
  return { states: [...states], transitions: [...taken] };
}

/**
 * The transitions a step really took and every state it passed through: event transitions from the
 * machine, eventless ones from its microsteps. The visualiser highlights these; the kit counts them.
 */
export function actualTransitions(
  machine: AnyStateMachine,
  from: AnyMachineSnapshot,
  event: EventObject,
  to: AnyMachineSnapshot,
) {
  const { transitions } = describeMachine(machine);
  const targeted = (id: string) => {
    const t = transitions.find((x) => x.id === id);
    return t?.kind === 'always' && t.targetIds.length > 0;
  };
  const micro = [from, ...microstepSnapshots(machine, from, event)];
  const eventless = eventlessSteps(machine, micro, event, 2);
  return {
    states: eventless.states,
    transitions: [
      ...takenTransitions(machine, from, event, to).filter((id) => !targeted(id)),
      ...eventless.transitions,
    ],
  };
}

/** What starting the machine went through (eventless transitions out of the initial state). */
export function initialTransitions(entry: EntryStart) {
  const { input } = walkInput(entry);
  const micro = getInitialMicrosteps(entry.machine, input as never).map(([s]) => s as AnyMachineSnapshot);
  const init = { type: 'xstate.init', input } as EventObject;
  return eventlessSteps(entry.machine, micro, init, 1);
}
