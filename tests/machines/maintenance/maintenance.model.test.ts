import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor } from 'xstate';
import { DEFAULT_MAINTENANCE_UNTIL } from '../../../contract/constants';
import {
  formatBackBy,
  maintenanceMachine,
  remainingTime,
  TICK_MS,
  targetTime,
  yearOf,
} from '../../../machines/maintenance/maintenance';
import { modelPaths } from '../jobs/modelPaths';

const TARGET = '2025-04-25T18:00:00+05:30';
const T = Date.parse(TARGET);
const TICK = `xstate.after.${TICK_MS}.maintenance.counting`;

/** The model's clock: exactly one tick of time passes per tick (a fake, deterministic clock). */
const modelMachine = maintenanceMachine.provide({
  actions: { tick: assign({ now: ({ context }) => context.now + TICK_MS }) },
});

afterEach(() => {
  vi.useRealTimers();
});

describe('maintenance countdown: model-based paths against a fake clock', () => {
  const scenarios = [
    { name: 'before the target (3 s to go)', start: T - 3000, states: 4 },
    { name: 'at the target', start: T, states: 1 },
    { name: 'after the target', start: T + 3_600_000, states: 1 },
  ];

  it.each(scenarios)(
    '$name: every path replays on the real machine driven by fake timers',
    async ({ start, states }) => {
      const { all } = modelPaths(modelMachine, {
        input: { until: TARGET, clock: () => start },
        events: [{ type: TICK }],
        serializeState: (s) => JSON.stringify({ value: s.value, left: s.context.target - s.context.now }),
        signature: (s) => JSON.stringify({ value: s.value, left: s.context.target - s.context.now }),
      });
      expect(all).toHaveLength(states);
      expect(all.at(-1)?.state.value).toBe('elapsed');

      for (const path of all) {
        vi.useFakeTimers({ now: start });
        const actor = createActor(maintenanceMachine, {
          input: { until: TARGET, clock: () => Date.now() },
        }).start();
        for (const step of path.steps) {
          expect(step.event.type).toBe(TICK);
          expect(actor.getSnapshot().value).toBe('counting');
          await vi.advanceTimersByTimeAsync(TICK_MS);
        }
        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toBe(path.state.value);
        expect(remainingTime(snapshot.context)).toEqual(remainingTime(path.state.context));
        actor.stop();
        vi.useRealTimers();
      }
    },
  );

  it('counts 3, 2, 1 and then says the site is back (before -> at -> after)', async () => {
    vi.useFakeTimers({ now: T - 3000 });
    const actor = createActor(maintenanceMachine, { input: { until: TARGET } }).start();
    const seen: number[] = [];
    while (actor.getSnapshot().matches('counting')) {
      seen.push(remainingTime(actor.getSnapshot().context).seconds);
      await vi.advanceTimersByTimeAsync(TICK_MS);
    }
    expect(seen).toEqual([3, 2, 1]);
    expect(actor.getSnapshot().status).toBe('done');
    expect(Date.now()).toBe(T);
  });
});

describe('maintenance countdown: units', () => {
  it('splits the time left into days, hours, minutes and seconds, never below zero', () => {
    const left = ((2 * 24 + 5) * 3600 + 7 * 60 + 9) * 1000;
    expect(remainingTime({ target: T, now: T - left })).toEqual({
      days: 2,
      hours: 5,
      minutes: 7,
      seconds: 9,
    });
    // Part of a second left still shows as a second: zero only at the target.
    expect(remainingTime({ target: T, now: T - 1 })).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(remainingTime({ target: T, now: T - 86_399_000 })).toEqual({
      days: 0,
      hours: 23,
      minutes: 59,
      seconds: 59,
    });
    expect(remainingTime({ target: T, now: T + 5000 })).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
    });
  });

  it('follows the clock, not the number of ticks, when timers run late', async () => {
    let now = T - 10_000;
    const actor = createActor(maintenanceMachine, { input: { until: TARGET, clock: () => now } });
    vi.useFakeTimers({ now });
    actor.start();
    now += 6000; // the tab slept
    await vi.advanceTimersByTimeAsync(TICK_MS);
    expect(remainingTime(actor.getSnapshot().context).seconds).toBe(4);
  });

  it("uses SPEC.md's date when the configured target is missing or unreadable", () => {
    expect(targetTime(undefined)).toBe(Date.parse(DEFAULT_MAINTENANCE_UNTIL));
    expect(targetTime('soon')).toBe(Date.parse(DEFAULT_MAINTENANCE_UNTIL));
    expect(targetTime('2026-01-01T09:30:00+05:30')).toBe(Date.parse('2026-01-01T04:00:00Z'));
  });

  it('writes the target as SPEC.md does, in India time', () => {
    expect(formatBackBy(Date.parse(DEFAULT_MAINTENANCE_UNTIL))).toBe('April 25, 2025 at 6:00 PM');
    expect(formatBackBy(Date.parse('2026-01-01T04:00:00Z'))).toBe('January 1, 2026 at 9:30 AM');
    expect(yearOf(Date.parse('2025-12-31T19:00:00Z'))).toBe(2026);
  });
});
