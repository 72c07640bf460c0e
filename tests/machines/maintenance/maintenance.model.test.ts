import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor } from 'xstate';
import { DEFAULT_MAINTENANCE_UNTIL } from '../../../contract/constants';
import { findMachine } from '../../../machines';
import {
  formatBackBy,
  type MaintenanceContext,
  maintenanceMachine,
  remainingTime,
  TICK_MS,
  targetTime,
  yearOf,
} from '../../../machines/maintenance/maintenance';
import { renderRoute } from '../../client/render';
import { testMachine } from '../../model/kit';

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

/**
 * The real /maintainance page walked by the kit (tests/model/kit.ts) with a fake clock: Date is faked
 * at 2 seconds before the product's target and moved on one second per tick (the machine's real timer
 * still fires); the page shows 00 00 00 02, then 01, then 'We should be back now!'. The model's tick
 * adds exactly one second, so its context says what the page must show.
 */
const entry = findMachine('maintenance');
if (!entry) throw new Error('maintenance is not registered');
const START = T - 2000;
const modelEntry = {
  ...entry,
  machine: modelMachine,
  sampleInput: { until: DEFAULT_MAINTENANCE_UNTIL, clock: () => START },
};

testMachine(modelEntry, {
  beforePath: () => {
    vi.useFakeTimers({ toFake: ['Date'], now: START });
  },
  render: () => renderRoute('/maintainance'),
  states: {
    counting: (_, snapshot) => {
      const left = remainingTime(snapshot.context as MaintenanceContext);
      const timer = screen.getByRole('timer', { name: 'Time left' });
      const pad = (n: number) => String(n).padStart(2, '0');
      expect(timer).toHaveTextContent(
        `${pad(left.days)}Days${pad(left.hours)}Hours${pad(left.minutes)}Minutes${pad(left.seconds)}Seconds`,
      );
      expect(screen.getByText('April 25, 2025 at 6:00 PM')).toBeInTheDocument();
    },
    elapsed: () => {
      expect(screen.getByRole('status')).toHaveTextContent('We should be back now! Please refresh the page.');
      expect(screen.queryByRole('timer')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Refresh page' })).toBeEnabled();
    },
  },
  events: {
    // One second passes: the clock moves on, and the page's own timer fires.
    [TICK]: async () => {
      vi.setSystemTime(Date.now() + TICK_MS);
      await new Promise((resolve) => setTimeout(resolve, TICK_MS + 100));
    },
  },
  timeout: 15000,
});

describe('maintenance countdown: the real machine with fake timers', () => {
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

  it("uses the product's date when the configured target is missing or unreadable", () => {
    expect(targetTime(undefined)).toBe(Date.parse(DEFAULT_MAINTENANCE_UNTIL));
    expect(targetTime('soon')).toBe(Date.parse(DEFAULT_MAINTENANCE_UNTIL));
    expect(targetTime('2026-01-01T09:30:00+05:30')).toBe(Date.parse('2026-01-01T04:00:00Z'));
  });

  it('writes the target as the product does, in India time', () => {
    expect(formatBackBy(Date.parse(DEFAULT_MAINTENANCE_UNTIL))).toBe('April 25, 2025 at 6:00 PM');
    expect(formatBackBy(Date.parse('2026-01-01T04:00:00Z'))).toBe('January 1, 2026 at 9:30 AM');
    expect(yearOf(Date.parse('2025-12-31T19:00:00Z'))).toBe(2026);
  });
});
