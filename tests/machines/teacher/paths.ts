import type { AnyStateMachine } from 'xstate';
import { getShortestPaths } from 'xstate/graph';

/** Events an invoked actor sends when it resolves or fails. */
export const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
export const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

/** A 422 as the HTTP layer reports it (contract/api-failure.ts). */
export const unprocessable = (errors: Record<string, string[]>, message = 'Validation failed') => ({
  kind: 'response',
  status: 422,
  body: { errors, message },
  message,
});
export const noResponse = {
  kind: 'no_response',
  status: null,
  body: null,
  message: 'No response from server. Please try again later.',
};

/** Every shortest path of a machine over the given events (only events the state handles are sent). */
export function shortestPaths(machine: AnyStateMachine, input: unknown, events: Array<{ type: string }>) {
  return getShortestPaths(machine, {
    input,
    events: events as never,
    filterEvents: (s: { can(e: unknown): boolean }, e: unknown) => s.can(e),
    serializeState: (s: { value: unknown; context: unknown }) => JSON.stringify([s.value, s.context]),
  } as never);
}
