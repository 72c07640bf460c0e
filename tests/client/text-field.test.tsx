import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MAX } from '../../contract/api/common';
import { theme } from '../../src/app/theme';
import { Textarea, TextInput } from '../../src/components/TextField';
import { renderRoute } from './render';

/** The description a field points at with aria-describedby (null when it points at nothing). */
function describedBy(field: HTMLElement): string | null {
  const ids = field.getAttribute('aria-describedby');
  if (!ids) return null;
  return ids
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

function Controlled() {
  const [value, setValue] = useState('');
  return (
    <Textarea label="Reason" maxLength={6} value={value} onChange={(e) => setValue(e.currentTarget.value)} />
  );
}

describe('text fields with a maximum length', () => {
  it('say politely, and to a screen reader, that the field is full once typing reaches the limit', async () => {
    const u = userEvent.setup();
    render(
      <MantineProvider theme={theme} env="test">
        <TextInput label="Name" maxLength={5} description="As on your Aadhar card" />
        <Controlled />
        <TextInput label="Note" />
      </MantineProvider>,
    );
    const name = screen.getByLabelText('Name');
    await u.type(name, 'abcd');
    expect(screen.queryByText('Up to 5 characters')).not.toBeInTheDocument();
    expect(describedBy(name)).toBe('As on your Aadhar card');

    await u.type(name, 'efgh');
    expect(name).toHaveValue('abcde');
    expect(screen.getByRole('status')).toHaveTextContent('Up to 5 characters');
    expect(describedBy(name)).toBe('As on your Aadhar card Up to 5 characters');

    // Below the limit again, the note goes.
    await u.type(name, '{Backspace}');
    expect(screen.queryByText('Up to 5 characters')).not.toBeInTheDocument();

    const reason = screen.getByLabelText('Reason');
    await u.type(reason, 'because of');
    expect(reason).toHaveValue('becaus');
    expect(describedBy(reason)).toBe('Up to 6 characters');

    // A field without a limit never shows it.
    await u.type(screen.getByLabelText('Note'), 'x'.repeat(30));
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('on a real screen: the login email stops at the limit the server checks, and says so', async () => {
    renderRoute('/');
    const u = userEvent.setup();
    const email = await screen.findByLabelText('Email');
    await u.click(email);
    await u.paste('a'.repeat(MAX.email + 40));
    expect((email as HTMLInputElement).value).toHaveLength(MAX.email);
    expect(describedBy(email)).toContain(`Up to ${MAX.email} characters`);
  });
});
