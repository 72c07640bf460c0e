import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../contract/rules/admin';
import { adminTeacher, alreadyRejected, changedSinceShown, sampleOverview } from '../../msw/handlers/admin';
import { server } from '../../msw/server';
import { fill } from '../fill';
import { renderRoute } from '../render';

// recharts is a lazy chunk of the page: load it once so the charts appear within a query's wait.
beforeAll(async () => {
  await import('../../../src/features/admin/OverviewCharts');
});

const figure = (label: string) => screen.getByLabelText(new RegExp(`^${label}: `));

describe('/admin dashboard', () => {
  beforeEach(() => {
    localStorage.setItem('auth_token', 'admin-token');
    localStorage.setItem('role_id', '4');
  });

  it.each(['/admin', '/Admin'])('%s renders the figures the server computed', async (path) => {
    renderRoute(path);
    // The first render loads the page's lazy chunk (slow on a busy machine).
    expect(
      await screen.findByRole('heading', { name: 'An Overview for the month' }, { timeout: 10000 }),
    ).toBeInTheDocument();
    await screen.findByLabelText('Total Teachers: 192');
    expect(figure('Active Teachers')).toHaveAccessibleName('Active Teachers: 134');
    expect(figure('Total Students')).toHaveAccessibleName('Total Students: 2203');
    expect(figure('Active Students')).toHaveAccessibleName('Active Students: 1898');
    expect(figure('Active Job Posts')).toHaveAccessibleName('Active Job Posts: 4');
    expect(figure('Job Applications')).toHaveAccessibleName('Job Applications: 9');
    expect(await screen.findByLabelText('Month')).toHaveValue('2025-03');
    // Chart figures, as the charts' data tables give them.
    const modes = await screen.findByRole('table', { name: 'Offline vs Online Classes' });
    expect(
      within(modes)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['ModeRequests', 'Online45', 'Offline35', 'Mix20']);
    const busy = await screen.findByRole('table', { name: 'Busy Hours' });
    expect(within(busy).getByRole('row', { name: /4pm-8pm/ })).toHaveTextContent('4pm-8pm1597');
    const subjects = await screen.findByRole('table', { name: 'Most Searched Subject' });
    expect(within(subjects).getByRole('row', { name: /Physics/ })).toHaveTextContent('Physics30');
    // The Jobs charts, from the month's postings and applications.
    const industries = await screen.findByRole('table', { name: 'Industry wise job postings' });
    expect(within(industries).getByRole('row', { name: /^School/ })).toHaveTextContent('School2');
    const hiring = await screen.findByRole('table', { name: 'Hiring Ratio' });
    expect(
      within(hiring)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['OutcomeApplications', 'Hired2', 'Not selected3', 'In progress4']);
    // The sidebar.
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin');
    expect(within(nav).getByRole('link', { name: 'Teachers' })).toHaveAttribute('href', '/Admin_Teacher');
  });

  it('loads another month from the selector', async () => {
    renderRoute('/admin');
    await screen.findByLabelText('Total Teachers: 192');
    await userEvent.setup().selectOptions(await screen.findByLabelText('Month'), '2025-01');
    expect(await screen.findByLabelText('Total Teachers: 150')).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Most Searched Subject' })).toHaveTextContent(
      'No subjects searched in January, 2025.',
    );
  });

  it('shows the empty panels with the SPEC texts', async () => {
    renderRoute('/admin');
    const notifications = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(notifications).findByText(ADMIN_MESSAGES.noNotifications)).toBeInTheDocument();
    expect(within(notifications).getByText(ADMIN_MESSAGES.allCaughtUp)).toBeInTheDocument();
    const approvals = screen.getByRole('region', { name: 'Teacher Approvals' });
    expect(await within(approvals).findByText(ADMIN_MESSAGES.noApprovals)).toBeInTheDocument();
    expect(within(approvals).getByText(ADMIN_MESSAGES.allProcessed)).toBeInTheDocument();
  });

  it('lists notifications until marked read', async () => {
    server.use(
      http.get('*/api/v1/admin/notifications', () =>
        HttpResponse.json({
          status: 'success',
          since: null,
          data: [
            {
              id: 'teacher-4',
              kind: 'teacher_registered',
              message: 'New teacher registered: Moumita Bose',
              created_at: '2025-03-02T10:00:00Z',
            },
          ],
        }),
      ),
    );
    renderRoute('/admin');
    expect(await screen.findByText('New teacher registered: Moumita Bose')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText(ADMIN_MESSAGES.noNotifications)).toBeInTheDocument();
  });

  it("shows the latest ten notifications, then the next page on 'Show more', focus on the first it added", async () => {
    const offsets: string[] = [];
    const note = (i: number) => ({
      id: `teacher-${i}`,
      kind: 'teacher_registered',
      message: `New teacher registered: Teacher ${i}`,
      created_at: '2025-03-02T10:00:00Z',
    });
    server.use(
      http.get('*/api/v1/admin/notifications', ({ request }) => {
        const url = new URL(request.url);
        const offset = Number(url.searchParams.get('offset'));
        offsets.push(`${offset}/${url.searchParams.get('limit')}`);
        const ids = Array.from({ length: 10 }, (_, i) => offset + i + 1).filter((i) => i <= 13);
        return HttpResponse.json({
          status: 'success',
          since: null,
          data: ids.map(note),
          has_more: offset + 10 < 13,
        });
      }),
    );
    renderRoute('/admin');
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    await within(panel).findByText('New teacher registered: Teacher 10');
    expect(within(panel).getAllByRole('listitem')).toHaveLength(10);
    expect(within(panel).queryByText('New teacher registered: Teacher 11')).not.toBeInTheDocument();
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Show more' }));
    await within(panel).findByText('New teacher registered: Teacher 13');
    expect(within(panel).getAllByRole('listitem')).toHaveLength(13);
    // The button is gone (nothing more): focus is on the first notification it added, not the page's start.
    await waitFor(() =>
      expect(within(panel).getByText('New teacher registered: Teacher 11').closest('li')).toHaveFocus(),
    );
    expect(within(panel).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(offsets).toEqual(['0/10', '10/10']);
  });

  it("shows the first three teacher approvals, then the next page from the server on 'Show more'", async () => {
    const pending = Array.from({ length: 5 }, (_, i) => adminTeacher(i + 1, { name: `Teacher ${i + 1}` }));
    const pages: string[] = [];
    server.use(
      http.get('*/api/v1/admin/teacher_approvals', ({ request }) => {
        const url = new URL(request.url);
        const offset = Number(url.searchParams.get('offset'));
        const limit = Number(url.searchParams.get('limit'));
        pages.push(`${offset}/${limit}`);
        const data = pending.slice(offset, offset + limit);
        return HttpResponse.json({ status: 'success', data, total_count: pending.length });
      }),
    );
    renderRoute('/admin');
    const panel = await screen.findByRole('region', { name: 'Teacher Approvals' });
    await within(panel).findByRole('article', { name: 'Teacher 3' });
    expect(within(panel).getAllByRole('article')).toHaveLength(3);
    expect(within(panel).getByText('Showing 3 of 5')).toBeVisible();
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Show more' }));
    await within(panel).findByRole('article', { name: 'Teacher 5' });
    expect(within(panel).getAllByRole('article')).toHaveLength(5);
    expect(within(panel).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(within(panel).queryByText(/^Showing/)).not.toBeInTheDocument();
    expect(pages).toEqual(['0/3', '3/10']);
  });

  it("keeps keyboard focus on the approvals' decisions, not their documents: the next teacher's Approve, the decision cancelled, then the title", async () => {
    // Each teacher has an Aadhar card on file: a link before their decisions.
    const withDocs = (id: number, name: string) =>
      adminTeacher(id, { name, aadhar_photo: `/uploads/${id}.jpg` });
    let pending = [withDocs(7, 'Moumita Bose'), withDocs(8, 'Sayan Kar'), withDocs(9, 'Riya Ghosh')];
    server.use(
      http.get('*/api/v1/admin/teacher_approvals', () =>
        HttpResponse.json({ status: 'success', data: pending, total_count: pending.length }),
      ),
      http.patch('*/api/v1/teachers/7/approve', () => {
        pending = pending.filter((t) => t.id !== 7);
        return HttpResponse.json({ status: 'success', data: adminTeacher(7, { verified: true }) });
      }),
      // Someone else rejected Sayan Kar a moment ago.
      http.patch('*/api/v1/teachers/8/approve', () => {
        pending = pending.filter((t) => t.id !== 8);
        return alreadyRejected('Certificate is blurred');
      }),
      http.patch('*/api/v1/teachers/9/reject', () => {
        pending = pending.filter((t) => t.id !== 9);
        return HttpResponse.json({ status: 'success', data: adminTeacher(9) });
      }),
    );
    renderRoute('/admin');
    const u = userEvent.setup();
    const queue = within(await screen.findByRole('region', { name: 'Teacher Approvals' }));
    const moumita = await queue.findByRole('article', { name: 'Moumita Bose' });
    expect(within(moumita).getByRole('button', { name: 'Aadhar' })).toBeVisible();
    // Approved: focus goes to the decision of the teacher now in her place.
    await u.click(queue.getByRole('button', { name: 'Approve Moumita Bose' }));
    await queue.findByText('Moumita Bose is now verified.');
    await waitFor(() => expect(queue.getByRole('button', { name: 'Approve Sayan Kar' })).toHaveFocus());
    // Decided first by someone else: he leaves, and focus goes to the teacher now in his place.
    await u.keyboard('{Enter}');
    expect(await queue.findByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.alreadyDecided);
    await waitFor(() => expect(queue.getByRole('button', { name: 'Approve Riya Ghosh' })).toHaveFocus());
    // A rejection cancelled: she is still listed, so focus is back on Reject.
    await u.click(queue.getByRole('button', { name: 'Reject Riya Ghosh' }));
    await waitFor(() => expect(queue.getByLabelText('Reason for rejection')).toHaveFocus());
    await u.click(queue.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(queue.getByRole('button', { name: 'Reject Riya Ghosh' })).toHaveFocus());
    // Rejected, the last one: nobody takes her place, focus goes to the queue's title.
    await u.keyboard('{Enter}');
    await fill(u, queue.getByLabelText('Reason for rejection'), 'Aadhar photo unreadable');
    await u.click(queue.getByRole('button', { name: 'Confirm rejection' }));
    expect(await queue.findByText(ADMIN_MESSAGES.noApprovals)).toBeInTheDocument();
    await waitFor(() => expect(queue.getByRole('heading', { name: 'Teacher Approvals' })).toHaveFocus());
  });

  it("'Show more' in Teacher Approvals moves focus to the first teacher it added; a failed load leaves it on the button and says so", async () => {
    const pending = Array.from({ length: 7 }, (_, i) =>
      adminTeacher(i + 1, { name: `Teacher ${i + 1}`, aadhar_photo: `/uploads/${i + 1}.jpg` }),
    );
    let offline = false;
    server.use(
      http.get('*/api/v1/admin/teacher_approvals', ({ request }) => {
        const url = new URL(request.url);
        const offset = Number(url.searchParams.get('offset'));
        if (offline && offset > 0) return HttpResponse.error();
        // Two at a time after the first three.
        const limit = offset ? 2 : Number(url.searchParams.get('limit'));
        const data = pending.slice(offset, offset + limit);
        return HttpResponse.json({ status: 'success', data, total_count: pending.length });
      }),
    );
    renderRoute('/admin');
    const u = userEvent.setup();
    const queue = within(await screen.findByRole('region', { name: 'Teacher Approvals' }));
    await queue.findByRole('article', { name: 'Teacher 3' });
    await u.click(queue.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(queue.getByRole('article', { name: 'Teacher 4' })).toHaveFocus());
    expect(queue.getByText('Showing 5 of 7')).toBeVisible();
    // From there the next Tab reaches that teacher's documents and decisions.
    await u.tab();
    expect(
      within(queue.getByRole('article', { name: 'Teacher 4' })).getByRole('button', { name: 'Aadhar' }),
    ).toHaveFocus();

    offline = true;
    const more = queue.getByRole('button', { name: 'Show more' });
    await u.click(more);
    expect(await queue.findByRole('alert')).toHaveTextContent(
      'Failed to load teacher approvals. Please try again later.',
    );
    await waitFor(() => expect(more).toBeEnabled());
    expect(more).toHaveFocus();
    expect(queue.getAllByRole('article')).toHaveLength(5);
  });

  it('on a phone, Teacher Approvals come first, then the cards, then the charts, then notifications', async () => {
    // One column below 64em: the order on screen is the order of the markup.
    renderRoute('/admin');
    await screen.findByLabelText('Total Teachers: 192');
    const approvals = screen.getByRole('region', { name: 'Teacher Approvals' });
    const cards = screen.getByLabelText('Total Teachers: 192');
    const charts = await screen.findByRole('figure', { name: 'Offline vs Online Classes' });
    const notifications = await screen.findByRole('region', { name: 'Notifications' });
    const heading = screen.getByRole('heading', { name: 'An Overview for the month' });
    const inOrder = [heading, approvals, cards, charts, notifications];
    for (let i = 1; i < inOrder.length; i++)
      expect(
        inOrder[i - 1].compareDocumentPosition(inOrder[i]) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    // The phone layout is the default (no media query): one flex column; the grid starts at 64em.
    const css = document.querySelector('.admin-layout style')?.textContent ?? '';
    expect(css).toMatch(/^\s*\.admin-layout \{ display: flex; flex-direction: column; \}/);
    expect(css).toContain('@media (min-width: 64em)');
  });

  it('approves a teacher and asks for a reason before rejecting another; the figures follow each decision', async () => {
    // Sayan Kar was reviewed before and has since sent a new Aadhar card and mark sheet.
    let pending = [
      adminTeacher(7, { name: 'Moumita Bose' }),
      adminTeacher(8, { name: 'Sayan Kar', review_changes: ['aadhar_photo', 'mark_sheet'] }),
    ];
    const rejected: unknown[] = [];
    // The server's count of active teachers: a rejection deactivates the teacher.
    let active = 134;
    let overviews = 0;
    server.use(
      http.get('*/api/v1/admin/overview', () => {
        overviews += 1;
        return HttpResponse.json({
          status: 'success',
          data: { ...sampleOverview, summary: { ...sampleOverview.summary, active_teachers: active } },
        });
      }),
      http.get('*/api/v1/admin/teacher_approvals', () =>
        HttpResponse.json({ status: 'success', data: pending, total_count: pending.length }),
      ),
      http.patch('*/api/v1/teachers/:id/approve', ({ params }) => {
        pending = pending.filter((t) => t.id !== Number(params.id));
        return HttpResponse.json({
          status: 'success',
          data: adminTeacher(Number(params.id), { verified: true }),
        });
      }),
      http.patch('*/api/v1/teachers/:id/reject', async ({ params, request }) => {
        rejected.push(await request.json());
        active -= 1;
        pending = pending.filter((t) => t.id !== Number(params.id));
        return HttpResponse.json({ status: 'success', data: adminTeacher(Number(params.id)) });
      }),
    );
    renderRoute('/admin');
    const u = userEvent.setup();
    const resent = await screen.findByRole('article', { name: 'Sayan Kar' });
    expect(
      within(resent).getByText('Changed since the last review: Aadhar card and mark sheet'),
    ).toBeVisible();
    const first = screen.getByRole('article', { name: 'Moumita Bose' });
    expect(within(first).queryByText(/Changed since the last review/)).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Approve Moumita Bose' }));
    expect(await screen.findByText('Moumita Bose is now verified.')).toBeInTheDocument();
    await waitFor(() => expect(overviews).toBe(2));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Moumita Bose' })).not.toBeInTheDocument(),
    );
    await u.click(screen.getByRole('button', { name: 'Reject Sayan Kar' }));
    await u.click(screen.getByRole('button', { name: 'Confirm rejection' }));
    expect(screen.getByText('Please give a reason for rejecting this teacher')).toBeInTheDocument();
    await fill(u, screen.getByLabelText('Reason for rejection'), 'Aadhar photo unreadable');
    await u.click(screen.getByRole('button', { name: 'Confirm rejection' }));
    expect(await screen.findByText('Sayan Kar was rejected and deactivated.')).toBeInTheDocument();
    expect(rejected).toEqual([{ reason: 'Aadhar photo unreadable', review_version: 1 }]);
    expect(await screen.findByLabelText('Active Teachers: 133')).toBeInTheDocument();
    expect(overviews).toBe(3);
    expect(await screen.findByText(ADMIN_MESSAGES.noApprovals)).toBeInTheDocument();
  });

  it('says so when another administrator decided first: the teacher leaves the queue, the figures follow, a typed reason survives a network failure', async () => {
    let pending = [
      adminTeacher(7, { name: 'Moumita Bose' }),
      adminTeacher(8, { name: 'Sayan Kar' }),
      adminTeacher(9, { name: 'Riya Ghosh' }),
    ];
    let active = 134;
    let overviews = 0;
    let offline = true;
    const asked: string[] = [];
    server.use(
      http.get('*/api/v1/admin/overview', () => {
        overviews += 1;
        return HttpResponse.json({
          status: 'success',
          data: { ...sampleOverview, summary: { ...sampleOverview.summary, active_teachers: active } },
        });
      }),
      http.get('*/api/v1/admin/teacher_approvals', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ status: 'success', data: pending, total_count: pending.length });
      }),
      // Someone else rejected Moumita Bose a moment ago.
      http.patch('*/api/v1/teachers/7/approve', () => {
        pending = pending.filter((t) => t.id !== 7);
        active -= 1;
        return alreadyRejected('Certificate is blurred');
      }),
      http.patch('*/api/v1/teachers/8/reject', () =>
        offline
          ? HttpResponse.error()
          : HttpResponse.json({ status: 'success', data: adminTeacher(8, { is_active: false }) }),
      ),
    );
    renderRoute('/admin');
    const u = userEvent.setup();
    const queue = await screen.findByRole('region', { name: 'Teacher Approvals' });
    await within(queue).findByRole('article', { name: 'Moumita Bose' });
    await screen.findByLabelText('Active Teachers: 134');
    await u.click(within(queue).getByRole('button', { name: 'Approve Moumita Bose' }));
    expect(await within(queue).findByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.alreadyDecided);
    // The queue loads again as long as it was, without her; the figures follow the other decision.
    await waitFor(() =>
      expect(within(queue).queryByRole('article', { name: 'Moumita Bose' })).not.toBeInTheDocument(),
    );
    expect(asked.at(-1)).toBe('?offset=0&limit=3');
    expect(within(queue).getByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.alreadyDecided);
    expect(within(queue).queryByRole('status')).not.toBeInTheDocument();
    expect(await screen.findByLabelText('Active Teachers: 133')).toBeInTheDocument();
    expect(overviews).toBe(2);
    // A reason typed before the network failed is still there to send again.
    await u.click(within(queue).getByRole('button', { name: 'Reject Sayan Kar' }));
    await fill(u, within(queue).getByLabelText('Reason for rejection'), 'Aadhar photo unreadable');
    await u.click(within(queue).getByRole('button', { name: 'Confirm rejection' }));
    expect(await within(queue).findByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.decisionFailed);
    expect(within(queue).getByLabelText('Reason for rejection')).toHaveValue('Aadhar photo unreadable');
    offline = false;
    await u.click(within(queue).getByRole('button', { name: 'Confirm rejection' }));
    expect(await within(queue).findByText('Sayan Kar was rejected and deactivated.')).toBeInTheDocument();
  });

  it('says so when the teacher changed their documents since the queue showed them, and shows them as now stored', async () => {
    let riya = adminTeacher(9, { name: 'Riya Ghosh' });
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/v1/admin/teacher_approvals', () =>
        HttpResponse.json({ status: 'success', data: [riya], total_count: 1 }),
      ),
      http.patch('*/api/v1/teachers/9/approve', async ({ request }) => {
        const body = (await request.json()) as { review_version?: number };
        sent.push(body);
        if (body.review_version !== riya.review_version) return changedSinceShown(2, ['mark_sheet']);
        return HttpResponse.json({ status: 'success', data: { ...riya, verified: true } });
      }),
    );
    renderRoute('/admin');
    const u = userEvent.setup();
    const queue = await screen.findByRole('region', { name: 'Teacher Approvals' });
    const card = await within(queue).findByRole('article', { name: 'Riya Ghosh' });
    expect(within(card).queryByText(/Changed since the last review/)).not.toBeInTheDocument();
    // While the queue is open, she sends a new mark sheet.
    riya = { ...riya, review_version: 2, review_changes: ['mark_sheet'] };
    await u.click(within(queue).getByRole('button', { name: 'Approve Riya Ghosh' }));
    expect(await within(queue).findByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.changedSinceShown);
    // The queue loads again: she is still there, with what changed.
    expect(await within(queue).findByText('Changed since the last review: mark sheet')).toBeVisible();
    expect(within(queue).getByRole('article', { name: 'Riya Ghosh' })).toBeVisible();
    await u.click(within(queue).getByRole('button', { name: 'Approve Riya Ghosh' }));
    expect(await within(queue).findByText('Riya Ghosh is now verified.')).toBeInTheDocument();
    expect(sent).toEqual([{ review_version: 1 }, { review_version: 2 }]);
  });

  it('a decision made while the figures still load leaves them current', async () => {
    let active = 134;
    let release = () => {};
    const firstAnswer = new Promise<void>((resolve) => {
      release = resolve;
    });
    let overviews = 0;
    let staleSent = false;
    server.use(
      http.get('*/api/v1/admin/overview', async () => {
        overviews += 1;
        // The first answer (read before the decision) arrives last.
        const figures = { ...sampleOverview.summary, active_teachers: active };
        if (overviews === 1) {
          await firstAnswer;
          staleSent = true;
        }
        return HttpResponse.json({ status: 'success', data: { ...sampleOverview, summary: figures } });
      }),
      http.get('*/api/v1/admin/teacher_approvals', () =>
        HttpResponse.json({
          status: 'success',
          data: [adminTeacher(8, { name: 'Sayan Kar' })],
          total_count: 1,
        }),
      ),
      http.patch('*/api/v1/teachers/8/reject', () => {
        active -= 1;
        return HttpResponse.json({ status: 'success', data: adminTeacher(8, { is_active: false }) });
      }),
    );
    renderRoute('/admin');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Reject Sayan Kar' }, { timeout: 10000 }));
    await fill(u, screen.getByLabelText('Reason for rejection'), 'Aadhar photo unreadable');
    await u.click(screen.getByRole('button', { name: 'Confirm rejection' }));
    await screen.findByText('Sayan Kar was rejected and deactivated.');
    await waitFor(() => expect(overviews).toBe(2));
    expect(await screen.findByLabelText('Active Teachers: 133')).toBeInTheDocument();
    release();
    await waitFor(() => expect(staleSent).toBe(true));
    expect(screen.getByLabelText('Active Teachers: 133')).toBeInTheDocument();
    expect(screen.queryByLabelText('Active Teachers: 134')).not.toBeInTheDocument();
  });

  it('sends a visitor without an administrator session to /adminsignin', async () => {
    localStorage.clear();
    const view = renderRoute('/Admin');
    await waitFor(() => expect(view.current()).toBe('/adminsignin'));
  });
});
