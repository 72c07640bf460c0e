import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../src/app/theme';
import { OnDemandModal } from '../../src/components/OnDemandModal';

// The dialog's code arrives only when the test lets it: as on a slow network, where a person may
// press the button before the code fetched in idle time is in.
const code = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});
vi.mock('../../src/components/LoadedModal', async (importOriginal) => {
  await code.arrived;
  return importOriginal();
});

function Confirming() {
  const [opened, setOpened] = useState(false);
  return (
    <MantineProvider theme={theme} env="test">
      <button type="button" onClick={() => setOpened(true)}>
        End contract
      </button>
      <OnDemandModal opened={opened} onClose={() => setOpened(false)} title="End Contract">
        <button type="button" onClick={() => setOpened(false)}>
          Cancel
        </button>
      </OnDemandModal>
    </MantineProvider>
  );
}

describe('a dialog whose code loads on demand', () => {
  it('opens once its code is in when asked for before, takes focus, and gives it back when closed', async () => {
    const user = userEvent.setup();
    render(<Confirming />);
    const opener = screen.getByRole('button', { name: 'End contract' });
    await user.click(opener);
    expect(screen.queryByRole('dialog')).toBeNull();

    code.arrive();
    const dialog = await screen.findByRole('dialog', { name: 'End Contract' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'End Contract' })).toBeInTheDocument();
  });
});
