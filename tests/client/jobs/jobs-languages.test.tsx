import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

describe('/jobdetails2 in Bengali', () => {
  it('gives the year of passing its example in Bengali digits, as its hint and its error', async () => {
    await setLanguage('bn', { chosen: false });
    renderRoute('/jobdetails2');
    expect(await screen.findByLabelText(/^পাশ করার বছর/)).toHaveAttribute('placeholder', 'যেমন ২০২৩');
  });
});

describe('/joblist in Bengali and Hindi: the contract option lists by name, their wire values unchanged', () => {
  it('names industries, districts and employment types in Bengali', async () => {
    await setLanguage('bn', { chosen: false });
    renderRoute('/joblist');
    const card = await screen.findByRole('listitem', { name: /./ }, { timeout: 15000 });
    expect(card).toHaveTextContent('স্কুল · কলকাতা · ফুল-টাইম');
    const industry = screen.getByLabelText('শিল্পক্ষেত্র');
    expect(within(industry).getByRole('option', { name: 'কোচিং সেন্টার' })).toHaveAttribute(
      'value',
      'coaching_centre',
    );
    const district = screen.getByLabelText('জেলা');
    expect(within(district).getByRole('option', { name: 'উত্তর ২৪ পরগনা' })).toHaveAttribute(
      'value',
      'North 24 Parganas',
    );
    expect(within(district).getByRole('option', { name: 'রিমোট (বাড়ি থেকে কাজ)' })).toHaveAttribute(
      'value',
      'remote',
    );
    const type = screen.getByLabelText('চাকরির ধরন');
    expect(within(type).getByRole('option', { name: 'পার্ট-টাইম' })).toHaveAttribute('value', 'part_time');
  });

  it('names them in Hindi', async () => {
    await setLanguage('hi', { chosen: false });
    renderRoute('/joblist');
    const card = await screen.findByRole('listitem', { name: /./ }, { timeout: 15000 });
    expect(card).toHaveTextContent('स्कूल · कोलकाता · फ़ुल-टाइम');
    const district = screen.getByLabelText('ज़िला');
    expect(within(district).getByRole('option', { name: 'दक्षिण 24 परगना' })).toHaveAttribute(
      'value',
      'South 24 Parganas',
    );
  });

  it('keeps the English names exactly as the contract gives them', async () => {
    renderRoute('/joblist');
    const card = await screen.findByRole('listitem', { name: /./ }, { timeout: 15000 });
    expect(card).toHaveTextContent('School · Kolkata · Full-time');
    const district = screen.getByLabelText('District');
    expect(within(district).getByRole('option', { name: 'Remote' })).toHaveAttribute('value', 'remote');
  });
});

describe('the job side in Bengali at a phone width: nothing in the browser’s English, nothing cut off', () => {
  it('draws the résumé fields’ file button in Bengali (never the browser’s “Choose File”) on both forms', async () => {
    await setLanguage('bn', { chosen: false });
    const user = userEvent.setup({ applyAccept: false });
    renderRoute('/jobdetails2');
    const resume = await screen.findByLabelText(/^বায়োডাটা \(PDF\)/);
    expect(resume.closest('.file-picker-control')).toHaveTextContent('ফাইল বেছে নিন');
    await user.upload(resume, new File(['%PDF-1.4\n'], 'cv.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('বেছে নেওয়া ফাইল: cv.pdf')).toBeInTheDocument();
    cleanup();

    renderRoute('/jobs/11');
    await user.click(await screen.findByRole('button', { name: 'আবেদন করুন' }, { timeout: 10000 }));
    const fresh = screen.getByLabelText(/^এই আবেদনের জন্য নতুন বায়োডাটা/);
    expect(fresh.closest('.file-picker-control')).toHaveTextContent('ফাইল বেছে নিন');
    await user.upload(fresh, new File(['%PDF-1.4\n'], 'cv.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('বেছে নেওয়া ফাইল: cv.pdf')).toBeInTheDocument();
    // The optional file can be taken back (the résumé on file goes instead); focus stays on the field.
    await user.click(screen.getByRole('button', { name: /মুছে দিন$/ }));
    expect(screen.queryByText('বেছে নেওয়া ফাইল: cv.pdf')).toBeNull();
    expect(fresh).toHaveFocus();
  });

  it('gives the job search its hint under the label, where it wraps, not as a placeholder cut off at 360 px', async () => {
    await setLanguage('bn', { chosen: false });
    renderRoute('/joblist');
    const search = await screen.findByRole('textbox', { name: 'চাকরি খুঁজুন' });
    expect(search).not.toHaveAttribute('placeholder');
    expect(search).toHaveAccessibleDescription('পদের নাম, প্রতিষ্ঠান বা কোনো শব্দ');
  });
});
