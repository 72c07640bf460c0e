import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../src/i18n';
import { WRONG_PASSWORD } from '../../msw/handlers/auth';
import { fill } from '../fill';
import { renderRoute } from '../render';

/** The login and sign-up screens read in Bengali and in Hindi (queried by role and label). */
const TEXT = {
  bn: {
    logIn: 'লগ ইন করুন',
    signUp: 'অ্যাকাউন্ট খুলুন',
    email: 'ইমেল',
    password: 'পাসওয়ার্ড',
    title: 'আবার স্বাগত',
    signUpTitle: 'আপনার অ্যাকাউন্ট খুলুন',
    fieldRequired: 'এই ঘরটি পূরণ করা আবশ্যক',
    passwordRequired: 'পাসওয়ার্ড দিন',
    wrongPassword: 'ইমেল বা পাসওয়ার্ড ভুল। আবার চেষ্টা করুন।',
    accountType: 'অ্যাকাউন্টের ধরন',
    roles: ['শিক্ষক', 'ছাত্রছাত্রী', 'চাকরিপ্রার্থী'],
    agree: 'আমি শর্তাবলি মেনে নিচ্ছি',
    termsLink: 'শর্তাবলি',
    termsRequired: 'শর্তাবলিতে সম্মতি দেওয়া আবশ্যক',
    emailInvalid: 'সঠিক ইমেল ঠিকানা দিন',
    passwordTooShort: 'পাসওয়ার্ডে অন্তত ৮টি অক্ষর থাকতে হবে',
    termsTitle: 'শর্তাবলি ও গোপনীয়তা নীতি',
    agreeButton: 'আমি রাজি',
    language: 'ভাষা',
  },
  hi: {
    logIn: 'लॉग इन करें',
    signUp: 'साइन अप करें',
    email: 'ईमेल',
    password: 'पासवर्ड',
    title: 'फिर से स्वागत है',
    signUpTitle: 'अपना अकाउंट बनाएँ',
    fieldRequired: 'यह जानकारी भरना ज़रूरी है',
    passwordRequired: 'पासवर्ड डालें',
    wrongPassword: 'ईमेल या पासवर्ड ग़लत है। फिर से कोशिश करें।',
    accountType: 'अकाउंट का प्रकार',
    roles: ['शिक्षक', 'विद्यार्थी', 'नौकरी चाहने वाले'],
    agree: 'मुझे नियम और शर्तें स्वीकार हैं',
    termsLink: 'नियम और शर्तें',
    termsRequired: 'नियम और शर्तें स्वीकार करना ज़रूरी है',
    emailInvalid: 'सही ईमेल पता डालें',
    passwordTooShort: 'पासवर्ड कम से कम 8 अक्षरों का होना चाहिए',
    termsTitle: 'नियम और शर्तें तथा गोपनीयता नीति',
    agreeButton: 'मैं सहमत हूँ',
    language: 'भाषा',
  },
} as const;

describe.each(['bn', 'hi'] as const)('the login screen in %s', (language) => {
  const t = TEXT[language];

  it('labels, buttons and the rules’ messages (client side and from the server) are in the language', async () => {
    await setLanguage(language, { chosen: false });
    renderRoute('/');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: t.logIn }));
    expect(screen.getByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: t.language })).toHaveValue(language);
    expect(screen.getByText(t.fieldRequired)).toBeInTheDocument();
    expect(screen.getByText(t.passwordRequired)).toBeInTheDocument();

    await fill(u, screen.getByLabelText(t.email), 'asha@example.com');
    await fill(u, screen.getByLabelText(t.password), WRONG_PASSWORD);
    await u.click(screen.getByRole('button', { name: t.logIn }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.wrongPassword);
  });

  it('sign-up: account types, the terms checkbox and link, the rules’ messages, the terms text', async () => {
    await setLanguage(language, { chosen: false });
    renderRoute('/');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: t.signUp }));
    expect(await screen.findByRole('heading', { level: 1, name: t.signUpTitle })).toBeInTheDocument();
    const roles = await screen.findByLabelText(t.accountType);
    expect(
      within(roles)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([...t.roles]);
    expect(screen.getByRole('checkbox', { name: t.agree })).not.toBeChecked();

    await fill(u, screen.getByLabelText(t.email), 'not-an-email');
    await fill(u, screen.getByLabelText(t.password), 'short');
    await u.click(screen.getByRole('button', { name: t.signUp }));
    expect(screen.getByText(t.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(t.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByText(t.termsRequired)).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: t.termsLink }));
    const dialog = await screen.findByRole('dialog', { name: t.termsTitle });
    await u.click(within(dialog).getByRole('button', { name: t.agreeButton }));
    expect(screen.getByRole('checkbox', { name: t.agree })).toBeChecked();
  });
});

describe('switching language on the sign-up form', () => {
  it('keeps what was typed and chosen (nothing remounts) and translates in place', async () => {
    renderRoute('/');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Sign up' }));
    await fill(u, screen.getByLabelText('Email'), 'rina@example.com');
    await u.selectOptions(await screen.findByLabelText('Account type'), '2');
    await u.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'bn');
    expect(await screen.findByLabelText(TEXT.bn.email)).toHaveValue('rina@example.com');
    expect(screen.getByLabelText(TEXT.bn.accountType)).toHaveValue('2');
    expect(screen.getByRole('button', { name: TEXT.bn.signUp })).toBeInTheDocument();
    await u.selectOptions(screen.getByRole('combobox', { name: TEXT.bn.language }), 'en');
    expect(await screen.findByLabelText('Email')).toHaveValue('rina@example.com');
  });
});
