import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { drafts } from '../../../src/lib/drafts';
import { renderRoute } from '../../client/auth/render';

/** Helpers shared by the student model tests (tests/model/kit.ts drives the real pages). */
export { renderRoute };
export type View = ReturnType<typeof renderRoute>;

export const STUDENT_USER_ID = 42;

/** A signed-in student (SPEC.md section 3 keys), optionally with a stored student id and a draft. */
export function signInStudent(
  options: {
    studentId?: number;
    draft?: { name: 'studentdetails1' | 'studentdetails2'; values: object };
  } = {},
) {
  localStorage.setItem('auth_token', 'student-token');
  localStorage.setItem('user_id', String(STUDENT_USER_ID));
  localStorage.setItem('role_id', '2');
  if (options.studentId) localStorage.setItem('student_id', String(options.studentId));
  if (options.draft) drafts.save(options.draft.name, STUDENT_USER_ID, options.draft.values);
}

/** A field by its label (required fields carry an asterisk after it). */
export const byLabel = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

/** The button is busy (Mantine's loading state) or not. */
export function expectBusy(name: string, busy = true) {
  const button = screen.getByRole('button', { name });
  if (busy) expect(button).toHaveAttribute('data-loading');
  else expect(button).not.toHaveAttribute('data-loading');
}

export const output = <T>(event: unknown) => (event as { output: T }).output;

// ---- Hand-rolled paths (being replaced by the kit in the remaining student model tests)
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
