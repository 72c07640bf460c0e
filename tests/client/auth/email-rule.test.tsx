import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { type Language, setLanguage } from '../../../src/i18n';
import { server } from '../../msw/server';
import { fill } from '../fill';
import { renderRoute } from '../render';

/**
 * The one email rule on the sign-up form: an address in letters of any script is an address; an emoji, a space or a domain without a dot is refused with the words the server's 422 uses.
 */
describe.each<[Language, string, string, string, string]>([
  ['en', 'Sign up', 'Email', 'Password', 'Please enter a valid email address'],
  ['bn', 'অ্যাকাউন্ট খুলুন', 'ইমেল', 'পাসওয়ার্ড', 'সঠিক ইমেল ঠিকানা দিন'],
  ['hi', 'साइन अप करें', 'ईमेल', 'पासवर्ड', 'सही ईमेल पता डालें'],
])('sign-up email in %s', (language, signUp, emailLabel, passwordLabel, invalid) => {
  it('takes an internationalised address and refuses what is not one', async () => {
    const sent: string[] = [];
    server.use(
      http.post('*/api/v1/users', async ({ request }) => {
        sent.push(String(((await request.json()) as { email?: string }).email));
        return HttpResponse.json({ status: 'success' }, { status: 201 });
      }),
    );
    await setLanguage(language, { chosen: false });
    renderRoute('/');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: signUp }, { timeout: 10000 }));
    await fill(u, await screen.findByLabelText(emailLabel), '😀@x.com');
    await fill(u, screen.getByLabelText(passwordLabel), 'password123');
    await u.click(screen.getByRole('button', { name: signUp }));
    expect(await screen.findByText(invalid)).toBeInTheDocument();
    for (const refused of ['অমিত @উদাহরণ.ভারত', 'jürgen@müller']) {
      await fill(u, screen.getByLabelText(emailLabel), refused);
      await u.click(screen.getByRole('button', { name: signUp }));
      expect(screen.getByText(invalid)).toBeInTheDocument();
    }
    expect(sent).toEqual([]);

    await fill(u, screen.getByLabelText(emailLabel), 'অমিত@উদাহরণ.ভারত');
    await u.click(screen.getByRole('button', { name: signUp }));
    expect(screen.queryByText(invalid)).not.toBeInTheDocument();
  });
});
