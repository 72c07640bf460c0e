import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MAX } from '../../contract/api/common';
import { ADMIN_MESSAGES } from '../../contract/rules/admin';
import { theme } from '../../src/app/theme';
import { Textarea, TextInput } from '../../src/components/TextField';
import { setLanguage } from '../../src/i18n';
import { renderRoute } from './render';

function Controlled() {
  const [value, setValue] = useState('');
  return (
    <Textarea
      label="Reason"
      maxLength={6}
      tooLong={ADMIN_MESSAGES.reasonTooLong}
      value={value}
      onChange={(e) => setValue(e.currentTarget.value)}
    />
  );
}

describe('text fields with a maximum length', () => {
  it('take every character typed: at the limit they say so, past it the rule says why it cannot be sent', async () => {
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
    expect(name).toHaveAccessibleDescription('As on your Aadhar card');

    await u.type(name, 'e');
    expect(screen.getByRole('status')).toHaveTextContent('Up to 5 characters');
    expect(name).toHaveAccessibleDescription('As on your Aadhar card Up to 5 characters');

    // Past it nothing is cut: the field keeps the text and names the boundary rule the server applies.
    await u.type(name, 'fgh');
    expect(name).toHaveValue('abcdefgh');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Name must be at most 5 characters');
    expect(name).toHaveAccessibleDescription('Name must be at most 5 characters As on your Aadhar card');

    // Below the limit again, the message goes.
    await u.type(name, '{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    // A multi-line field counts as it goes and, past the limit, shows its own rule's words.
    const reason = screen.getByLabelText('Reason');
    expect(reason).toHaveAccessibleDescription('0/6');
    await u.type(reason, 'because of');
    expect(reason).toHaveValue('because of');
    expect(reason).toHaveAccessibleDescription(`${ADMIN_MESSAGES.reasonTooLong} 10/6`);

    // A field without a limit never shows it.
    await u.type(screen.getByLabelText('Note'), 'x'.repeat(30));
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('on a real screen: a pasted login email past the server limit is kept whole and refused in words', async () => {
    renderRoute('/');
    const u = userEvent.setup();
    const email = await screen.findByLabelText('Email');
    await u.click(email);
    await u.paste('a'.repeat(MAX.email + 40));
    expect((email as HTMLInputElement).value).toHaveLength(MAX.email + 40);
    expect(email).toHaveAccessibleDescription(`Email must be at most ${MAX.email} characters`);
  });

  it('in Bengali, typing past the limit shows the limit in Bengali digits', async () => {
    await setLanguage('bn', { chosen: false });
    try {
      renderRoute('/');
      const u = userEvent.setup();
      const email = await screen.findByLabelText('ইমেল');
      await u.click(email);
      await u.paste(`${'a'.repeat(MAX.email - 8)}@site.in`);
      expect(email).not.toHaveAttribute('aria-invalid');
      await u.type(email, 'n');
      expect(email).toHaveAttribute('aria-invalid', 'true');
      // MAX.email is 254.
      expect(email).toHaveAccessibleDescription('ইমেল: সর্বোচ্চ ২৫৪টি অক্ষর হতে পারে');
    } finally {
      await setLanguage('en', { chosen: false });
    }
  });
});
