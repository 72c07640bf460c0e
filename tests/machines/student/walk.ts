import { expect } from 'vitest';
import { type AnyStateMachine, createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';

export const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
export const failed = (id: string, error: unknown = new Error(`${id} failed`)) => ({
  type: `xstate.error.actor.${id}`,
  error,
});
/** An actor that never answers: the path's events answer for it. */
export const pending = () => fromPromise(() => new Promise<never>(() => {}));

/**
 * Model-based paths: every shortest path of `machine` over `events` (actor answers included), replayed
 * on a live actor (actors stubbed as `pending`, actions recorded). Each replay must end in the state
 * and context the model predicts. Returns the paths and what each replay recorded, for extra checks.
 */
export function walkShortestPaths<M extends AnyStateMachine>(
  machine: M,
  options: {
    input: unknown;
    events: Array<{ type: string; [k: string]: unknown }>;
    actors: string[];
    actions: string[];
    serialize?: (snapshot: ReturnType<M['getInitialSnapshot']>) => string;
  },
) {
  const paths = getShortestPaths(machine, {
    input: options.input,
    events: options.events as never,
    filterEvents: (s: { can(e: never): boolean }, e: unknown) => s.can(e as never),
    serializeState: (s: { value: unknown; status: string; context: unknown }) =>
      options.serialize ? options.serialize(s as never) : JSON.stringify([s.value, s.status, s.context]),
  } as never);
  expect(paths.length).toBeGreaterThan(1);
  return paths.map((path) => {
    const calls: Array<{ action: string; params: unknown }> = [];
    const provided = machine.provide({
      actors: Object.fromEntries(options.actors.map((a) => [a, pending()])),
      actions: Object.fromEntries(
        options.actions.map((a) => [a, (_: unknown, params: unknown) => calls.push({ action: a, params })]),
      ),
      delays: {},
    } as never);
    const actor = createActor(provided, { input: options.input as never });
    actor.start();
    for (const step of path.steps) actor.send(step.event as never);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    expect(snapshot.status).not.toBe('error');
    actor.stop();
    return { path, snapshot, calls, states: path.steps.map((s) => JSON.stringify(s.state.value)) };
  });
}

/** Every state value reached by some path (as JSON). */
export const reached = (walks: Array<{ snapshot: { value: unknown } }>) =>
  new Set(walks.map((w) => JSON.stringify(w.snapshot.value)));
