import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { machineRegistry } from '../../machines';
import {
  activeStateIds,
  actualTransitions,
  describeMachine,
  initialTransitions,
  sampleEventsFor,
  samplesOf,
  valueText,
  walk,
} from '../../src/features/machines/analysis';
import {
  currentSnapshot,
  enabledEvents,
  enabledTransitionIds,
  trySend,
  type WalkState,
} from '../../src/features/machines/walker';

/**
 * Every registered machine through the visualiser's own walk code (what its buttons call): every
 * sample of every event, and for every invoked actor outputs and errors of every JSON shape (object,
 * array, string, number, boolean, null) and malformed ones. Nothing may throw: the visualiser shows
 * the machine's refusal instead of a blank page.
 */
const ODD_VALUES: unknown[] = [null, [], [{}], ['x', 1], '', 'text', 0, 42, true, {}, { unexpected: [null] }];

/**
 * States only another input reaches: QA types it into the visualiser's input editor ("Start with this
 * input"), and the walk below takes it too.
 */
const OTHER_INPUTS: Record<string, unknown[]> = {
  // Nobody signed in: the sample input is a signed-in student.
  studentPersonal: [{ userId: null, today: '2025-06-01' }],
  // Change request: a request id to load and update.
  subjectRequest: [{ loggedIn: true, changeRequestId: 21 }],
};

/** What the visualiser renders for a walk: none of it may throw either. */
function render(entry: (typeof machineRegistry)[number], state: WalkState) {
  const snapshot = currentSnapshot(state);
  valueText(snapshot.value);
  activeStateIds(snapshot);
  enabledEvents(entry, snapshot);
  enabledTransitionIds(entry, snapshot);
  JSON.stringify(snapshot.context ?? null);
}

describe.each(machineRegistry.map((e) => [e.name, e] as const))('%s in the visualiser', (_name, entry) => {
  const w = walk(entry);
  const all = [...w.nodes.values()].map((n) => n.snapshot);
  // One snapshot per state value is enough to try every actor outcome there.
  const reachable = [...new Map(all.map((s) => [JSON.stringify(s.value), s])).values()];

  it('takes every sample of every enabled event, or says why not, in every reachable state', () => {
    for (const snapshot of reachable) {
      const at: WalkState = { start: snapshot, steps: [] };
      for (const event of sampleEventsFor(snapshot, entry.sampleEvents, entry.machine)) {
        const result = trySend(entry, at, event);
        if (result.walk) render(entry, result.walk);
        else expect(result.error).toEqual(expect.any(String));
      }
    }
  });

  it('survives any output and any error from every invoked actor', () => {
    for (const snapshot of reachable) {
      const at: WalkState = { start: snapshot, steps: [] };
      for (const actor of enabledEvents(entry, snapshot).actors) {
        const outputs = [
          ...samplesOf(entry.sampleEvents, actor.done ?? '', entry.machine).map((s) => s.output),
          ...ODD_VALUES,
        ];
        const errors = [
          ...samplesOf(entry.sampleEvents, actor.error ?? '', entry.machine).map((s) => s.error),
          ...ODD_VALUES,
        ];
        const events: EventObject[] = [
          ...(actor.done ? outputs.map((output) => ({ type: actor.done as string, output })) : []),
          ...(actor.error ? errors.map((error) => ({ type: actor.error as string, error })) : []),
        ];
        for (const event of events) {
          let result: ReturnType<typeof trySend> | undefined;
          expect(
            () => {
              result = trySend(entry, at, event);
            },
            `${event.type} with ${JSON.stringify(event)}`,
          ).not.toThrow();
          if (result?.walk) expect(() => render(entry, result?.walk as WalkState)).not.toThrow();
        }
      }
    }
  });

  it('reaches every state by hand with the samples (and the input editor)', () => {
    const reached = new Set<string>();
    const inputs = [
      entry,
      ...(OTHER_INPUTS[entry.name] ?? []).map((input) => ({ ...entry, sampleInput: input })),
    ];
    for (const e of inputs) {
      const ww = e === entry ? w : walk(e);
      // States the machine only passes through (eventless transitions) count too.
      for (const s of ww.nodes.values()) for (const id of activeStateIds(s.snapshot)) reached.add(id);
      for (const id of initialTransitions(e).states) reached.add(id);
      for (const edge of ww.edges) {
        const from = ww.nodes.get(edge.from)?.snapshot;
        const to = ww.nodes.get(edge.to)?.snapshot;
        if (from && to)
          for (const id of actualTransitions(entry.machine, from, edge.event, to).states) reached.add(id);
      }
    }
    const states = describeMachine(entry.machine).states.slice(1);
    const missing = states.filter((s) => !reached.has(s.id)).map((s) => s.path);
    expect(missing).toEqual([]);
  });
});
