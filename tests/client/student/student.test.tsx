import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { WITHOUT_WORDS } from '../../../contract/rules/common';
import { MATCH_MESSAGES } from '../../../contract/rules/matching';
import { REQUEST_MESSAGES } from '../../../contract/rules/request';
import { SUBJECT_MESSAGES } from '../../../contract/rules/student-subject';
import { matchesBody, sampleMatches, sampleRequest, sampleTeacher } from '../../msw/handlers/requests';
import { server } from '../../msw/server';
import { fill } from '../fill';
import { renderRoute } from '../render';

function signIn() {
  localStorage.setItem('auth_token', 'header.eyJzdWIiOjQyfQ.sig');
  localStorage.setItem('user_id', '42');
  localStorage.setItem('role_id', '2');
  localStorage.setItem('student_id', '7');
}

describe('/studentdetails1', () => {
  beforeEach(signIn);

  it('shows the rules, keeps a draft across a reload, then creates the student and goes on', async () => {
    const u = userEvent.setup();
    let sent: Record<string, unknown> | null = null;
    localStorage.removeItem('student_id');
    server.use(
      http.get('*/api/v1/users/:id', () =>
        HttpResponse.json({
          status: 'success',
          data: { id: 42, email: 'r@example.com', user_role_id: 2 },
          profile: null,
        }),
      ),
      http.post('*/api/v1/students', async ({ request }) => {
        sent = ((await request.json()) as { student: Record<string, unknown> }).student;
        return HttpResponse.json(
          { status: 'success', data: { ...sent, id: 9, created_at: '', updated_at: '' } },
          { status: 201 },
        );
      }),
    );
    const first = renderRoute('/studentdetails1');
    await u.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please select marital status')).toBeInTheDocument();
    // Focus moves to the first field in error.
    await waitFor(() => expect(screen.getByLabelText(/Full name/)).toHaveFocus());
    await u.type(screen.getByLabelText(/Mobile number/), '98300abc');
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Invalid mobile number (10 digits required)')).toBeInTheDocument();
    await fill(u, screen.getByLabelText(/Full name/), 'Riya Sen');
    first.unmount();

    // Reload: the draft is back.
    renderRoute('/studentdetails1');
    await waitFor(() => expect(screen.getByLabelText(/Full name/)).toHaveValue('Riya Sen'));
    await u.type(screen.getByLabelText(/Mobile number/), '12345');
    await u.selectOptions(screen.getByLabelText(/Gender/), 'female');
    await u.type(screen.getByLabelText(/Date of birth/), '12032009');
    expect(screen.getByLabelText(/Date of birth/)).toHaveValue('12/03/2009');
    expect(screen.getByText(/Age: \d+ years/)).toBeInTheDocument();
    await u.selectOptions(screen.getByLabelText(/Marital status/), 'single');
    // An address of emoji only says nothing: refused before anything is sent.
    await fill(u, screen.getByLabelText(/Address/), '😀😀😀😀😀😀');
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(WITHOUT_WORDS)).toBeInTheDocument();
    expect(sent).toBeNull();
    await fill(u, screen.getByLabelText(/Address/), '5 Park Street, Kolkata');
    const view = screen.getByRole('button', { name: 'Next' });
    await u.click(view);
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toMatchObject({
      user_id: 42,
      mobile_number: '9830012345',
      date_of_birth: '12/03/2009',
      marital_status: 'single',
    });
    await waitFor(() => expect(localStorage.getItem('student_id')).toBe('9'));
    expect(localStorage.getItem('draft:studentdetails1')).toBeNull();
  });

  it('keeps what was typed when the save fails and shows the server message', async () => {
    const u = userEvent.setup();
    server.use(
      http.put('*/api/v1/students/:id', () =>
        HttpResponse.json({ message: 'Database is busy' }, { status: 503 }),
      ),
    );
    renderRoute('/studentdetails1');
    await waitFor(() => expect(screen.getByLabelText(/Full name/)).toHaveValue('Riya Sen'));
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Database is busy');
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Riya Sen');
  });
});

describe('/studentdetails2', () => {
  beforeEach(signIn);

  it('shows the conditional fields and messages and sends the mapped qualification', async () => {
    const u = userEvent.setup();
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.post('*/api/v1/student_educational_qualifications', async ({ request }) => {
        sent = ((await request.json()) as { student_educational_qualification: Record<string, unknown> })
          .student_educational_qualification;
        return HttpResponse.json(
          { status: 'success', data: { ...sent, id: 3, created_at: '', updated_at: '' } },
          { status: 201 },
        );
      }),
    );
    const view = renderRoute('/studentdetails2');
    await u.click(await screen.findByRole('button', { name: 'Next' }));
    // It keeps a draft as step 1 does, and says so as step 1 does.
    expect(screen.getByText('What you type is kept on this device until you submit.')).toBeVisible();
    expect(screen.getByText('Please select your education type')).toBeInTheDocument();
    await u.click(screen.getByLabelText('Working'));
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Professional information is required')).toBeInTheDocument();
    await fill(u, screen.getByLabelText(/Professional information/), 'Accountant');
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(view.current()).toBe('/subject'));
    expect(sent).toEqual({
      student_id: 7,
      degree_id: 7,
      current_academic_level: 'Professional',
      school_name: null,
      college_name: null,
      university_name: null,
      additional_information: 'Accountant',
    });
  });

  it('shows the SPEC text when the submit fails', async () => {
    const u = userEvent.setup();
    server.use(
      http.post('*/api/v1/student_educational_qualifications', () => HttpResponse.json({}, { status: 500 })),
    );
    renderRoute('/studentdetails2');
    await u.click(await screen.findByLabelText('College'));
    await fill(u, screen.getByLabelText(/College name/), 'Presidency College');
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error submitting educational qualification. Please try again.',
    );
    expect(screen.getByLabelText(/College name/)).toHaveValue('Presidency College');
  });
});

describe('/subject', () => {
  beforeEach(signIn);

  it('requires a subject, then creates the request and goes to /teacherfinder with its id', async () => {
    const u = userEvent.setup();
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.post('*/api/v1/teacher_student_requests', async ({ request }) => {
        sent = ((await request.json()) as { teacher_student_request: Record<string, unknown> })
          .teacher_student_request;
        return HttpResponse.json(
          { status: 'success', data: { ...sampleRequest, id: 11 }, id: 11 },
          { status: 201 },
        );
      }),
    );
    const view = renderRoute('/subject');
    expect(
      await screen.findByRole('heading', { name: 'Find Online & home tutor in seconds' }),
    ).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Physics' });
    // A new request's choices are kept as a draft, and the screen says so.
    expect(screen.getByText('What you type is kept on this device until you submit.')).toBeVisible();
    await u.click(screen.getByRole('button', { name: 'Explore Teachers' }));
    expect(screen.getByText(REQUEST_MESSAGES.subjectsRequired)).toBeInTheDocument();
    // Focus moves to the field in error (the subject search), so the message is read out.
    await waitFor(() => expect(screen.getByLabelText('Search subjects')).toHaveFocus());
    await u.click(screen.getByRole('button', { name: 'Physics' }));
    await u.click(screen.getByRole('button', { name: 'Mathematics' }));
    expect(
      within(screen.getByRole('group', { name: 'Selected subjects' })).getAllByRole('button'),
    ).toHaveLength(2);
    // Online teaching is not offered yet: the request starts on Offline, which finds teachers, and
    // says nothing about online.
    expect(screen.getByLabelText('Offline')).toBeChecked();
    expect(screen.queryByText(MATCH_MESSAGES.onlineNoteOnForm)).not.toBeInTheDocument();
    // Online stays a choice, said to find nobody yet.
    await u.click(screen.getByLabelText('Online'));
    expect(screen.getByText(MATCH_MESSAGES.onlineNoteOnForm)).toBeInTheDocument();
    await u.click(screen.getByLabelText('Offline'));
    expect(screen.getByLabelText('Individual')).toBeChecked();
    expect(screen.getByLabelText('English')).toBeChecked();
    expect(screen.getByLabelText('Multiple teachers')).toBeChecked();
    await u.click(screen.getByLabelText('Bengali'));
    await u.click(screen.getByRole('button', { name: 'Explore Teachers' }));
    await waitFor(() => expect(view.current()).toBe('/teacherfinder'));
    expect(sent).toMatchObject({
      student_id: 7,
      subject_ids: [1, 2],
      status: 'request_send',
      mode_of_teaching: 'offline',
      preferred_group: 'individual',
      preferred_medium: 'bengali',
      teacher_assignment_preference: 'multiple',
      preferred_time: ['morning', 'afternoon'],
    });
    expect(window.history.state).toBeDefined();
  });

  it('keeps the chosen subjects and preferences across a reload until the request is sent', async () => {
    const u = userEvent.setup();
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.post('*/api/v1/teacher_student_requests', async ({ request }) => {
        sent = ((await request.json()) as { teacher_student_request: Record<string, unknown> })
          .teacher_student_request;
        return HttpResponse.json({ status: 'success', data: { ...sampleRequest, id: 11 } }, { status: 201 });
      }),
    );
    const first = renderRoute('/subject');
    await u.click(await screen.findByRole('button', { name: 'Physics' }));
    await u.click(screen.getByLabelText('Both'));
    await u.click(screen.getByLabelText('Bengali'));
    first.unmount();

    const view = renderRoute('/subject');
    const selected = await screen.findByRole('group', { name: 'Selected subjects' });
    expect(within(selected).getByRole('button', { name: 'Remove Physics' })).toBeInTheDocument();
    expect(screen.getByLabelText('Both')).toBeChecked();
    expect(screen.getByLabelText('Bengali')).toBeChecked();
    expect(screen.getByLabelText('Individual')).toBeChecked();
    await screen.findByRole('button', { name: 'Physics', pressed: true });
    await u.click(screen.getByRole('button', { name: 'Explore Teachers' }));
    await waitFor(() => expect(view.current()).toBe('/teacherfinder'));
    expect(sent).toMatchObject({
      subject_ids: [1],
      mode_of_teaching: 'both',
      preferred_medium: 'bengali',
    });
    view.unmount();

    // Sent: the next request starts afresh.
    renderRoute('/subject');
    await screen.findByRole('button', { name: 'Physics', pressed: false });
    expect(screen.queryByRole('group', { name: 'Selected subjects' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Offline')).toBeChecked();
  });

  it('falls back to the five sample subjects, saying why', async () => {
    server.use(
      http.get('*/api/v1/subjects', () => HttpResponse.json({ message: 'Maintenance' }, { status: 503 })),
    );
    renderRoute('/subject');
    expect(await screen.findByText(/Could not load subjects \(Maintenance\)/)).toBeInTheDocument();
    for (const name of ['Mathematics', 'Physics', 'Chemistry', 'Biology', 'English'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('adds a new subject, and refuses a duplicate the server knows', async () => {
    const u = userEvent.setup();
    server.use(
      http.post('*/api/v1/subjects', async ({ request }) => {
        const { subject } = (await request.json()) as { subject: { name: string } };
        if (subject.name.toLowerCase() === 'astronomy')
          return HttpResponse.json({ message: 'Subject "Astronomy" already exists' }, { status: 409 });
        return HttpResponse.json(
          { status: 'success', data: { id: 20, name: subject.name, is_active: true } },
          { status: 201 },
        );
      }),
    );
    renderRoute('/subject');
    const search = await screen.findByLabelText('Search subjects');
    await screen.findByRole('button', { name: 'Physics' });
    await fill(u, search, 'PHYSICS');
    expect(screen.queryByRole('button', { name: 'Add Subject' })).not.toBeInTheDocument();
    await fill(u, search, 'astronomy');
    await u.click(screen.getByRole('button', { name: 'Add Subject' }));
    expect(await screen.findByText('Subject "Astronomy" already exists')).toBeInTheDocument();
    // A name of emoji is no subject's name: said at once, nothing sent.
    await fill(u, search, '😀😀😀');
    await u.click(screen.getByRole('button', { name: 'Add Subject' }));
    expect(await screen.findByText(SUBJECT_MESSAGES.nameWithoutLetters)).toBeInTheDocument();
    await fill(u, search, 'Geology');
    await u.click(screen.getByRole('button', { name: 'Add Subject' }));
    expect(await screen.findByRole('button', { name: 'Remove Geology' })).toBeInTheDocument();
    server.use(http.post('*/api/v1/subjects', () => HttpResponse.json({}, { status: 500 })));
    await fill(u, search, 'Zoology');
    await u.click(screen.getByRole('button', { name: 'Add Subject' }));
    expect(await screen.findByText(SUBJECT_MESSAGES.addFailed)).toBeInTheDocument();
  });

  it('keeps keyboard focus on the subjects when one is added or removed, and on the location button', async () => {
    const u = userEvent.setup();
    server.use(
      http.post('*/api/v1/subjects', async ({ request }) => {
        const { subject } = (await request.json()) as { subject: { name: string } };
        return HttpResponse.json(
          { status: 'success', data: { id: 20, name: subject.name, is_active: true } },
          { status: 201 },
        );
      }),
    );
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (done: PositionCallback) =>
          setTimeout(
            () => done({ coords: { latitude: 22.57, longitude: 88.36 } } as GeolocationPosition),
            20,
          ),
      },
    });
    try {
      renderRoute('/subject');
      const search = await screen.findByLabelText('Search subjects');
      await u.click(await screen.findByRole('button', { name: 'Physics' }));
      await u.click(screen.getByRole('button', { name: 'Mathematics' }));
      await fill(u, search, 'Geology');
      screen.getByRole('button', { name: 'Add Subject' }).focus();
      await u.keyboard('{Enter}');
      // Add Subject has gone: focus is on the subject just added.
      await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Geology' })).toHaveFocus());
      // Removing a chosen subject: focus goes to the chip now in its place, then the one before it.
      screen.getByRole('button', { name: 'Remove Physics' }).focus();
      await u.keyboard('{Enter}');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Mathematics' })).toHaveFocus());
      await u.keyboard('{Enter}');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Geology' })).toHaveFocus());
      // The last one: to the list of subjects.
      await u.keyboard('{Enter}');
      const list = screen.getByRole('group', { name: 'Subjects' });
      await waitFor(() => expect(list).toContainElement(document.activeElement as HTMLElement));
      // The location button is busy while the location is asked for; focus comes back to it.
      const ask = screen.getByRole('button', { name: 'Use my location' });
      ask.focus();
      await u.keyboard('{Enter}');
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Do not use my location' })).toHaveFocus(),
      );
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
    }
  });

  it('asks to log in without a session', async () => {
    localStorage.clear();
    const u = userEvent.setup();
    renderRoute('/subject');
    await u.click(await screen.findByRole('button', { name: 'Physics' }));
    await u.click(screen.getByRole('button', { name: 'Explore Teachers' }));
    expect(await screen.findByText(REQUEST_MESSAGES.notLoggedIn)).toBeInTheDocument();
  });

  it('says so when the request id is missing from the answer', async () => {
    const u = userEvent.setup();
    server.use(
      http.post('*/api/v1/teacher_student_requests', () =>
        HttpResponse.json({ status: 'success' }, { status: 201 }),
      ),
    );
    renderRoute('/subject');
    await u.click(await screen.findByRole('button', { name: 'Physics' }));
    await u.click(screen.getByRole('button', { name: 'Explore Teachers' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/./);
  });
});

describe('/teacherfinder', () => {
  beforeEach(signIn);

  it('finds the latest request after a reload, shows real cards, and Connect works once', async () => {
    const u = userEvent.setup();
    let connects = 0;
    server.use(
      http.post('*/api/v1/teacher_student_requests/:id/connect', () => {
        connects++;
        return HttpResponse.json(
          { status: 'success', data: { ...sampleRequest, id: 50, teacher_id: 1, parent_request_id: 11 } },
          { status: 201 },
        );
      }),
    );
    renderRoute('/teacherfinder');
    const anita = await screen.findByRole('article', { name: 'Anita Roy' });
    // A language is a proper name: 'English', never 'english' (the wire value).
    expect(screen.getByText(/^Your request: .* · online · individual · English/)).toBeInTheDocument();
    expect(within(anita).getByText('Physics')).toBeInTheDocument();
    expect(within(anita).getByText(/5 years experience/)).toBeInTheDocument();
    expect(
      within(within(anita).getByRole('list', { name: 'Available' })).getByRole('listitem'),
    ).toHaveTextContent('Mon: Evening');
    const bikash = screen.getByRole('article', { name: 'Bikash Pal' });
    expect(within(bikash).getByText('Accepted')).toBeInTheDocument();
    expect(within(bikash).queryByRole('button', { name: /Connect/ })).not.toBeInTheDocument();

    await u.click(within(anita).getByRole('button', { name: 'Connect with Anita Roy' }));
    expect(await screen.findByText(REQUEST_MESSAGES.connectSent)).toBeInTheDocument();
    expect(within(anita).getByText('Request sent')).toBeInTheDocument();
    expect(within(anita).queryByRole('button', { name: /Connect/ })).not.toBeInTheDocument();
    // Connect has given way to the status: focus stays on Anita's card, not the page's start.
    await waitFor(() => expect(anita).toHaveFocus());
    expect(connects).toBe(1);
    await waitFor(() => expect(screen.queryByText(REQUEST_MESSAGES.connectSent)).not.toBeInTheDocument(), {
      timeout: 4500,
    });
  });

  it('filters the real list on the server', async () => {
    const u = userEvent.setup();
    const filters: string[] = [];
    server.use(
      http.get('*/api/v1/students/me/finder', () => {
        filters.push('first screen');
        return HttpResponse.json({ status: 'success', data: matchesBody() });
      }),
      http.get('*/api/v1/teacher_student_requests/:id/matching_teachers', ({ request }) => {
        const filter = new URL(request.url).searchParams.get('filter') ?? '';
        filters.push(filter);
        return HttpResponse.json(filter === 'group' ? matchesBody([], 0) : matchesBody());
      }),
    );
    renderRoute('/teacherfinder');
    await screen.findByRole('article', { name: 'Anita Roy' });
    await u.click(screen.getByRole('button', { name: 'Group' }));
    expect(await screen.findByText('No Group teachers match your request')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Show all teachers' }));
    await screen.findByRole('article', { name: 'Anita Roy' });
    // The first page (filter All) came with the finder's one call; each filter then asks the server.
    expect(filters).toEqual(['first screen', 'group', 'all']);
  });

  it('Show more teachers: focus goes to the first teacher added, also when the button goes with the last page', async () => {
    const u = userEvent.setup();
    const [anita] = sampleMatches;
    const pages: Record<string, typeof sampleMatches> = {
      '1': [anita],
      '2': [{ ...anita, teacher: { ...anita.teacher, id: 2, name: 'Bikash Pal' } }],
      '3': [{ ...anita, teacher: { ...anita.teacher, id: 3, name: 'Chandra Das' } }],
    };
    server.use(
      http.get('*/api/v1/students/me/finder', () =>
        HttpResponse.json({ status: 'success', data: matchesBody(pages['1'], 3) }),
      ),
      http.get('*/api/v1/teacher_student_requests/:id/matching_teachers', ({ request }) => {
        const page = new URL(request.url).searchParams.get('page') ?? '1';
        return HttpResponse.json({ ...matchesBody(pages[page], 3), page: Number(page) });
      }),
    );
    renderRoute('/teacherfinder');
    await screen.findByRole('article', { name: 'Anita Roy' });
    screen.getByRole('button', { name: 'Show more teachers' }).focus();
    await u.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('article', { name: 'Bikash Pal' })).toHaveFocus());
    // The next Tab reaches what the added teacher offers.
    await u.tab();
    expect(screen.getByRole('button', { name: 'Connect with Bikash Pal' })).toHaveFocus();

    screen.getByRole('button', { name: 'Show more teachers' }).focus();
    await u.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('article', { name: 'Chandra Das' })).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Show more teachers' })).not.toBeInTheDocument();
  });

  it('shows a cold visit its first screen from one API call', async () => {
    const calls: string[] = [];
    const record = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      if (url.pathname.startsWith('/api/')) calls.push(`${request.method} ${url.pathname}`);
    };
    server.events.on('request:start', record);
    try {
      renderRoute('/teacherfinder');
      await screen.findByRole('article', { name: 'Anita Roy' });
      expect(screen.getByText(/teachers match your request/)).toBeInTheDocument();
      // Whatever else settles after the first render (the header's notifications), the matches are
      // never asked for a second time: the finder's answer carried them.
      await waitFor(() => expect(calls).toContain('GET /api/v1/notifications'));
      // (The route guard's question, what the student completed, is asked before the screen shows.)
      expect(
        calls.filter((c) => !c.startsWith('GET /api/v1/notifications') && c !== 'GET /api/v1/me/progress'),
      ).toEqual(['GET /api/v1/students/me/finder']);
    } finally {
      server.events.removeListener('request:start', record);
    }
  });

  it('explains an empty result and offers to change the request', async () => {
    server.use(
      http.get('*/api/v1/students/me/finder', () =>
        HttpResponse.json({ status: 'success', data: matchesBody([], 0) }),
      ),
    );
    renderRoute('/teacherfinder');
    expect(await screen.findByText('No teachers match your request yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change your request' })).toHaveAttribute('href', '/subject');
  });

  it("reads a teacher's week as a parent does: the days with the same times together, one line each", async () => {
    const day = (week_day: number, ...times: string[]) => ({
      week_day,
      time_slots: times.map((time_of_day) => ({ time_of_day, preferred_group: 'any' })),
    });
    const week = sampleTeacher(3, 'Chandana Das', {
      teacher_schedules: [
        day(5, 'afternoon', 'morning'),
        day(0, 'evening'),
        day(1, 'evening'),
        day(2, 'evening'),
        day(4, 'evening'),
        day(6, 'morning', 'afternoon'),
        day(3),
      ],
    });
    const none = sampleTeacher(4, 'Dipak Sen', { teacher_schedules: [] });
    server.use(
      http.get('*/api/v1/students/me/finder', () =>
        HttpResponse.json({
          status: 'success',
          data: matchesBody([
            { ...sampleMatches[0], teacher: week },
            { ...sampleMatches[0], teacher: none },
          ]),
        }),
      ),
    );
    renderRoute('/teacherfinder');
    const card = await screen.findByRole('article', { name: 'Chandana Das' });
    const lines = within(within(card).getByRole('list', { name: 'Available' })).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      'Mon–Wed, Fri: Evening',
      'Sat, Sun: Morning, Afternoon',
    ]);
    const dipak = screen.getByRole('article', { name: 'Dipak Sen' });
    expect(within(dipak).getByText('Availability not shared yet')).toBeInTheDocument();
    expect(within(dipak).queryByRole('list')).not.toBeInTheDocument();
  });

  it('offers to make a request when there is none', async () => {
    server.use(
      http.get('*/api/v1/students/me/finder', () => HttpResponse.json({ status: 'success', data: null })),
    );
    renderRoute('/teacherfinder');
    expect(await screen.findByRole('link', { name: 'Make a request' })).toHaveAttribute('href', '/subject');
  });
});

describe("/subject?change=<id> ('Change request')", () => {
  beforeEach(signIn);

  it('opens the request prefilled and saves the change with PUT, then shows the matches', async () => {
    const u = userEvent.setup();
    let sent: Record<string, unknown> | null = null;
    const open = {
      ...sampleRequest,
      id: 11,
      status: 'request_send',
      subject_ids: [2],
      subjects: [{ id: 2, name: 'Mathematics' }],
      mode_of_teaching: 'offline',
      preferred_group: 'group',
      preferred_medium: 'bengali',
      teacher_assignment_preference: 'single',
    };
    server.use(
      http.get('*/api/v1/teacher_student_requests/:id', () =>
        HttpResponse.json({ status: 'success', data: open }),
      ),
      http.put('*/api/v1/teacher_student_requests/:id', async ({ request, params }) => {
        expect(params.id).toBe('11');
        sent = ((await request.json()) as { teacher_student_request: Record<string, unknown> })
          .teacher_student_request;
        return HttpResponse.json({ status: 'success', data: { ...open, ...sent } });
      }),
    );
    const view = renderRoute('/subject?change=11');
    expect(await screen.findByRole('note')).toHaveTextContent(REQUEST_MESSAGES.changing);
    expect(
      within(screen.getByRole('group', { name: 'Selected subjects' }))
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Remove Mathematics']);
    expect(screen.getByLabelText('Offline')).toBeChecked();
    expect(screen.getByLabelText('Group')).toBeChecked();
    expect(screen.getByLabelText('Bengali')).toBeChecked();
    expect(screen.getByLabelText('Single teacher')).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Explore Teachers' })).toBeNull();

    await u.click(await screen.findByRole('button', { name: 'Physics' }));
    await u.click(screen.getByLabelText('Hindi'));
    await u.click(screen.getByRole('button', { name: REQUEST_MESSAGES.saveChanges }));
    await waitFor(() => expect(view.current()).toBe('/teacherfinder'));
    expect(sent).toEqual({
      subject_ids: [2, 1],
      mode_of_teaching: 'offline',
      preferred_group: 'group',
      preferred_medium: 'hindi',
      teacher_assignment_preference: 'single',
      latitude: null,
      longitude: null,
    });
  });
});

describe('/requests', () => {
  beforeEach(signIn);

  it('after cancelling from the keyboard, focus goes to the notice that says so (Cancel has gone)', async () => {
    const u = userEvent.setup();
    let status = 'request_send';
    server.use(
      http.get('*/api/v1/teacher_student_requests', () =>
        HttpResponse.json({
          status: 'success',
          data: [{ ...sampleRequest, status }],
          total: 1,
          pagination: { next: null, prev: null },
        }),
      ),
      http.patch('*/api/v1/teacher_student_requests/:id/update_status', () => {
        status = 'cancelled';
        return HttpResponse.json({ status: 'success', data: { ...sampleRequest, status } });
      }),
    );
    renderRoute('/requests');
    const cancel = await screen.findByRole('button', { name: /^Cancel request/ }, { timeout: 10000 });
    cancel.focus();
    await u.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Cancel request' });
    within(dialog).getByRole('button', { name: 'Cancel request' }).focus();
    await u.keyboard('{Enter}');
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(REQUEST_MESSAGES.cancelled);
    expect(screen.queryByRole('button', { name: /^Cancel request/ })).toBeNull();
    await waitFor(() => expect(notice).toHaveFocus());
  });

  /** The student's request (open or cancelled) and the copy Anita Roy accepted, contact shown. */
  function acceptedTutoring(parentStatus: string) {
    let status = 'accepted';
    const sent: string[] = [];
    const contact = {
      mobile_number: '9876543210',
      whatsapp_url: 'https://wa.me/919876543210',
      email: 'anita@example.com',
    };
    const copy = () => ({
      ...sampleRequest,
      id: 21,
      parent_request_id: 11,
      teacher_id: 21,
      status,
      accepted_at: '2025-01-02T00:00:00.000Z',
      status_changed_at: '2025-01-02T00:00:00.000Z',
      teacher: { id: 21, name: 'Anita Roy', contact: status === 'accepted' ? contact : null },
    });
    server.use(
      http.get('*/api/v1/teacher_student_requests', () =>
        HttpResponse.json({
          status: 'success',
          data: [{ ...sampleRequest, status: parentStatus }, copy()],
          total: 2,
          pagination: { next: null, prev: null },
        }),
      ),
      http.patch('*/api/v1/teacher_student_requests/:id/update_status', async ({ request, params }) => {
        sent.push(`${params.id} ${((await request.json()) as { status: string }).status}`);
        status = 'ended';
        return HttpResponse.json({ status: 'success', data: copy() });
      }),
    );
    return {
      sent,
      /** The teacher ends it on their side. */
      endedByTeacher: () => {
        status = 'ended';
      },
    };
  }

  it('ends an accepted tutoring after a dialog that says what happens; the contact goes, Find more teachers stays', async () => {
    const u = userEvent.setup();
    const { sent } = acceptedTutoring('request_send');
    renderRoute('/requests');
    const teacher = await screen.findByRole('listitem', { name: 'Anita Roy' }, { timeout: 10000 });
    expect(within(teacher).getByRole('link', { name: 'WhatsApp Anita Roy' })).toBeVisible();
    // Keep tutoring closes the dialog and changes nothing.
    await u.click(within(teacher).getByRole('button', { name: 'End tutoring with Anita Roy' }));
    let dialog = await screen.findByRole('dialog', { name: 'End tutoring' });
    await u.click(within(dialog).getByRole('button', { name: 'Keep tutoring' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);

    await u.click(within(teacher).getByRole('button', { name: 'End tutoring with Anita Roy' }));
    dialog = await screen.findByRole('dialog', { name: 'End tutoring' });
    expect(dialog).toHaveTextContent(REQUEST_MESSAGES.endConfirm('Anita Roy'));
    await u.click(within(dialog).getByRole('button', { name: 'End tutoring' }));
    expect(await screen.findByRole('status')).toHaveTextContent(REQUEST_MESSAGES.endedFindMore('Anita Roy'));
    expect(sent).toEqual(['21 ended']);
    const after = screen.getByRole('listitem', { name: 'Anita Roy' });
    expect(within(after).getByText('Ended')).toBeVisible();
    expect(within(after).queryByRole('link', { name: 'WhatsApp Anita Roy' })).toBeNull();
    expect(within(after).queryByRole('button', { name: /End tutoring/ })).toBeNull();
    expect(screen.getByRole('button', { name: REQUEST_MESSAGES.findMoreTeachers })).toBeVisible();
  });

  it('cancelling a request a teacher accepted says the tutoring goes on and how to end it', async () => {
    const u = userEvent.setup();
    acceptedTutoring('request_send');
    renderRoute('/requests');
    await u.click(await screen.findByRole('button', { name: /^Cancel request/ }, { timeout: 10000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel request' });
    expect(dialog).toHaveTextContent(REQUEST_MESSAGES.cancelKeepsAccepted('Anita Roy'));
    expect(dialog).toHaveTextContent('To end it, use End tutoring on their card.');
  });

  it('after ending the tutoring of a cancelled request, says to make a new request', async () => {
    const u = userEvent.setup();
    acceptedTutoring('cancelled');
    renderRoute('/requests');
    await u.click(
      await screen.findByRole('button', { name: 'End tutoring with Anita Roy' }, { timeout: 10000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'End tutoring' });
    await u.click(within(dialog).getByRole('button', { name: 'End tutoring' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      REQUEST_MESSAGES.endedNewRequest('Anita Roy'),
    );
    expect(screen.queryByRole('button', { name: REQUEST_MESSAGES.findMoreTeachers })).toBeNull();
    expect(screen.getByRole('button', { name: 'New request' })).toBeVisible();
  });

  it('when the teacher ended it first, says so and shows it ended', async () => {
    const u = userEvent.setup();
    const { endedByTeacher } = acceptedTutoring('request_send');
    server.use(
      http.patch('*/api/v1/teacher_student_requests/:id/update_status', () => {
        endedByTeacher();
        return HttpResponse.json({ message: REQUEST_MESSAGES.notActiveToEnd }, { status: 409 });
      }),
    );
    renderRoute('/requests');
    await u.click(
      await screen.findByRole('button', { name: 'End tutoring with Anita Roy' }, { timeout: 10000 }),
    );
    await u.click(
      within(await screen.findByRole('dialog', { name: 'End tutoring' })).getByRole('button', {
        name: 'End tutoring',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(REQUEST_MESSAGES.notActiveToEnd);
    const after = await screen.findByRole('listitem', { name: 'Anita Roy' });
    await waitFor(() => expect(within(after).getByText('Ended')).toBeVisible());
    expect(within(after).queryByRole('button', { name: /End tutoring/ })).toBeNull();
  });
});
