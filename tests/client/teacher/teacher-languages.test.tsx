import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../src/i18n';
import { sampleRequest } from '../../msw/handlers/requests';
import { teacherRecord } from '../../msw/handlers/teachers';
import { server } from '../../msw/server';
import { renderRoute } from '../render';

// The tutor's screens in Bengali and Hindi: labels, options, numbers in the language's digits.
afterEach(() => setLanguage('en', { chosen: false }));

function signIn() {
  localStorage.setItem('auth_token', 'header.eyJzdWIiOjN9.sig');
  localStorage.setItem('user_id', '3');
  localStorage.setItem('role_id', '1');
  localStorage.setItem('teacher_id', '21');
  localStorage.setItem('userEmail', 'anita@example.com');
}

describe('personal details step (/personal_details_teacher)', () => {
  it('is labelled in Bengali, gender options translated, the photo hint in Bengali digits', async () => {
    signIn();
    await setLanguage('bn', { chosen: false });
    renderRoute('/personal_details_teacher');
    expect(
      await screen.findByRole('heading', { name: 'ব্যক্তিগত তথ্য' }, { timeout: 15000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^পুরো নাম/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^মোবাইল নম্বর/ })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'মোবাইল নম্বরই' })).toBeInTheDocument();
    const gender = screen.getByLabelText(/^লিঙ্গ/);
    expect(within(gender).getByRole('option', { name: 'মহিলা' })).toHaveAttribute('value', 'female');
    expect(screen.getByLabelText(/^আধার কার্ডের ছবি/)).toBeInTheDocument();
    expect(screen.getAllByText(/JPG, JPEG বা PNG, ৫০০KB-এর কম/).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'পরবর্তী' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'পিছনে' })).toBeInTheDocument();
  });

  it('says in Bengali why no location came, with no browser English in the sentence', async () => {
    signIn();
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (_: PositionCallback, fail: PositionErrorCallback) =>
          fail({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
      },
    });
    try {
      await setLanguage('bn', { chosen: false });
      renderRoute('/personal_details_teacher');
      expect(
        await screen.findByText('অবস্থান জানা গেল না: আপনি অবস্থান জানানোর অনুমতি দেননি', {}, { timeout: 15000 }),
      ).toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
    }
  });

  it('is labelled in Hindi', async () => {
    signIn();
    await setLanguage('hi', { chosen: false });
    renderRoute('/personal_details_teacher');
    expect(await screen.findByLabelText(/^पूरा नाम/, {}, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByLabelText(/^जन्म तिथि/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'आगे' })).toBeInTheDocument();
  });
});

describe('dashboard (/dashboard)', () => {
  const dashboard = () =>
    server.use(
      http.get('*/api/v1/teachers/me/dashboard', () =>
        HttpResponse.json({
          status: 'success',
          data: {
            teacher: teacherRecord(),
            requests: [
              {
                ...sampleRequest,
                teacher_id: 21,
                student: { ...sampleRequest.student, address: null, locality: 'Kolkata 700016' },
              },
            ],
          },
        }),
      ),
    );

  it('greets and lists requests in Bengali, with Bengali digits', async () => {
    signIn();
    dashboard();
    await setLanguage('bn', { chosen: false });
    renderRoute('/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'স্বাগত, Anita Sen' }, { timeout: 15000 }),
    ).toBeInTheDocument();
    const account = await screen.findByRole('region', { name: 'অ্যাকাউন্টের তথ্য' });
    expect(within(account).getByText('৯৮৭৬৫৪৩২১০')).toBeInTheDocument();
    expect(within(account).getByText('২ বছর')).toBeInTheDocument();
    expect(within(account).getByText('১০ কিমি')).toBeInTheDocument();
    const fresh = screen.getByRole('region', { name: 'নতুন অনুরোধ' });
    expect(await within(fresh).findByText('Riya Sen')).toBeInTheDocument();
    expect(within(fresh).getByText(/অনলাইন · .* · সকাল, দুপুর/)).toBeInTheDocument();
    // Where the student is, before accepting: the area and PIN (the street only once accepted).
    expect(within(fresh).getByText('এলাকা: Kolkata 700016')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Riya Sen-এর অনুরোধ গ্রহণ করুন' })).toBeEnabled();
    expect(screen.getByRole('region', { name: 'যাচাই' })).toBeInTheDocument();
  });

  it('speaks of a student without a name in natural Bengali and Hindi', async () => {
    signIn();
    server.use(
      http.get('*/api/v1/teachers/me/dashboard', () =>
        HttpResponse.json({
          status: 'success',
          data: { teacher: teacherRecord(), requests: [{ ...sampleRequest, teacher_id: 21, student: null }] },
        }),
      ),
    );
    const user = userEvent.setup();
    await setLanguage('bn', { chosen: false });
    const { unmount } = renderRoute('/dashboard');
    const fresh = await screen.findByRole('region', { name: 'নতুন অনুরোধ' }, { timeout: 15000 });
    expect(await within(fresh).findByText('এই ছাত্রছাত্রী')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'এই ছাত্রছাত্রীর অনুরোধ গ্রহণ করুন' }));
    expect(
      await screen.findByText('এই ছাত্রছাত্রীর অনুরোধ গ্রহণ করবেন? আপনারা একে অপরের যোগাযোগের তথ্য দেখতে পাবেন।'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'এই ছাত্রছাত্রীর অনুরোধ ফিরিয়ে দিন' })).toBeInTheDocument();
    unmount();
    await setLanguage('hi', { chosen: false });
    renderRoute('/dashboard');
    expect(
      await screen.findByRole('button', { name: 'इस विद्यार्थी का अनुरोध स्वीकार करें' }, { timeout: 15000 }),
    ).toBeInTheDocument();
  });

  it("shows an accepted student's numbers in Bengali digits as call links a tap dials, the email as a mail link", async () => {
    signIn();
    const accepted = {
      ...sampleRequest,
      teacher_id: 21,
      status: 'accepted',
      student: {
        ...sampleRequest.student,
        mobile_number: '9830012345',
        guardian_number: '9830054321',
        email: 'riya@example.com',
        whatsapp_url: 'https://wa.me/919830012345',
      },
    };
    server.use(
      http.get('*/api/v1/teachers/me/dashboard', () =>
        HttpResponse.json({ status: 'success', data: { teacher: teacherRecord(), requests: [accepted] } }),
      ),
    );
    await setLanguage('bn', { chosen: false });
    renderRoute('/dashboard');
    const active = await screen.findByRole('region', { name: 'চলছে' }, { timeout: 15000 });
    expect(await within(active).findByRole('link', { name: 'মোবাইল: ৯৮৩০০১২৩৪৫' })).toHaveAttribute(
      'href',
      'tel:+919830012345',
    );
    expect(within(active).getByRole('link', { name: 'অভিভাবক: ৯৮৩০০৫৪৩২১' })).toHaveAttribute(
      'href',
      'tel:+919830054321',
    );
    expect(within(active).getByRole('link', { name: 'ইমেল: riya@example.com' })).toHaveAttribute(
      'href',
      'mailto:riya@example.com',
    );
  });

  it('says documents were not approved (নামঞ্জুর), never "cancelled" (বাতিল, the word for a cancelled request)', async () => {
    signIn();
    server.use(
      http.get('*/api/v1/teachers/me/dashboard', () =>
        HttpResponse.json({
          status: 'success',
          data: {
            teacher: teacherRecord({
              verification_status: 'rejected',
              verified: false,
              is_active: false,
              rejection_reason: 'ছবি ঝাপসা',
            }),
            requests: [],
          },
        }),
      ),
    );
    await setLanguage('bn', { chosen: false });
    renderRoute('/dashboard');
    const verification = await screen.findByRole('region', { name: 'যাচাই' }, { timeout: 15000 });
    expect(await within(verification).findByText('নামঞ্জুর: ছবি ঝাপসা')).toBeInTheDocument();
    expect(verification).not.toHaveTextContent('বাতিল');
  });

  it('greets in Hindi with Latin digits', async () => {
    signIn();
    dashboard();
    await setLanguage('hi', { chosen: false });
    renderRoute('/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'स्वागत है, Anita Sen' }, { timeout: 15000 }),
    ).toBeInTheDocument();
    const account = await screen.findByRole('region', { name: 'अकाउंट की जानकारी' });
    expect(within(account).getByText('2 साल')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Riya Sen का अनुरोध स्वीकार करें' })).toBeEnabled();
  });
});

describe('education step (/educational_details_teacher)', () => {
  it('names the degrees and universities in Hindi, their wire values unchanged', async () => {
    signIn();
    await setLanguage('hi', { chosen: false });
    renderRoute('/educational_details_teacher');
    const degree = await screen.findByRole('combobox', { name: /^सबसे ऊँची शैक्षिक योग्यता/ }, { timeout: 15000 });
    await within(degree).findByRole('option', { name: 'स्नातकोत्तर (M.A. / M.Sc. / M.Com.)' });
    expect(within(degree).getByRole('option', { name: 'स्नातकोत्तर (M.A. / M.Sc. / M.Com.)' })).toHaveAttribute(
      'value',
      '6',
    );
    const university = screen.getByRole('combobox', { name: /^विश्वविद्यालय/ });
    expect(within(university).getByRole('option', { name: 'कलकत्ता विश्वविद्यालय' })).toHaveAttribute(
      'value',
      'University of Calcutta',
    );
    expect(within(university).getByRole('option', { name: 'अन्य' })).toHaveAttribute('value', 'Others');
  });

  it('names them in Bengali', async () => {
    signIn();
    await setLanguage('bn', { chosen: false });
    renderRoute('/educational_details_teacher');
    const university = await screen.findByRole('combobox', { name: /^বিশ্ববিদ্যালয়/ }, { timeout: 15000 });
    // The year's example in the digits of its hint and its error.
    expect(screen.getByLabelText(/^পাশ করার বছর/)).toHaveAttribute('placeholder', 'যেমন ২০২৩');
    expect(within(university).getByRole('option', { name: 'যাদবপুর বিশ্ববিদ্যালয়' })).toHaveAttribute(
      'value',
      'Jadavpur University',
    );
  });
});

describe('preferences step (/teacherSubject)', () => {
  it('names the subjects in Bengali and finds one by its Bengali or English name; the id is what is chosen', async () => {
    signIn();
    server.use(
      http.get('*/api/v1/subjects', () =>
        HttpResponse.json({
          status: 'success',
          data: [
            { id: 1, name: 'Physics' },
            { id: 2, name: 'Mathematics' },
            { id: 7, name: 'Robotics' },
          ],
        }),
      ),
    );
    await setLanguage('bn', { chosen: false });
    const user = userEvent.setup();
    renderRoute('/teacherSubject');
    const picker = (await screen.findAllByLabelText(/^আপনি যে বিষয়গুলি পড়ান/, {}, { timeout: 15000 })).find(
      (el) => el.tagName === 'INPUT' && el.getAttribute('type') !== 'hidden',
    ) as HTMLInputElement;
    await user.click(picker);
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['গণিত', 'পদার্থবিদ্যা', 'Robotics']);
    await user.type(picker, 'phys');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['পদার্থবিদ্যা']);
    await user.clear(picker);
    await user.type(picker, 'গণ');
    await user.click(within(listbox).getByRole('option', { name: 'গণিত' }));
    // Chosen subjects show by their Bengali names (pills beside the options: Physics was saved
    // before); the values are the ids.
    expect(screen.getAllByText('গণিত')).toHaveLength(2);
    expect(screen.getAllByText('পদার্থবিদ্যা')).toHaveLength(2);
    expect(document.querySelector('input[type="hidden"][value="1,2"]')).not.toBeNull();
  });
});

describe('the steps of a teacher refused in review (D13)', () => {
  const refused = (overrides: Record<string, unknown>) =>
    server.use(
      http.get('*/api/v1/teachers/:id', () =>
        HttpResponse.json({
          status: 'success',
          data: teacherRecord({
            verification_status: 'rejected',
            verified: false,
            is_active: false,
            ...overrides,
          }),
        }),
      ),
    );

  it('step 1 says why, and what is not on file, in Bengali', async () => {
    signIn();
    refused({ rejection_reason: 'ছবি ঝাপসা', aadhar_photo: null });
    await setLanguage('bn', { chosen: false });
    renderRoute('/personal_details_teacher?edit=1');
    const why = await screen.findByRole('region', { name: 'যাচাই' }, { timeout: 15000 });
    expect(await within(why).findByText('নামঞ্জুর: ছবি ঝাপসা')).toBeInTheDocument();
    expect(why).toHaveTextContent('যা জমা নেই: আধার কার্ড এবং সার্টিফিকেট।');
    // Not a failure of the step: the step's alerts stay its own.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('step 3 says why, and that the certificate is not on file, in Hindi', async () => {
    signIn();
    refused({ rejection_reason: 'प्रमाणपत्र नहीं है' });
    await setLanguage('hi', { chosen: false });
    renderRoute('/teacherSubject?edit=1');
    const why = await screen.findByRole('region', { name: 'सत्यापन' }, { timeout: 15000 });
    expect(await within(why).findByText('नामंज़ूर: प्रमाणपत्र नहीं है')).toBeInTheDocument();
    expect(why).toHaveTextContent('जो जमा नहीं है: प्रमाणपत्र।');
  });
});
