import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { MachineEntry } from '../../../machines/registry';
import {
  actorName,
  actualTransitions,
  describeMachine,
  enabledEventTypes,
  eventLabelOf,
  startSnapshot,
  step,
  takenTransitions,
  valueText,
} from './analysis';

/**
 * Walk mode's model: the machine stepped by pure transitions, so nothing real runs. Invoked actors
 * are stubs settled by hand (their done/error events), delays fire on request (their after events),
 * actions are listed rather than executed. Every step is kept, which makes Undo exact.
 */
export interface WalkStep {
  event: EventObject;
  /** What the history shows: "form.submit", "resolve checkCode", "fire after 3000 ms". */
  label: string;
  snapshot: AnyMachineSnapshot;
  actions: string[];
  taken: string[];
}

/** What a walk starts from when QA changed it: the machine's input, the fake clock's start. */
export interface WalkSetup {
  /** The machine's input (JSON); the registry's sample input when absent. */
  input?: unknown;
  /** Where the fake clock starts (ISO date-time), for machines with one. */
  clock?: string;
}

export interface WalkState {
  start: AnyMachineSnapshot;
  steps: WalkStep[];
  setup?: WalkSetup;
}

/** The registry entry as a walk with this setup sees it (its input and clock replaced). */
export function entryWith(entry: MachineEntry, setup: WalkSetup = {}): MachineEntry {
  return {
    ...entry,
    sampleInput: setup.input === undefined ? entry.sampleInput : setup.input,
    fakeClock:
      entry.fakeClock && setup.clock ? { ...entry.fakeClock, startAt: setup.clock } : entry.fakeClock,
  };
}

export function startWalk(entry: MachineEntry, setup?: WalkSetup): WalkState {
  return { start: startSnapshot(entryWith(entry, setup)), steps: [], setup };
}

/** Starts a walk and never throws: a machine that cannot start with this input says why. */
export function tryStartWalk(
  entry: MachineEntry,
  setup?: WalkSetup,
): { walk: WalkState; error?: undefined } | { walk?: undefined; error: string } {
  try {
    const walk = startWalk(entry, setup);
    if (walk.start.status === 'error')
      return { error: `The machine could not start with this input: ${String(walk.start.error)}` };
    return { walk };
  } catch (error) {
    return {
      error: `The machine could not start with this input: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/** Back to the walk as it was after `count` steps (0: the start). */
export function returnTo(walk: WalkState, count: number): WalkState {
  return { ...walk, steps: walk.steps.slice(0, Math.max(0, count)) };
}

export function currentSnapshot(walk: WalkState): AnyMachineSnapshot {
  return walk.steps.at(-1)?.snapshot ?? walk.start;
}

export function stepLabel(entry: MachineEntry, event: EventObject): string {
  const label = eventLabelOf(entry.machine, event.type);
  if (event.type.startsWith('xstate.done.actor.')) return `resolve ${label.slice('done: '.length)}`;
  if (event.type.startsWith('xstate.error.actor.')) return `reject ${label.slice('error: '.length)}`;
  if (event.type.startsWith('xstate.after.')) return `fire ${label}`;
  return label;
}

/** Sends one event; throws (with the machine's own error) when the machine cannot take it. */
export function sendEvent(entry: MachineEntry, walk: WalkState, event: EventObject): WalkState {
  const prev = currentSnapshot(walk);
  const { snapshot, actions } = step(entry.machine, prev, event);
  if (snapshot.status === 'error')
    throw snapshot.error instanceof Error ? snapshot.error : new Error(String(snapshot.error));
  // What the step really took (eventless transitions judged from XState's microsteps, as the
  // model-based kit counts them), not a guess from the states entered.
  let taken: string[];
  try {
    taken = actualTransitions(entry.machine, prev, event, snapshot).transitions;
  } catch {
    taken = takenTransitions(entry.machine, prev, event, snapshot);
  }
  return {
    ...walk,
    steps: [...walk.steps, { event, label: stepLabel(entry, event), snapshot, actions, taken }],
  };
}

/**
 * The declared output of an invoked actor does not match (contract/'s struct, when the registry gives
 * one): the message to show, or null when it matches or nothing is declared.
 */
export function outputMismatch(entry: MachineEntry, src: string, output: unknown): string | null {
  const check = entry.actorOutputs?.[src];
  if (!check) return null;
  try {
    const [error] = check.validate(output);
    return error ? `Does not match ${src}'s declared output: ${error.message}` : null;
  } catch (error) {
    return `Does not match ${src}'s declared output: ${String(error)}`;
  }
}

/**
 * Sends one event and never throws: the next walk, or why the machine (or the declared output)
 * refused it. What the visualiser's buttons call.
 */
export function trySend(
  entry: MachineEntry,
  walk: WalkState,
  event: EventObject,
): { walk: WalkState; error?: undefined } | { walk?: undefined; error: string } {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  if (done) {
    const mismatch = outputMismatch(
      entry,
      actorName(entry.machine, done[1]),
      (event as { output?: unknown }).output,
    );
    if (mismatch) return { error: mismatch };
  }
  try {
    return { walk: sendEvent(entry, walk, event) };
  } catch (error) {
    return {
      error: `The machine could not take ${event.type}: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

export function undo(walk: WalkState): WalkState {
  return { ...walk, steps: walk.steps.slice(0, -1) };
}

export interface EnabledEvents {
  /** Events people send. */
  events: string[];
  /** Invoked actors running now, with their done/error event types. */
  actors: { id: string; invokeId: string; src: string; done: string | null; error: string | null }[];
  /** Delayed transitions that can fire now. */
  delays: string[];
}

export function enabledEvents(entry: MachineEntry, snapshot: AnyMachineSnapshot): EnabledEvents {
  const types = enabledEventTypes(snapshot);
  const description = describeMachine(entry.machine);
  const actorIds = new Set<string>();
  for (const type of types) {
    const match = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(type);
    if (match) actorIds.add(match[1]);
  }
  return {
    events: types.filter((t) => !t.startsWith('xstate.')),
    actors: [...actorIds].map((id) => ({
      id: actorName(entry.machine, id),
      invokeId: id,
      src: description.actors.find((a) => a.id === id)?.src ?? id,
      done: types.includes(`xstate.done.actor.${id}`) ? `xstate.done.actor.${id}` : null,
      error: types.includes(`xstate.error.actor.${id}`) ? `xstate.error.actor.${id}` : null,
    })),
    delays: types.filter((t) => t.startsWith('xstate.after.')),
  };
}

/** Transition ids that an enabled event would take from here (drawn highlighted). */
export function enabledTransitionIds(entry: MachineEntry, snapshot: AnyMachineSnapshot): Set<string> {
  const types = new Set(enabledEventTypes(snapshot));
  const active = new Set(snapshot.status === 'active' ? activeIds(snapshot) : []);
  return new Set(
    describeMachine(entry.machine)
      .transitions.filter((t) => types.has(t.eventType) && active.has(t.sourceId))
      .map((t) => t.id),
  );
}

function activeIds(snapshot: AnyMachineSnapshot): string[] {
  // biome-ignore lint/suspicious/noExplicitAny: _nodes is internal but stable across v5
  return ((snapshot as any)._nodes ?? []).map((n: { id: string }) => n.id);
}

/** The state a live snapshot (value only, from another tab) is in, as state ids. */
export function idsForValue(entry: MachineEntry, value: unknown): string[] {
  try {
    // biome-ignore lint/suspicious/noExplicitAny: resolveState takes a partial snapshot config
    const snapshot = entry.machine.resolveState({ value: value as any, context: {} } as any);
    return activeIds(snapshot as AnyMachineSnapshot);
  } catch {
    return [];
  }
}

export { valueText };
