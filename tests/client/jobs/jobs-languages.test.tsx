import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../src/i18n';
import { renderRoute } from '../render';

// The job seeker's forms in Bengali and Hindi: labels, options and hints in the language.
afterEach(() => setLanguage('en', { chosen: false }));

describe('/jobdetails1 in Bengali and Hindi', () => {
  it('labels the form in Bengali, with Bengali digits in the hints', async () => {
    await setLanguage('bn', { chosen: false });
    renderRoute('/jobdetails1');
    expect(await screen.findByRole('heading', { name: 'ব্যক্তিগত তথ্য' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^পুরো নাম/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^মোবাইল নম্বর/)).toHaveAttribute('placeholder', '১০ সংখ্যার মোবাইল নম্বর');
    const gender = screen.getByRole('radiogroup', { name: /লিঙ্গ/ });
    expect(within(gender).getByLabelText('মহিলা')).toHaveAttribute('value', 'female');
    expect(screen.getByText('আপনার বয়স অন্তত ১৮ বছর হতে হবে')).toBeInTheDocument();
    const marital = screen.getByLabelText(/^বৈবাহিক অবস্থা/);
    expect(within(marital).getByRole('option', { name: 'বিবাহিত' })).toHaveAttribute('value', 'married');
    expect(screen.getByRole('button', { name: 'পরবর্তী' })).toBeInTheDocument();
  });

  it('labels the form in Hindi', async () => {
    await setLanguage('hi', { chosen: false });
    renderRoute('/jobdetails1');
    expect(await screen.findByRole('heading', { name: 'निजी जानकारी' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^दूसरा नंबर \(वैकल्पिक\)/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'आगे' })).toBeInTheDocument();
  });
});
