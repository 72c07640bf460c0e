import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { NEW_SUBJECT_MESSAGES, SUBJECT_MESSAGES } from '../../../contract/rules/student-subject';
import { sampleOverview } from '../../msw/handlers/admin';
import { server } from '../../msw/server';
import { renderRoute } from '../render';

/** A small server holding the suggestions: decisions remove them from the pending list. */
function subjectsServer() {
  const pending = [
    { id: 31, name: 'Robotics', created_at: '2025-03-12T09:30:00.000Z', suggested_by: 'arka@example.com' },
    { id: 32, name: 'Phisics', created_at: '2025-03-12T10:00:00.000Z', suggested_by: null },
    { id: 33, name: 'asdfgh qwerty', created_at: '2025-03-12T11:00:00.000Z', suggested_by: 'x@example.com' },
  ];
  const approved = [
    { id: 1, name: 'Physics', is_active: true, status: 'approved' },
    { id: 2, name: 'Mathematics', is_active: true, status: 'approved' },
  ];
  const bodies: unknown[] = [];
  const decide = (id: string) => {
    const i = pending.findIndex((s) => s.id === Number(id));
    return i < 0 ? null : pending.splice(i, 1)[0];
  };
  server.use(
    http.get('*/api/v1/admin/subjects', ({ request }) => {
      expect(new URL(request.url).searchParams.get('status')).toBe('pending');
      return HttpResponse.json({ status: 'success', data: pending });
    }),
    http.get('*/api/v1/subjects', () => HttpResponse.json({ status: 'success', data: approved })),
    http.patch('*/api/v1/admin/subjects/:id/approve', ({ params }) => {
      const s = decide(String(params.id));
      if (!s)
        return HttpResponse.json(
          { error: 'conflict', message: SUBJECT_MESSAGES.alreadyDecided },
          { status: 409 },
        );
      approved.push({ id: s.id, name: s.name, is_active: true, status: 'approved' });
      return HttpResponse.json({ status: 'success', data: { id: s.id, name: s.name, status: 'approved' } });
    }),
    http.patch('*/api/v1/admin/subjects/:id/reject', ({ params }) => {
      const s = decide(String(params.id));
      return HttpResponse.json({ status: 'success', data: { id: s?.id, name: s?.name, status: 'rejected' } });
    }),
    http.patch('*/api/v1/admin/subjects/:id/merge', async ({ params, request }) => {
      bodies.push(await request.json());
      const s = decide(String(params.id));
      return HttpResponse.json({
        status: 'success',
        data: { id: s?.id, name: s?.name, status: 'merged' },
        merged_into: { id: 1, name: 'Physics' },
      });
    }),
  );
  return { pending, approved, bodies };
}

const panel = () => screen.findByRole('region', { name: 'New subjects' });

/** The Most Searched Subject chart's figures, as its table gives them. */
const searchedRows = async () =>
  within(await screen.findByRole('table', { name: 'Most Searched Subject' }))
    .getAllByRole('row')
    .map((r) => r.textContent);

describe('/admin New subjects', () => {
  beforeEach(() => {
    localStorage.setItem('auth_token', 'admin-token');
    localStorage.setItem('role_id', '4');
  });

  it('lists the suggestions beside Teacher Approvals; approve, merge and reject each leave the list', async () => {
    const user = userEvent.setup();
    const data = subjectsServer();
    renderRoute('/admin');
    const box = within(await panel());
    expect(await box.findByRole('article', { name: 'Robotics' })).toHaveTextContent(
      'Suggested by arka@example.com',
    );
    expect(box.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Robotics',
      'Phisics',
      'asdfgh qwerty',
    ]);

    await user.click(box.getByRole('button', { name: 'Approve Robotics' }));
    expect(await box.findByRole('status')).toHaveTextContent('"Robotics" is now in the subject list.');
    expect(box.queryByRole('article', { name: 'Robotics' })).not.toBeInTheDocument();

    // Merge: a target is required; the shared list (with the subject just approved) is offered.
    await user.click(box.getByRole('button', { name: 'Merge Phisics' }));
    await user.click(box.getByRole('button', { name: 'Confirm merge' }));
    expect(box.getByText('Choose the subject to merge into')).toBeVisible();
    const select = box.getByLabelText('Merge into');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a subject', 'Physics', 'Mathematics', 'Robotics']);
    await user.selectOptions(select, 'Physics');
    await user.click(box.getByRole('button', { name: 'Confirm merge' }));
    expect(await box.findByRole('status')).toHaveTextContent('"Phisics" was merged into "Physics".');
    expect(data.bodies).toEqual([{ subject: { into_id: '1' } }]);

    await user.click(box.getByRole('button', { name: 'Reject asdfgh qwerty' }));
    expect(await box.findByRole('status')).toHaveTextContent('"asdfgh qwerty" was rejected.');
    expect(await box.findByText('No new subjects')).toBeVisible();
    expect(data.pending).toEqual([]);
  });

  it('says so when another administrator decided first: the subject leaves the queue and focus keeps its place', async () => {
    const user = userEvent.setup();
    const data = subjectsServer();
    let loads = 0;
    server.use(
      http.get('*/api/v1/admin/subjects', () => {
        loads += 1;
        return HttpResponse.json({ status: 'success', data: data.pending });
      }),
      // Someone else rejected Robotics a moment ago.
      http.patch('*/api/v1/admin/subjects/31/approve', () => {
        data.pending.splice(
          data.pending.findIndex((s) => s.id === 31),
          1,
        );
        return HttpResponse.json(
          {
            error: 'conflict',
            message: SUBJECT_MESSAGES.alreadyDecided,
            data: { id: 31, name: 'Robotics', is_active: false, status: 'rejected' },
          },
          { status: 409 },
        );
      }),
    );
    renderRoute('/admin');
    const box = within(await panel());
    (await box.findByRole('button', { name: 'Approve Robotics' })).focus();
    expect(loads).toBe(1);
    await user.keyboard('{Enter}');
    expect(await box.findByRole('alert')).toHaveTextContent(
      'Another administrator has already decided on this subject.',
    );
    // The queue loads again without it; the message stays, nothing is confirmed, focus takes its place.
    await waitFor(() => expect(box.queryByRole('article', { name: 'Robotics' })).not.toBeInTheDocument());
    expect(loads).toBe(2);
    expect(box.getByRole('alert')).toHaveTextContent(SUBJECT_MESSAGES.alreadyDecided);
    expect(box.queryByRole('status')).not.toBeInTheDocument();
    await waitFor(() => expect(box.getByRole('button', { name: 'Approve Phisics' })).toHaveFocus());
    expect(box.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Phisics',
      'asdfgh qwerty',
    ]);
  });

  it('a merge that could not be sent says it was not saved and keeps the subject picked', async () => {
    const user = userEvent.setup();
    const data = subjectsServer();
    let offline = true;
    server.use(
      http.patch('*/api/v1/admin/subjects/32/merge', () => {
        if (offline) return HttpResponse.error();
        data.pending.splice(
          data.pending.findIndex((s) => s.id === 32),
          1,
        );
        return HttpResponse.json({
          status: 'success',
          data: { id: 32, name: 'Phisics', status: 'merged' },
          merged_into: { id: 1, name: 'Physics' },
        });
      }),
    );
    renderRoute('/admin');
    const box = within(await panel());
    await user.click(await box.findByRole('button', { name: 'Merge Phisics' }));
    await user.selectOptions(box.getByLabelText('Merge into'), 'Physics');
    await user.click(box.getByRole('button', { name: 'Confirm merge' }));
    expect(await box.findByRole('alert')).toHaveTextContent(NEW_SUBJECT_MESSAGES.decisionFailed);
    expect(box.getByLabelText('Merge into')).toHaveValue('1');
    expect(box.getByRole('article', { name: 'Phisics' })).toBeInTheDocument();
    offline = false;
    await user.click(box.getByRole('button', { name: 'Confirm merge' }));
    expect(await box.findByRole('status')).toHaveTextContent('"Phisics" was merged into "Physics".');
    expect(box.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a merge whose subject was removed meanwhile says so; the suggestion stays and that subject is no longer offered', async () => {
    const user = userEvent.setup();
    const data = subjectsServer();
    server.use(
      http.patch('*/api/v1/admin/subjects/32/merge', () => {
        // Another administrator removed Physics after this one picked it.
        data.approved.splice(0, 1);
        return HttpResponse.json(
          { error: 'conflict', message: SUBJECT_MESSAGES.mergeTargetGone },
          { status: 409 },
        );
      }),
    );
    renderRoute('/admin');
    const box = within(await panel());
    await user.click(await box.findByRole('button', { name: 'Merge Phisics' }));
    await user.selectOptions(box.getByLabelText('Merge into'), 'Physics');
    await user.click(box.getByRole('button', { name: 'Confirm merge' }));
    expect(await box.findByRole('alert')).toHaveTextContent(
      'The subject you chose to merge into is no longer in the list. Please choose another subject.',
    );
    expect(box.getByRole('article', { name: 'Phisics' })).toBeInTheDocument();
    await user.click(box.getByRole('button', { name: 'Merge Phisics' }));
    const options = within(box.getByLabelText('Merge into'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).not.toContain('Physics');
    expect(options).toContain('Mathematics');
  });

  it('keeps keyboard focus with the queue: into the field a decision asks for, then to the next item, then the title', async () => {
    const user = userEvent.setup();
    subjectsServer();
    renderRoute('/admin');
    const box = within(await panel());
    (await box.findByRole('button', { name: 'Approve Robotics' })).focus();
    await user.keyboard('{Enter}');
    await box.findByRole('status');
    // The decided item's buttons went with it: focus is on the item now in its place.
    await waitFor(() => expect(box.getByRole('button', { name: 'Approve Phisics' })).toHaveFocus());

    await user.tab();
    expect(box.getByRole('button', { name: 'Merge Phisics' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box.getByLabelText('Merge into')).toHaveFocus());
    // Cancelled: the item is still listed, so focus is back on the decision that was cancelled.
    await user.click(box.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(box.getByRole('button', { name: 'Merge Phisics' })).toHaveFocus());

    await user.tab({ shift: true });
    expect(box.getByRole('button', { name: 'Approve Phisics' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box.getByRole('button', { name: 'Approve asdfgh qwerty' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(await box.findByText('No new subjects')).toBeVisible();
    await waitFor(() => expect(box.getByRole('heading', { name: 'New subjects' })).toHaveFocus());
  });

  it('a decision keeps the month figures current: an approved subject leaves the Other bar for its own', async () => {
    const user = userEvent.setup();
    subjectsServer();
    // The server's count: the requests for Robotics count under 'Other' until it is approved.
    let robotics = 'Other';
    let overviews = 0;
    server.use(
      http.get('*/api/v1/admin/overview', () => {
        overviews += 1;
        return HttpResponse.json({
          status: 'success',
          data: {
            ...sampleOverview,
            teaching: {
              ...sampleOverview.teaching,
              searched_subjects: [
                ...sampleOverview.teaching.searched_subjects,
                { subject: robotics, count: 5 },
              ],
            },
          },
        });
      }),
      http.patch('*/api/v1/admin/subjects/:id/approve', ({ params }) => {
        robotics = 'Robotics';
        return HttpResponse.json({
          status: 'success',
          data: { id: Number(params.id), name: 'Robotics', status: 'approved' },
        });
      }),
    );
    renderRoute('/admin');
    const box = within(await panel());
    await box.findByRole('article', { name: 'Robotics' });
    await waitFor(async () => expect(await searchedRows()).toContain('Other5'));
    await user.click(box.getByRole('button', { name: 'Approve Robotics' }));
    await waitFor(async () => expect(await searchedRows()).toContain('Robotics5'));
    expect(await searchedRows()).not.toContain('Other5');
    expect(overviews).toBe(2);
  });
});
