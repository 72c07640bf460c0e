import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { DoorView } from '../fixtures/machines/DoorView';
import { doorEntry } from '../fixtures/machines/door';
import { heldResponse, testMachine } from './kit';

// The kit's own model-based test, on the fixture machine (every feature: guard, invoke, delay,
// parallel regions, final state). Product machines follow the same pattern (docs/testing.md).
let checkCode: ReturnType<typeof heldResponse>;
const user = userEvent.setup();

testMachine(doorEntry, {
  beforePath: () => {
    checkCode = heldResponse('post', '*/api/door/check');
  },
  render: () => render(<DoorView />),
  states: {
    locked: () => expect(screen.getByRole('button', { name: 'Unlock' })).toBeInTheDocument(),
    'locked.idle': () => expect(screen.queryByRole('alert')).not.toBeInTheDocument(),
    'locked.failure': async () => expect(await screen.findByRole('alert')).toHaveTextContent('Wrong code'),
    checking: async () => expect(await screen.findByRole('status')).toHaveTextContent('Checking the code…'),
    unlocked: async () =>
      expect(await screen.findByText('Welcome, Asha.', {}, { timeout: 3000 })).toBeInTheDocument(),
    'unlocked.door.closed': () =>
      expect(screen.getByRole('button', { name: 'Open the door' })).toBeInTheDocument(),
    'unlocked.door.open': () =>
      expect(screen.getByRole('button', { name: 'Close the door' })).toBeInTheDocument(),
    'unlocked.light.off': () =>
      expect(screen.getByRole('button', { name: 'Light' })).toHaveAttribute('aria-pressed', 'false'),
    'unlocked.light.on': () =>
      expect(screen.getByRole('button', { name: 'Light' })).toHaveAttribute('aria-pressed', 'true'),
    done: () => expect(screen.getByText('Door locked for the night.')).toBeInTheDocument(),
  },
  events: {
    'code.change': async (_, { event }) => {
      const field = screen.getByLabelText('Code');
      await user.clear(field);
      await user.type(field, (event as unknown as { code: string }).code);
    },
    'form.submit': () => user.click(screen.getByRole('button', { name: 'Unlock' })),
    'xstate.done.actor.checkCode': () => checkCode.respond(200, { owner: 'Asha' }),
    'xstate.error.actor.checkCode': () => checkCode.respond(422, { message: 'Wrong code' }),
    'door.open': () => user.click(screen.getByRole('button', { name: 'Open the door' })),
    'door.close': () => user.click(screen.getByRole('button', { name: 'Close the door' })),
    'light.toggle': () => user.click(screen.getByRole('button', { name: 'Light' })),
    'door.lock': () => user.click(screen.getByRole('button', { name: 'Lock for the night' })),
    // The 3-second relock is waited for by the kit (a delay needs no executor).
  },
  timeout: 15000,
});
