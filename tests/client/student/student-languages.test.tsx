import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../src/i18n';
import { matchesBody, sampleRequest, sampleTeacher } from '../../msw/handlers/requests';
import { server } from '../../msw/server';
import { fill } from '../fill';
import { renderRoute } from '../render';

// The parent's screens in Bengali and Hindi: labels, options, counts and distances in the
// language (Bengali digits in bn); the values on the wire do not change.
function signIn() {
  localStorage.setItem('auth_token', 'header.eyJzdWIiOjQyfQ.sig');
  localStorage.setItem('user_id', '42');
  localStorage.setItem('role_id', '2');
  localStorage.setItem('student_id', '7');
}

beforeEach(signIn);
afterEach(() => setLanguage('en', { chosen: false }));

describe('/subject in Bengali and Hindi', () => {
  it('shows the request form in Bengali: labels, options and the search', async () => {
    await setLanguage('bn', { chosen: false });
    const u = userEvent.setup();
    renderRoute('/subject');
    expect(await screen.findByRole('heading', { name: /গৃহশিক্ষক/ })).toBeInTheDocument();
    const search = screen.getByRole('textbox', { name: 'বিষয় খুঁজুন' });
    expect(search).toHaveAttribute('placeholder', 'বিষয়ের নাম লিখুন, যেমন পদার্থবিদ্যা');
    const mode = screen.getByRole('radiogroup', { name: 'পড়ানোর ধরন' });
    // A new request starts on Offline (online teaching is not offered yet).
    expect(within(mode).getByRole('radio', { name: 'অফলাইন' })).toHaveAttribute('value', 'offline');
    expect(within(mode).getByRole('radio', { name: 'অফলাইন' })).toBeChecked();
    expect(within(mode).getByRole('radio', { name: 'দুটোই' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'কতজন শিক্ষক চান?' })).toBeInTheDocument();
    const medium = screen.getByRole('radiogroup', { name: 'পড়ানোর মাধ্যম' });
    expect(within(medium).getByRole('radio', { name: 'বাংলা' })).toHaveAttribute('value', 'bengali');
    expect(screen.getByText('আপনার এলাকা (ঐচ্ছিক)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'শিক্ষক দেখুন' })).toBeInTheDocument();

    await fill(u, search, 'Sanskrit');
    expect(await screen.findByText("'Sanskrit' নামে কোনো বিষয় পাওয়া যায়নি।")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'বিষয় যোগ করুন' })).toBeInTheDocument();
  });

  it('names the subjects in Bengali, finds them by either name and sends their ids', async () => {
    const u = userEvent.setup();
    let sent: Record<string, unknown> | null = null;
    let added = false;
    server.use(
      http.get('*/api/v1/subjects', () =>
        HttpResponse.json({
          status: 'success',
          data: [
            { id: 1, name: 'Physics' },
            { id: 2, name: 'Mathematics' },
            { id: 9, name: 'Robotics', status: 'pending' },
          ],
        }),
      ),
      http.post('*/api/v1/subjects', () => {
        added = true;
        return HttpResponse.json({ status: 'error' }, { status: 500 });
      }),
      http.post('*/api/v1/teacher_student_requests', async ({ request }) => {
        sent = ((await request.json()) as { teacher_student_request: Record<string, unknown> })
          .teacher_student_request;
        return HttpResponse.json(
          { status: 'success', data: { ...sampleRequest, id: 11 }, id: 11 },
          { status: 201 },
        );
      }),
    );
    await setLanguage('bn', { chosen: false });
    const view = renderRoute('/subject');
    const list = await screen.findByRole('group', { name: 'বিষয়' });
    // Seeded subjects in Bengali (in Bengali alphabetical order); one a student added, as typed.
    await within(list).findByRole('button', { name: 'পদার্থবিদ্যা' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['গণিত', 'পদার্থবিদ্যা', 'Robotics (যাচাইয়ের অপেক্ষায়)']);
    const search = screen.getByRole('textbox', { name: 'বিষয় খুঁজুন' });
    await fill(u, search, 'পদার্থ');
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['পদার্থবিদ্যা']);
    await fill(u, search, 'math');
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['গণিত']);
    // The whole Bengali name is that subject, not a new one to add.
    await fill(u, search, 'পদার্থবিদ্যা');
    expect(screen.queryByRole('button', { name: 'বিষয় যোগ করুন' })).toBeNull();
    await u.click(within(list).getByRole('button', { name: 'পদার্থবিদ্যা' }));
    const chosen = screen.getByRole('group', { name: 'বেছে নেওয়া বিষয়' });
    expect(within(chosen).getByRole('button', { name: 'পদার্থবিদ্যা বাদ দিন' })).toHaveTextContent('পদার্থবিদ্যা ×');
    await u.click(screen.getByRole('button', { name: 'শিক্ষক দেখুন' }));
    await waitFor(() => expect(view.current()).toBe('/teacherfinder'));
    expect(sent).toMatchObject({ subject_ids: [1] });
    expect(added).toBe(false);
  });

  it('shows the request form in Hindi', async () => {
    await setLanguage('hi', { chosen: false });
    renderRoute('/subject');
    expect(await screen.findByRole('textbox', { name: 'विषय खोजें' })).toBeInTheDocument();
    const group = screen.getByRole('radiogroup', { name: 'क्लास का प्रकार' });
    expect(within(group).getByRole('radio', { name: 'ग्रुप में' })).toHaveAttribute('value', 'group');
    expect(screen.getByRole('button', { name: 'शिक्षक देखें' })).toBeInTheDocument();
  });
});

describe('/teacherfinder in Bengali and Hindi', () => {
  it('shows the cards in Bengali with Bengali digits: count, distance, experience, weekdays', async () => {
    await setLanguage('bn', { chosen: false });
    renderRoute('/teacherfinder');
    const anita = await screen.findByRole('article', { name: 'Anita Roy' });
    expect(screen.getByRole('heading', { name: 'আপনার জন্য উপযুক্ত শিক্ষক' })).toBeInTheDocument();
    expect(screen.getByText(/আপনার অনুরোধের সঙ্গে [০-৯]+ জন শিক্ষক মিলেছে/)).toBeInTheDocument();
    expect(within(anita).getByText(/৩\.২ কিমি দূরে/)).toBeInTheDocument();
    expect(within(anita).getByText(/অনলাইন · ৫ বছরের অভিজ্ঞতা/)).toBeInTheDocument();
    const week = within(anita).getByRole('list', { name: 'পড়ানোর সময়' });
    expect(within(week).getByRole('listitem')).toHaveTextContent('সোম: সন্ধ্যা');
    // Seeded subjects in Bengali, on the card and in the request it answers.
    expect(within(anita).getByText('পদার্থবিদ্যা')).toBeInTheDocument();
    expect(screen.getByText(/আপনার অনুরোধ: পদার্থবিদ্যা, গণিত/)).toBeInTheDocument();
    expect(within(anita).getByRole('button', { name: 'Anita Roy-কে অনুরোধ পাঠান' })).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Bikash Pal' })).getByText('গৃহীত')).toBeInTheDocument();
    const filters = screen.getByRole('group', { name: 'শিক্ষক বাছাই' });
    expect(within(filters).getByRole('button', { name: 'সব' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says in Bengali that online teaching is not offered yet, for an online-only request', async () => {
    server.use(
      http.get('*/api/v1/students/me/finder', () =>
        HttpResponse.json({ status: 'success', data: { ...matchesBody([]), mode_unavailable: true } }),
      ),
    );
    await setLanguage('bn', { chosen: false });
    renderRoute('/teacherfinder');
    expect(
      await screen.findByText(
        'অনলাইনে পড়ানো এখনও চালু হয়নি, তাই কোনো শিক্ষক অনলাইন অনুরোধ নিতে পারবেন না। তার বদলে যাঁরা অফলাইনে পড়ান, তাঁদের খুঁজতে পারেন।',
      ),
    ).toBeInTheDocument();
  });

  it('shows the cards in Hindi with Latin digits', async () => {
    await setLanguage('hi', { chosen: false });
    renderRoute('/teacherfinder');
    const anita = await screen.findByRole('article', { name: 'Anita Roy' });
    expect(within(anita).getByText(/3\.2 किमी दूर/)).toBeInTheDocument();
    expect(within(anita).getByText('भौतिक विज्ञान')).toBeInTheDocument();
    expect(within(anita).getByText(/ऑनलाइन · 5 साल का अनुभव/)).toBeInTheDocument();
    const week = within(anita).getByRole('list', { name: 'पढ़ाने का समय' });
    expect(within(week).getByRole('listitem')).toHaveTextContent('सोम: शाम');
    expect(within(anita).getByRole('button', { name: 'Anita Roy को अनुरोध भेजें' })).toBeInTheDocument();
    expect(screen.getByText(/शिक्षक आपके अनुरोध से मेल खा(ता|ते) है/)).toBeInTheDocument();
  });
});

describe('/studentdetails1 in Bengali', () => {
  it('labels the fields and options in Bengali and gives the age in Bengali digits', async () => {
    await setLanguage('bn', { chosen: false });
    const u = userEvent.setup();
    localStorage.removeItem('student_id');
    renderRoute('/studentdetails1');
    const name = await screen.findByRole('textbox', { name: /পুরো নাম/ });
    expect(name).toBeInTheDocument();
    const gender = screen.getByRole('combobox', { name: /লিঙ্গ/ });
    expect(within(gender).getByRole('option', { name: 'মহিলা' })).toHaveAttribute('value', 'female');
    await u.type(screen.getByLabelText(/জন্মতারিখ/), '12032009');
    expect(screen.getByText(/বয়স: [০-৯]+ বছর/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'পরবর্তী' })).toBeInTheDocument();
  });
});

describe('names in letters, in Bengali', () => {
  it('refuses a name of emoji on /studentdetails1 with a Bengali message, and takes a Bengali name', async () => {
    localStorage.setItem('auth_token', 'header.eyJzdWIiOjQyfQ.sig');
    localStorage.setItem('user_id', '42');
    localStorage.setItem('role_id', '2');
    await setLanguage('bn', { chosen: false });
    const user = userEvent.setup();
    renderRoute('/studentdetails1');
    const name = await screen.findByLabelText(/^পুরো নাম/, {}, { timeout: 15000 });
    await fill(user, name, '😀😀😀');
    await user.click(screen.getByRole('button', { name: 'পরবর্তী' }));
    expect(await screen.findByText('নামটি অক্ষরে লিখুন')).toBeInTheDocument();
    await fill(user, name, 'রিয়া সেন');
    await user.click(screen.getByRole('button', { name: 'পরবর্তী' }));
    await waitFor(() => expect(screen.queryByText('নামটি অক্ষরে লিখুন')).toBeNull());
  });

  it('refuses an address of emoji only with a Bengali message', async () => {
    localStorage.setItem('auth_token', 'header.eyJzdWIiOjQyfQ.sig');
    localStorage.setItem('user_id', '42');
    localStorage.setItem('role_id', '2');
    await setLanguage('bn', { chosen: false });
    const user = userEvent.setup();
    renderRoute('/studentdetails1');
    const address = await screen.findByLabelText(/^ঠিকানা/, {}, { timeout: 15000 });
    await fill(user, address, '😀😀😀😀😀😀');
    await user.click(screen.getByRole('button', { name: 'পরবর্তী' }));
    expect(await screen.findByText('এটি অক্ষর বা সংখ্যায় লিখুন, শুধু চিহ্ন বা ইমোজি দিয়ে নয়')).toBeInTheDocument();
  });
});

describe('/requests in Bengali', () => {
  it("shows an accepting teacher's mobile in Bengali digits as a call link a tap dials", async () => {
    const accepted = {
      ...sampleRequest,
      id: 21,
      parent_request_id: 11,
      teacher_id: 21,
      status: 'accepted',
      status_changed_at: '2025-01-02T00:00:00.000Z',
      teacher: {
        ...sampleTeacher(21, 'Anita Roy'),
        contact: {
          mobile_number: '9876543210',
          whatsapp_url: 'https://wa.me/919876543210',
          email: 'anita@example.com',
        },
      },
    };
    server.use(
      http.get('*/api/v1/teacher_student_requests', () =>
        HttpResponse.json({
          status: 'success',
          data: [sampleRequest, accepted],
          total: 2,
          pagination: { next: null, prev: null },
        }),
      ),
    );
    await setLanguage('bn', { chosen: false });
    renderRoute('/requests');
    expect(
      await screen.findByRole('link', { name: 'মোবাইল: ৯৮৭৬৫৪৩২১০' }, { timeout: 15000 }),
    ).toHaveAttribute('href', 'tel:+919876543210');
    // Cancelling the request does not end Anita's tutoring: the confirmation says so, in Bengali.
    await userEvent.setup().click(screen.getByRole('button', { name: /অনুরোধ বাতিল করুন$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Anita Roy আগেই গ্রহণ করেছেন: বাতিল করলে সেই পড়ানো বন্ধ হবে না, আর আপনারা একে অপরের যোগাযোগের তথ্য দেখতে পাবেন।',
    );
  });

  it("shows a teacher's ready-made decline reason in Bengali, and a reason of their own as written", async () => {
    const declined = (id: number, name: string, reason: string) => ({
      ...sampleRequest,
      id,
      parent_request_id: 11,
      teacher_id: id,
      teacher: sampleTeacher(id, name),
      status: 'declined',
      decline_reason: reason,
      status_changed_at: '2025-01-02T00:00:00.000Z',
    });
    server.use(
      http.get('*/api/v1/teacher_student_requests', () =>
        HttpResponse.json({
          status: 'success',
          data: [
            sampleRequest,
            declined(21, 'Anita Roy', 'My schedule is full right now'),
            declined(22, 'Sima Das', 'Back in March'),
          ],
          total: 3,
          pagination: { next: null, prev: null },
        }),
      ),
    );
    await setLanguage('bn', { chosen: false });
    renderRoute('/requests');
    expect(await screen.findByText(/কারণ: এই মুহূর্তে আমার সময় নেই/, {}, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByText(/কারণ: Back in March/)).toBeInTheDocument();
  });

  it('ends a tutoring in Bengali: the button, the dialog and the notice', async () => {
    let status = 'accepted';
    const copy = () => ({
      ...sampleRequest,
      id: 21,
      parent_request_id: 11,
      teacher_id: 21,
      status,
      status_changed_at: '2025-01-02T00:00:00.000Z',
      teacher: {
        ...sampleTeacher(21, 'Anita Roy'),
        contact:
          status === 'accepted'
            ? { mobile_number: '9876543210', whatsapp_url: 'https://wa.me/919876543210', email: 'a@b.in' }
            : null,
      },
    });
    server.use(
      http.get('*/api/v1/teacher_student_requests', () =>
        HttpResponse.json({
          status: 'success',
          data: [sampleRequest, copy()],
          total: 2,
          pagination: { next: null, prev: null },
        }),
      ),
      http.patch('*/api/v1/teacher_student_requests/:id/update_status', () => {
        status = 'ended';
        return HttpResponse.json({ status: 'success', data: copy() });
      }),
    );
    await setLanguage('bn', { chosen: false });
    renderRoute('/requests');
    const u = userEvent.setup();
    await u.click(
      await screen.findByRole('button', { name: 'Anita Roy-এর সঙ্গে পড়ানো শেষ করুন' }, { timeout: 15000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'পড়ানো শেষ করুন' });
    expect(dialog).toHaveTextContent(
      'Anita Roy-এর সঙ্গে পড়ানো শেষ করবেন? আপনাদের যোগাযোগের তথ্য আবার একে অপরের কাছে লুকোনো হবে, আর শিক্ষককে জানানো হবে। এটি আর ফেরানো যাবে না।',
    );
    expect(within(dialog).getByRole('button', { name: 'পড়ানো চালু রাখুন' })).toBeVisible();
    await u.click(within(dialog).getByRole('button', { name: 'পড়ানো শেষ করুন' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'আপনি Anita Roy-এর সঙ্গে পড়ানো শেষ করেছেন। অন্য শিক্ষক খুঁজতে এই অনুরোধে ‘আরও শিক্ষক খুঁজুন’ ব্যবহার করুন।',
    );
    expect(screen.queryByRole('link', { name: /মোবাইল/ })).toBeNull();
  });
});

describe("the student's steps say where the student is (the teacher's step indicator)", () => {
  /** The indicator: its position text, the steps' names, and the one marked current. */
  async function progressOf(name: string) {
    const nav = await screen.findByRole('navigation', { name }, { timeout: 15000 });
    const items = within(nav).getAllByRole('listitem');
    const current = items.filter((li) => li.getAttribute('aria-current') === 'step');
    return { nav, names: items.map((li) => li.textContent), current: current.map((li) => li.textContent) };
  }

  it('step 1 of 2 in English, the personal details current', async () => {
    renderRoute('/studentdetails1');
    const { nav, names, current } = await progressOf('Sign-up progress');
    expect(nav).toHaveTextContent('Step 1 of 2');
    expect(names).toEqual(['Personal details', 'Education']);
    expect(current).toEqual(['Personal details']);
  });

  it('step 2 in Bengali (Bengali digits), education current', async () => {
    await setLanguage('bn', { chosen: false });
    renderRoute('/studentdetails2');
    const { nav, names, current } = await progressOf('অ্যাকাউন্ট খোলার ধাপ');
    expect(nav).toHaveTextContent('ধাপ ২/২');
    expect(names).toEqual(['ব্যক্তিগত তথ্য', 'পড়াশোনা']);
    expect(current).toEqual(['পড়াশোনা']);
  });

  it('step 1 in Hindi', async () => {
    await setLanguage('hi', { chosen: false });
    renderRoute('/studentdetails1');
    const { nav, current } = await progressOf('साइन अप के चरण');
    expect(nav).toHaveTextContent('चरण 1/2');
    expect(current).toEqual(['निजी जानकारी']);
  });
});
