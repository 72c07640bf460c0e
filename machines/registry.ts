import type { AnyStateMachine } from 'xstate';

/** An event's payload without its `type`. */
export type SamplePayload = Record<string, unknown>;

/**
 * What the machine registry (machines/index.ts) knows of each machine: QA's visualiser, the generated
 * docs and the model-based tests all read it.
 */
export interface MachineEntry {
  /** URL-safe name: /__machines/<name>, docs/machines/<name>.md. Equals the machine's id. */
  name: string;
  title: string;
  /** Routes where the machine runs. */
  routes: string[];
  description: string;
  machine: AnyStateMachine;
  /**
   * Sample payloads per event type, for walking the machine by hand and for generating paths. One
   * payload, or several (e.g. a valid and an invalid value) to reach both branches of a guard.
   * Invoked actors' outcomes use the events XState sends: `'xstate.done.actor.<invoke id>':
   * { output: ... }` and `'xstate.error.actor.<invoke id>': { error: ... }`.
   */
  sampleEvents?: Record<string, SamplePayload | SamplePayload[]>;
  /** Input for machines that need one (`createActor(machine, { input })`). */
  sampleInput?: unknown;
  /**
   * The declared shape of an invoked actor's output, keyed by the actor's src: a struct from
   * contract/ (anything with superstruct's `validate`). The visualiser checks a hand-made output
   * against it and shows the mismatch instead of sending it.
   */
  actorOutputs?: Record<string, OutputCheck>;
  /**
   * A machine whose input takes a clock (`() => milliseconds`): the walk (visualiser, docs, paths)
   * gives it a fake clock starting at `startAt` (ISO date-time) that moves only when a delay fires,
   * by that delay. `inputField` names the input's clock field; an input that sets it keeps its own.
   */
  fakeClock?: { inputField: string; startAt: string };
}

/** What the visualiser needs of a struct: superstruct's `validate` ([error] or [undefined, value]). */
export interface OutputCheck {
  validate(value: unknown): [{ message: string } | undefined, unknown?];
}

/** A list of `item`s (an actor resolving with an array of contract/ structs). */
export function listOf(item: OutputCheck): OutputCheck {
  return {
    validate(value) {
      if (!Array.isArray(value))
        return [{ message: `Expected an array, but received: ${JSON.stringify(value)}` }];
      for (const [i, element] of value.entries()) {
        const [error] = item.validate(element);
        if (error) return [{ message: `At item ${i}: ${error.message}` }];
      }
      return [undefined, value];
    },
  };
}

/** `check`, or null (an actor resolving with null when there is nothing yet). */
export function orNull(check: OutputCheck): OutputCheck {
  return { validate: (value) => (value === null ? [undefined, null] : check.validate(value)) };
}
