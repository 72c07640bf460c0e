import type { AnyStateMachine } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { failure } from '../../../machines/samples';

/** Events an invoked actor sends when it resolves or fails. */
export const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
export const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

export { noResponse } from '../../../machines/samples';

/** A 422 as the HTTP layer reports it (contract/api-failure.ts). */
export const unprocessable = (errors: Record<string, string[]>, message = 'Validation failed') =>
  failure(422, { errors, message }, message);

/** Every shortest path of a machine over the given events (only events the state handles are sent). */
export function shortestPaths(machine: AnyStateMachine, input: unknown, events: Array<{ type: string }>) {
  return getShortestPaths(machine, {
    input,
    events: events as never,
    filterEvents: (s: { can(e: unknown): boolean }, e: unknown) => s.can(e),
    serializeState: (s: { value: unknown; context: unknown }) => JSON.stringify([s.value, s.context]),
  } as never);
}
