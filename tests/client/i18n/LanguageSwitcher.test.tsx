import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../contract/rules/auth';
import { formatDate, formatNumber, i18n, monthNames, setLanguage, translateMessage } from '../../../src/i18n';
import { renderRoute } from '../render';

describe('the language switcher', () => {
  it('is a labelled select in the header of the login screen; choosing বাংলা switches and is remembered', async () => {
    renderRoute('/');
    const select = await screen.findByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    await userEvent.selectOptions(select, 'bn');
    // The same control, now named in Bengali; <html lang> follows; the browser remembers the choice.
    const bengali = await screen.findByRole('combobox', { name: 'ভাষা' });
    expect(bengali).toHaveValue('bn');
    await waitFor(() => expect(document.documentElement.lang).toBe('bn'));
    expect(localStorage.getItem('language')).toBe('bn');
  });
});

describe('Intl helpers and rule messages', () => {
  it('formats numbers and dates in the language: Bengali digits in bn, wire formats untouched', async () => {
    await setLanguage('bn', { chosen: false });
    const date = new Date(2026, 10, 22);
    expect(formatDate(date)).toBe('২২ নভেম্বর ২০২৬');
    expect(formatDate(date, 'numeric')).toBe('২২/১১/২০২৬');
    expect(formatNumber(125000)).toBe('১,২৫,০০০');
    expect(monthNames('long')[0]).toMatch(/^জানুয়ার/); // ী or ি, by ICU version
    expect(formatDate(date, 'long', 'hi')).toBe('22 नवंबर 2026');
    expect(formatDate(date, 'long', 'en')).toBe('22 November 2026');
    await setLanguage('en', { chosen: false });
    expect(formatDate(date, 'numeric')).toBe('22/11/2026');
  });

  it("shows a rule's message in English exactly, and any unknown text as it is", () => {
    expect(i18n.language).toBe('en');
    expect(translateMessage(AUTH_MESSAGES.passwordTooShort)).toBe('Password must be at least 8 characters');
    expect(translateMessage(AUTH_MESSAGES.authFailed(503))).toBe(AUTH_MESSAGES.authFailed(503));
    expect(translateMessage('Something the catalogue does not know')).toBe(
      'Something the catalogue does not know',
    );
  });
});
