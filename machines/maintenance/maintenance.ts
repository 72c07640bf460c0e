import { assign, setup } from 'xstate';
import { DEFAULT_MAINTENANCE_UNTIL } from '../../contract/constants';

/**
 * The maintenance countdown (/maintainance): ticks every second until the target time, then says the
 * site should be back. The clock is input, so tests drive it with a fake one.
 */
export interface MaintenanceInput {
  /** ISO date-time of the end of maintenance (configuration); the product's date when missing or unreadable. */
  until?: string | null;
  /** Milliseconds since the epoch; Date.now when absent. */
  clock?: () => number;
}

export interface MaintenanceContext {
  target: number;
  now: number;
  clock: () => number;
}

export const TICK_MS = 1000;

export function targetTime(until: string | null | undefined): number {
  const parsed = until ? Date.parse(until) : Number.NaN;
  return Number.isNaN(parsed) ? Date.parse(DEFAULT_MAINTENANCE_UNTIL) : parsed;
}

export const maintenanceMachine = setup({
  types: {
    context: {} as MaintenanceContext,
    input: {} as MaintenanceInput,
  },
  actions: {
    tick: assign({ now: ({ context }) => context.clock() }),
  },
  guards: {
    targetReached: ({ context }) => context.now >= context.target,
  },
}).createMachine({
  id: 'maintenance',
  context: ({ input }) => {
    const clock = input?.clock ?? Date.now;
    return { target: targetTime(input?.until), now: clock(), clock };
  },
  initial: 'counting',
  states: {
    counting: {
      always: { guard: 'targetReached', target: 'elapsed' },
      after: {
        [TICK_MS]: { target: 'counting', reenter: true, actions: 'tick' },
      },
    },
    elapsed: { type: 'final' },
  },
});

export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Days, hours, minutes and seconds left, rounded up to the second (so 0 shows only at the target). */
export function remainingTime(context: Pick<MaintenanceContext, 'target' | 'now'>): Remaining {
  const total = Math.max(0, Math.ceil((context.target - context.now) / 1000));
  return {
    days: Math.floor(total / 86400),
    hours: Math.floor((total % 86400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** 'April 25, 2025 at 6:00 PM' in India time, as the product writes the target. */
export function formatBackBy(target: number, timeZone = 'Asia/Kolkata'): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(new Date(target))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.month} ${parts.day}, ${parts.year} at ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
}

/** The year of the clock's current time in India (for the footer's copyright). */
export function yearOf(time: number, timeZone = 'Asia/Kolkata'): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(new Date(time)));
}
