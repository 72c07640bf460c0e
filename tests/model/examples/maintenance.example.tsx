import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { assign } from 'xstate';
import { findMachine } from '../../../machines';
import { type MaintenanceContext, remainingTime, TICK_MS } from '../../../machines/maintenance/maintenance';
import { renderRoute } from '../../client/render';
import { testMachine } from '../kit';

// docs/testing.md walks through this file; tests/model/examples.model.test.ts runs it.
const UNTIL = '2030-03-10T12:00:00+05:30';
const START = Date.parse(UNTIL) - 2 * TICK_MS; // two seconds before the end

export function maintenanceExample() {
  const entry = findMachine('maintenance');
  if (!entry) throw new Error('maintenance is not registered');
  // The model: the same machine, whose clock moves exactly one second per tick.
  const model = entry.machine.provide({
    actions: { tick: assign({ now: ({ context }) => context.now + TICK_MS }) },
  });
  testMachine(
    // Input: the model starts where the page will (the configured end, the test's start time).
    { ...entry, machine: model, sampleInput: { until: UNTIL, clock: () => START } },
    {
      // Clock: fake, at START; it moves only when a delay step advances it (by TICK_MS here).
      clock: { now: START },
      beforePath: () => {
        // Config: what the server would write into index.html for this page.
        window.__APP_CONFIG__ = { maintenanceUntil: UNTIL };
      },
      render: () => renderRoute('/maintainance'),
      states: {
        counting: (_, snapshot) => {
          const { seconds } = remainingTime(snapshot.context as MaintenanceContext);
          expect(screen.getByRole('timer', { name: 'Time left' })).toHaveTextContent(
            `00Days00Hours00Minutes${String(seconds).padStart(2, '0')}Seconds`,
          );
        },
        elapsed: () =>
          expect(screen.getByRole('status')).toHaveTextContent(
            'We should be back now! Please refresh the page.',
          ),
      },
      // No executor for the tick: it is a delay, so the kit advances the fake clock by one second.
      events: {},
    },
  );
}
