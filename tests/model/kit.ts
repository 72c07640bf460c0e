import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { prettyDOM, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import type { MachineEntry } from '../../machines/registry';
import {
  activeStateIds,
  actorName,
  actualTransitions,
  coveragePaths,
  describeMachine,
  eventLabelOf,
  fewestPaths,
  initialTransitions,
  type MachinePath,
  pathText,
  shortestPaths,
  startSnapshot,
  step,
  valueText,
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
  /**
   * Which paths: 'coverage' (default: the fewest generated paths that reach every state and take every
   * transition, see `fewestPaths`), 'shortest' (one per state), or your own list (run as given).
   */
  paths?: 'coverage' | 'shortest' | MachinePath[];
  /** Extra or replacement sample payloads for generating paths (merged over the registry's). */
  sampleEvents?: MachineEntry['sampleEvents'];
  /** Called before each path's render (install msw handlers, seed local storage...). */
  beforePath?: (path: MachinePath) => void | Promise<void>;
  /** Per-test timeout. */
  timeout?: number;
  /**
   * Delays (`after`) without an executor of their own advance a fake clock: the kit installs Vitest's
   * fake timers (moving with real time too, so the screen and the network still work) before each
   * path and advances them by the delay. `{ now }`: a fake Date that starts at `now` and moves only
   * when a delay step moves it on (countdowns whose screen shows the exact time); timers stay real,
   * so such a step waits the delay. 'real' waits the delay out (a test that fakes the clock itself).
   */
  clock?: 'fake' | 'real' | { now: number };
}

/** What `npm run test:model` adds up (test-results/model-coverage/*.json): names, not ids. */
export interface CoverageRecord {
  machine: string;
  /** The model test file, relative to the repository. */
  file: string;
  states: string[];
  transitions: string[];
  reachedStates: string[];
  takenTransitions: string[];
}

// ---------------------------------------------------------------------------------------------
// The expected structure of a machine, committed beside its model test

/** A machine's states (dotted paths) and transitions, as people read them, sorted. */
export interface MachineStructure {
  machine: string;
  states: string[];
  transitions: string[];
}

/** Readable names for a machine's states and transitions (what the structure file and the table list). */
export function structureNames(machine: AnyStateMachine) {
  const d = describeMachine(machine);
  const pathOf = new Map(d.states.map((st) => [st.id, st.path || '(machine)']));
  const state = new Map(d.states.slice(1).map((st) => [st.id, st.path]));
  const transition = new Map<string, string>();
  const seen = new Map<string, number>();
  for (const t of d.transitions) {
    const targets = t.targetIds.map((id) => pathOf.get(id) ?? id).join(', ') || '(stays)';
    // A delay by name only: its length is configuration (tests shorten it), not structure.
    const label = t.kind === 'after' ? t.label.replace(/ \(\d+ ms\)/, '') : t.label;
    const base = `${pathOf.get(t.sourceId)}: ${label} → ${targets}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    transition.set(t.id, n === 1 ? base : `${base} #${n}`);
  }
  return { state, transition };
}

export function machineStructure(name: string, machine: AnyStateMachine): MachineStructure {
  const names = structureNames(machine);
  return {
    machine: name,
    states: [...names.state.values()].sort(),
    transitions: [...names.transition.values()].sort(),
  };
}

/** Where a model test keeps the structure of `name`: beside the test file. */
export function structureFile(testFile: string, name: string) {
  return join(dirname(testFile), `${name}.structure.json`);
}

/** `MODEL_STRUCTURE=update` (npm run test:model -- --update-structure) writes instead of comparing. */
const UPDATE = process.env.MODEL_STRUCTURE === 'update' || process.env.MODEL_STRUCTURE === 'only';
/** `MODEL_STRUCTURE=only` (npm run model:structure): write the structures, run no path. */
const STRUCTURE_ONLY = process.env.MODEL_STRUCTURE === 'only';

/** What differs between the committed structure and the machine: missing (removed) and new. */
export function structureDiff(expected: MachineStructure, actual: MachineStructure) {
  const diff = (a: string[], b: string[]) => a.filter((x) => !b.includes(x));
  return {
    missingStates: diff(expected.states, actual.states),
    newStates: diff(actual.states, expected.states),
    missingTransitions: diff(expected.transitions, actual.transitions),
    newTransitions: diff(actual.transitions, expected.transitions),
  };
}

/**
 * What a model test's first test says when `machine` no longer has the states and transitions
 * committed in `file`: each missing or new one by name (null when they match).
 */
export function structureMismatch(name: string, machine: AnyStateMachine, file: string): string | null {
  const update = 'npm run model:structure (or npm run test:model -- --update-structure)';
  if (!existsSync(file))
    return `No committed structure for ${name} (${relative(process.cwd(), file)}): run ${update}`;
  const expected = JSON.parse(readFileSync(file, 'utf8')) as MachineStructure;
  const d = structureDiff(expected, machineStructure(name, machine));
  const lines = [
    ...d.missingStates.map((x) => `  missing state: ${x}`),
    ...d.newStates.map((x) => `  new state: ${x}`),
    ...d.missingTransitions.map((x) => `  missing transition: ${x}`),
    ...d.newTransitions.map((x) => `  new transition: ${x}`),
  ];
  if (!lines.length) return null;
  return (
    `${name} differs from its committed structure (${relative(process.cwd(), file)}):\n${lines.join('\n')}\n` +
    `If the change is intended, run ${update} and review the diff.`
  );
}

function checkStructure(name: string, machine: AnyStateMachine, testFile: string) {
  const file = structureFile(testFile, name);
  if (UPDATE) {
    writeFileSync(file, `${JSON.stringify(machineStructure(name, machine), null, 2)}\n`);
    return;
  }
  const message = structureMismatch(name, machine, file);
  if (message) {
    const error = new Error(message);
    error.stack = error.message;
    throw error;
  }
}

/** A path runs with `clock: { now }`: Date is fake and moves only on delay steps. */
let frozenClock = false;

function executorFor<TView>(entry: MachineEntry, events: ModelTest<TView>['events'], type: string) {
  if (events[type]) return events[type];
  const actor = /^(xstate\.(?:done|error)\.actor\.)(.+)$/.exec(type);
  if (actor) return events[`${actor[1]}${actorName(entry.machine, actor[2])}`];
  if (type.startsWith('xstate.after.')) {
    const t = describeMachine(entry.machine).transitions.find((x) => x.eventType === type);
    const ms = Number(/(\d+) ms/.exec(t?.eventLabel ?? '')?.[1] ?? type.split('.')[2]);
    if (Number.isFinite(ms))
      return async () => {
        if (frozenClock) {
          // Only Date is fake: move it on by the delay, and let the page's own timer fire.
          vi.setSystemTime(Date.now() + ms);
          await new Promise<void>((resolve) => setTimeout(resolve, ms + 50));
        } else if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(ms);
        else await new Promise<void>((resolve) => setTimeout(resolve, ms + 50));
      };
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
  const asserted = new Set<string>();
  for (const id of active) {
    for (const key of keysOf(id)) {
      // Retried until it passes (the view updates after the machine, e.g. when a response lands).
      if (key && states[key]) {
        await waitFor(() => states[key](view, snapshot));
        asserted.add(id);
      }
    }
  }
  // A state is covered when its own assertion, or an ancestor's, ran while it was active; a parent
  // (compound state, parallel region) when one of its active children is covered.
  const parentOf = (id: string) => info.find((s) => s.id === id)?.parentId ?? null;
  const covered = new Set<string>();
  for (const id of active) {
    let isAsserted = false;
    for (let at: string | null = id; at; at = parentOf(at)) if (asserted.has(at)) isAsserted = true;
    if (!isAsserted) continue;
    for (let at: string | null = id; at; at = parentOf(at)) covered.add(at);
  }
  return active.filter((id) => covered.has(id));
}

/** States left as soon as they are entered (an eventless transition without a guard): never on screen. */
function transientStates(machine: AnyStateMachine) {
  const d = describeMachine(machine);
  return new Set(
    d.transitions.filter((t) => t.kind === 'always' && !t.guard && t.targetIds.length).map((t) => t.sourceId),
  );
}

/** The first lines of an error without Testing Library's whole-document dump. */
function shortMessage(error: unknown) {
  const text = error instanceof Error ? error.message : String(error);
  const cut = text.search(/\n\s*\n\s*(Ignored nodes|Here are the|<)/);
  return (cut > 0 ? text.slice(0, cut) : text).split('\n').slice(0, 12).join('\n');
}

/** A short look at the screen: the visible text of the page, then the start of its markup. */
function screenExcerpt() {
  if (typeof document === 'undefined') return '';
  // Without the text of style elements (Mantine's CSS variables).
  const body = document.body.cloneNode(true) as HTMLElement;
  for (const el of body.querySelectorAll('style, script')) el.remove();
  const text = (body.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);
  const markup = prettyDOM(document.body, 600, { highlight: false }) || '';
  return `Screen text: ${text || '(empty)'}\nMarkup (first 600 characters):\n${markup}`;
}

/** One test per path of `entry`'s machine, driving the real view (see docs/testing.md). */
export function testMachine<TView>(entry: MachineEntry, spec: ModelTest<TView>) {
  const modelEntry = { ...entry, sampleEvents: { ...entry.sampleEvents, ...spec.sampleEvents } };
  const testFile = expect.getState().testPath ?? '';
  if (STRUCTURE_ONLY) {
    describe(`${entry.name} (model-based)`, () => {
      it('structure written', () => checkStructure(entry.name, entry.machine, testFile));
    });
    return;
  }
  const paths =
    spec.paths === 'shortest'
      ? shortestPaths(modelEntry)
      : Array.isArray(spec.paths)
        ? spec.paths
        : fewestPaths(modelEntry, coveragePaths(modelEntry));
  const names = structureNames(entry.machine);
  const transient = transientStates(entry.machine);
  const reached = new Set<string>();
  const taken = new Set<string>();
  // The fake clock is installed only when a delay has no executor of its own (a test that handles
  // its delays, e.g. by holding the timers itself, keeps the real ones).
  const delaysLeftToKit = describeMachine(entry.machine).transitions.some(
    (t) => t.kind === 'after' && !spec.events[t.eventType],
  );
  const clock = spec.clock ?? (delaysLeftToKit ? 'fake' : 'real');

  describe(`${entry.name} (model-based)`, () => {
    afterAll(() => {
      const record: CoverageRecord = {
        machine: entry.name,
        file: relative(process.cwd(), testFile),
        states: [...names.state.values()],
        transitions: [...names.transition.values()],
        reachedStates: [...reached].flatMap((id) => names.state.get(id) ?? []),
        takenTransitions: [...taken].flatMap((id) => names.transition.get(id) ?? []),
      };
      mkdirSync(COVERAGE_DIR, { recursive: true });
      const file = `${entry.name}.${process.pid}.${Math.random().toString(36).slice(2)}.json`;
      writeFileSync(join(COVERAGE_DIR, file), JSON.stringify(record));
    });
    afterEach(() => {
      if (clock !== 'real') vi.useRealTimers();
    });

    // The machine still has the states and transitions committed beside this test: a removed
    // transition fails here by name (the paths below come from the machine and would just shrink).
    it('has the committed structure (states and transitions)', () =>
      checkStructure(entry.name, entry.machine, testFile));

    for (const path of paths) {
      it(
        `reaches ${path.target} via ${pathText(entry.machine, path)}`,
        async () => {
          // Delays advance a fake clock that otherwise moves with real time (timers set from now on).
          if (clock === 'fake') vi.useFakeTimers({ shouldAdvanceTime: true, advanceTimeDelta: 5 });
          frozenClock = typeof clock === 'object';
          if (typeof clock === 'object')
            vi.useFakeTimers({
              now: clock.now,
              toFake: ['Date'],
            });
          await spec.beforePath?.(path);
          let snapshot = startSnapshot(modelEntry);
          let where = `state ${valueText(snapshot.value)} at the start`;
          const fail = (error: unknown): never => {
            const wrapped = new Error(`${where}: ${shortMessage(error)}\n${screenExcerpt()}`);
            wrapped.stack = wrapped.message;
            throw wrapped;
          };
          const view = await spec.render();
          const covered = await checkState(entry, spec.states, view, snapshot).catch(fail);
          for (const id of covered) reached.add(id);
          const start = initialTransitions(modelEntry);
          for (const id of start.states) if (transient.has(id)) reached.add(id);
          for (const id of start.transitions) taken.add(id);
          for (const [n, s] of path.steps.entries()) {
            const exec = executorFor(entry, spec.events, s.event.type);
            if (!exec)
              throw new Error(`No executor for event "${s.event.type}" of ${entry.name}: add one to events`);
            const next = step(entry.machine, snapshot, s.event).snapshot;
            where = `state ${valueText(next.value)} after step ${n + 1} (event ${eventLabelOf(entry.machine, s.event.type)})`;
            await Promise.resolve(exec(view, { event: s.event, from: snapshot, to: next })).catch(fail);
            const seen = await checkState(entry, spec.states, view, next).catch(fail);
            const passed = actualTransitions(entry.machine, snapshot, s.event, next);
            for (const id of passed.transitions) taken.add(id);
            // Passed through on the way (eventless): counted only when it can never be on screen.
            for (const id of passed.states) if (transient.has(id)) reached.add(id);
            for (const id of seen) reached.add(id);
            snapshot = next;
          }
        },
        // A hang shows as a timeout; a loaded machine must not (long paths on a busy 2-core box).
        Math.max(spec.timeout ?? 0, 60000, path.steps.length * 5000),
      );
    }
  });
}

/**
 * How long `respond` waits for the view's request to arrive. A step whose call never comes (the
 * view skipped a call the model expects) then fails by name instead of holding the path until its
 * time-out, or the whole file for many paths.
 */
const ARRIVAL_WAIT_MS = 20_000;

/**
 * A server call the test settles by hand: the view's request waits (so the "busy" state can be
 * asserted) until the step for the actor's outcome calls `respond`. Installs an msw handler.
 */
export function heldResponse(method: 'get' | 'post' | 'put' | 'patch' | 'delete', url: string) {
  const waiting: ((response: Response) => void)[] = [];
  const arrived: (() => void)[] = [];
  let requests = 0;
  let standing: { status: number; body: unknown } | undefined;
  server.use(
    http[method](url, () => {
      requests += 1;
      if (standing) return HttpResponse.json(standing.body as never, { status: standing.status });
      for (const notify of arrived.splice(0)) notify();
      return new Promise<Response>((resolve) => waiting.push(resolve));
    }),
  );
  return {
    get requests() {
      return requests;
    },
    /** Requests that arrived and are not answered yet. */
    get pending() {
      return waiting.length;
    },
    /** Answers the oldest waiting request (waiting for it to arrive first, for a bounded time). */
    async respond(status: number, body: unknown) {
      if (!waiting.length) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await new Promise<void>((resolve, reject) => {
          arrived.push(resolve);
          timer = setTimeout(
            () =>
              reject(
                new Error(
                  `No ${method.toUpperCase()} ${url} arrived within ${ARRIVAL_WAIT_MS / 1000} s: the view did not make the call this step answers`,
                ),
              ),
            ARRIVAL_WAIT_MS,
          );
        }).finally(() => clearTimeout(timer));
      }
      const resolve = waiting.shift() as (response: Response) => void;
      resolve(HttpResponse.json(body as never, { status }));
    },
    /**
     * Answers every waiting request, and every later one until the next call, with this response: for a
     * read that several parts of the screen make (the header's bell and the page's own list).
     */
    async respondToAll(status: number, body: unknown) {
      await this.respond(status, body);
      standing = { status, body };
      for (const resolve of waiting.splice(0)) resolve(HttpResponse.json(body as never, { status }));
    },
  };
}

/**
 * While a form is being saved its fields wait, locked: nothing typed, picked or ticked then would be
 * sent, so none of it is taken (the form's text boxes, lists and boxes all disabled). `submit` is
 * the form's submit button.
 */
export function expectFormLocked(submit: HTMLElement, locked = true) {
  const form = submit.closest('form');
  if (!form) throw new Error('the submit button is not in a form');
  const fields = [...form.querySelectorAll('input, select, textarea')].filter(
    (el) => (el as HTMLInputElement).type !== 'hidden',
  );
  expect(fields.length).toBeGreaterThan(0);
  for (const field of fields)
    if (locked) expect(field).toBeDisabled();
    else expect(field).not.toBeDisabled();
}
