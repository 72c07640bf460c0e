import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, describe, it } from 'vitest';
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  getInitialMicrosteps,
  getMicrosteps,
} from 'xstate';
import type { MachineEntry } from '../../machines/registry';
import {
  activeStateIds,
  actorName,
  coveragePaths,
  describeMachine,
  type MachinePath,
  pathText,
  shortestPaths,
  startSnapshot,
  step,
  takenTransitions,
} from '../../src/features/machines/analysis';
import { server } from '../msw/server';

/**
 * The model-based testing kit (docs/testing.md). Given a registry entry, a render function, an
 * assertion per state and an executor per event, `testMachine` generates one test per path of the
 * machine (by default paths that together reach every state and take every transition), renders the
 * real view, performs each step as a user would, checks the assertions of every state reached, and
 * records coverage for `npm run test:model`.
 */

export const COVERAGE_DIR = 'test-results/model-coverage';

export interface StepInfo<TEvent extends EventObject = EventObject> {
  event: TEvent;
  /** The model's snapshot before and after the step. */
  from: AnyMachineSnapshot;
  to: AnyMachineSnapshot;
}

export interface ModelTest<TView> {
  /** Renders the real view; what it returns is handed to every assertion and executor. */
  render: () => TView | Promise<TView>;
  /**
   * Assertions keyed by state path ("login.editing", "signup") or "#<state id>": every key the
   * current state is in runs, parents included. Each atomic state reached needs at least one.
   */
  states: Record<string, (view: TView, snapshot: AnyMachineSnapshot) => void | Promise<void>>;
  /**
   * How a person (or the server) causes each event: keyed by event type. Actor outcomes may be keyed
   * by the actor's src: 'xstate.done.actor.signIn', 'xstate.error.actor.signIn'. Delays default to
   * waiting that long; every other event needs an executor.
   */
  events: Record<string, (view: TView, step: StepInfo) => void | Promise<void>>;
  /** Which paths: 'coverage' (default: every state and transition), 'shortest' (one per state), or your own. */
  paths?: 'coverage' | 'shortest' | MachinePath[];
  /** Extra or replacement sample payloads for generating paths (merged over the registry's). */
  sampleEvents?: MachineEntry['sampleEvents'];
  /** Called before each path's render (install msw handlers, seed local storage...). */
  beforePath?: (path: MachinePath) => void | Promise<void>;
  /** Per-test timeout (paths with delays wait for real). */
  timeout?: number;
}

interface CoverageRecord {
  machine: string;
  states: string[];
  transitions: string[];
  reachedStates: string[];
  takenTransitions: string[];
}

function executorFor<TView>(entry: MachineEntry, events: ModelTest<TView>['events'], type: string) {
  if (events[type]) return events[type];
  const actor = /^(xstate\.(?:done|error)\.actor\.)(.+)$/.exec(type);
  if (actor) return events[`${actor[1]}${actorName(entry.machine, actor[2])}`];
  if (type.startsWith('xstate.after.')) {
    const t = describeMachine(entry.machine).transitions.find((x) => x.eventType === type);
    const ms = Number(/(\d+) ms/.exec(t?.eventLabel ?? '')?.[1] ?? type.split('.')[2]);
    if (Number.isFinite(ms)) return () => new Promise<void>((resolve) => setTimeout(resolve, ms + 50));
  }
  return undefined;
}

async function checkState<TView>(
  entry: MachineEntry,
  states: ModelTest<TView>['states'],
  view: TView,
  snapshot: AnyMachineSnapshot,
) {
  const info = describeMachine(entry.machine).states;
  const active = activeStateIds(snapshot);
  const keysOf = (id: string) => {
    const state = info.find((s) => s.id === id);
    return [`#${id}`, state?.path ?? ''];
  };
  const leaves = active.filter(
    (id) => !active.some((other) => info.find((s) => s.id === other)?.parentId === id),
  );
  for (const leaf of leaves) {
    const chain: string[] = [];
    for (let id: string | null = leaf; id; id = info.find((s) => s.id === id)?.parentId ?? null)
      chain.push(id);
    if (!chain.some((id) => keysOf(id).some((k) => k && states[k]))) {
      throw new Error(
        `No assertion for state "${info.find((s) => s.id === leaf)?.path}" of ${entry.name}: add one to states`,
      );
    }
  }
  for (const id of active) {
    for (const key of keysOf(id)) {
      // Retried until it passes (the view updates after the machine, e.g. when a response lands).
      if (key && states[key]) await waitFor(() => states[key](view, snapshot), { timeout: 3000 });
    }
  }
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

/** Transitions a step took: event transitions from the machine, eventless ones from its microsteps. */
function stepTransitions(
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
  const micro = [
    from,
    ...getMicrosteps(machine, from as never, event as never).map(([s]) => s as AnyMachineSnapshot),
  ];
  const eventless = eventlessSteps(machine, micro, event, 2);
  return {
    states: eventless.states,
    transitions: [
      ...takenTransitions(machine, from, event, to).filter((id) => !targeted(id)),
      ...eventless.transitions,
    ],
  };
}

function initialSteps(entry: MachineEntry) {
  const micro = getInitialMicrosteps(entry.machine, entry.sampleInput as never).map(
    ([s]) => s as AnyMachineSnapshot,
  );
  const init = { type: 'xstate.init', input: entry.sampleInput } as EventObject;
  return eventlessSteps(entry.machine, micro, init, 1);
}

/** One test per path of `entry`'s machine, driving the real view (see docs/testing.md). */
export function testMachine<TView>(entry: MachineEntry, spec: ModelTest<TView>) {
  const modelEntry = { ...entry, sampleEvents: { ...entry.sampleEvents, ...spec.sampleEvents } };
  const paths =
    spec.paths === 'shortest'
      ? shortestPaths(modelEntry)
      : Array.isArray(spec.paths)
        ? spec.paths
        : coveragePaths(modelEntry);
  const description = describeMachine(entry.machine);
  const reached = new Set<string>();
  const taken = new Set<string>();

  describe(`${entry.name} (model-based)`, () => {
    afterAll(() => {
      const record: CoverageRecord = {
        machine: entry.name,
        states: description.states.slice(1).map((s) => s.id),
        transitions: description.transitions.map((t) => t.id),
        reachedStates: [...reached],
        takenTransitions: [...taken],
      };
      mkdirSync(COVERAGE_DIR, { recursive: true });
      const file = `${entry.name}.${process.pid}.${Math.random().toString(36).slice(2)}.json`;
      writeFileSync(join(COVERAGE_DIR, file), JSON.stringify(record));
    });

    for (const path of paths) {
      it(
        `reaches ${path.target} via ${pathText(entry.machine, path)}`,
        async () => {
          await spec.beforePath?.(path);
          let snapshot = startSnapshot(modelEntry);
          const view = await spec.render();
          await checkState(entry, spec.states, view, snapshot);
          for (const id of activeStateIds(snapshot)) reached.add(id);
          const start = initialSteps(modelEntry);
          for (const id of start.states) reached.add(id);
          for (const id of start.transitions) taken.add(id);
          for (const s of path.steps) {
            const exec = executorFor(entry, spec.events, s.event.type);
            if (!exec)
              throw new Error(`No executor for event "${s.event.type}" of ${entry.name}: add one to events`);
            const next = step(entry.machine, snapshot, s.event).snapshot;
            await exec(view, { event: s.event, from: snapshot, to: next });
            await checkState(entry, spec.states, view, next);
            const passed = stepTransitions(entry.machine, snapshot, s.event, next);
            for (const id of passed.transitions) taken.add(id);
            for (const id of passed.states) reached.add(id);
            for (const id of activeStateIds(next)) reached.add(id);
            snapshot = next;
          }
        },
        spec.timeout,
      );
    }
  });
}

/**
 * A server call the test settles by hand: the view's request waits (so the "busy" state can be
 * asserted) until the step for the actor's outcome calls `respond`. Installs an msw handler.
 */
export function heldResponse(method: 'get' | 'post' | 'put' | 'patch' | 'delete', url: string) {
  const waiting: ((response: Response) => void)[] = [];
  const arrived: (() => void)[] = [];
  let requests = 0;
  server.use(
    http[method](url, () => {
      requests += 1;
      for (const notify of arrived.splice(0)) notify();
      return new Promise<Response>((resolve) => waiting.push(resolve));
    }),
  );
  return {
    get requests() {
      return requests;
    },
    /** Answers the oldest waiting request (waiting for it to arrive first). */
    async respond(status: number, body: unknown) {
      if (!waiting.length) await new Promise<void>((resolve) => arrived.push(resolve));
      const resolve = waiting.shift() as (response: Response) => void;
      resolve(HttpResponse.json(body as never, { status }));
    },
  };
}
