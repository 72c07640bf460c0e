import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES } from '../../../contract/rules/admin';
import { adminTeacher, alreadyRejected, changedSinceShown } from '../../msw/handlers/admin';
import { server } from '../../msw/server';
import { renderRoute } from '../render';

describe("/Admin_Teacher/:id: a teacher's full record", () => {
  beforeEach(() => {
    localStorage.setItem('auth_token', 'admin-token');
    localStorage.setItem('role_id', '4');
  });

  it('opens from the name on a card of the list and shows every section', async () => {
    const requested: string[] = [];
    server.use(
      http.get('*/api/v1/admin/teachers/:id', ({ params }) => {
        requested.push(String(params.id));
        return HttpResponse.json({
          status: 'success',
          data: {
            teacher: adminTeacher(Number(params.id), {
              name: 'Amitava Majumdar',
              verified: true,
              review_changes: ['aadhar_photo', 'mark_sheet'],
            }),
            requests: [
              {
                id: 40,
                student_name: 'Arka Pal',
                subjects: 'Physics',
                status: 'accepted',
                mode_of_teaching: 'online',
                preferred_time: ['morning', 'evening'],
                created_at: '2025-03-11T08:00:00.000Z',
              },
            ],
            activity: [
              {
                id: 7,
                action: 'teacher_approved',
                actor_type: 'admin',
                details: null,
                created_at: '2025-03-12T09:30:00.000Z',
              },
            ],
          },
        });
      }),
    );
    const view = renderRoute('/Admin_Teacher');
    const card = (await screen.findAllByRole('article', {}, { timeout: 10000 }))[0];
    const link = within(card).getByRole('link');
    const id = link.getAttribute('href')?.split('/').at(-1);
    await userEvent.setup().click(link);
    expect(view.current()).toBe(`/Admin_Teacher/${id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Amitava Majumdar' }, { timeout: 10000 }),
    ).toBeVisible();
    expect(requested).toEqual([id]);
    for (const section of [
      'Personal details',
      'Documents',
      'Qualification',
      'Preferences',
      'Schedule',
      'Requests',
      'Activity',
    ])
      expect(screen.getByRole('region', { name: section })).toBeInTheDocument();
    // What the teacher changed since their last review, with the other personal details.
    const personal = within(screen.getByRole('region', { name: 'Personal details' }));
    expect(personal.getByText('Changed since the last review').nextElementSibling).toHaveTextContent(
      'Aadhar card and mark sheet',
    );
    const requests = within(screen.getByRole('region', { name: 'Requests' }));
    expect(requests.getByRole('row', { name: /Arka Pal/ })).toHaveTextContent(
      'Arka PalPhysicsAcceptedOnlineMorning, Evening11/03/2025',
    );
    expect(
      within(screen.getByRole('region', { name: 'Activity' })).getByText('Teacher approved'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← All teachers' })).toHaveAttribute('href', '/Admin_Teacher');
  });

  it('says so when the teacher does not exist', async () => {
    server.use(
      http.get('*/api/v1/admin/teachers/:id', () =>
        HttpResponse.json({ error: 'not_found', message: 'Teacher not found' }, { status: 404 }),
      ),
    );
    renderRoute('/Admin_Teacher/999');
    expect(await screen.findByRole('alert', {}, { timeout: 10000 })).toHaveTextContent('Teacher not found');
  });

  describe('a pending teacher is decided on from the file, as in Teacher Approvals', () => {
    /** A pending teacher with the Aadhar card, mark sheet and certificate on file. */
    const documented = (id: number, over: Parameters<typeof adminTeacher>[1] = {}) => {
      const base = adminTeacher(id, { name: 'Rina Dutta', aadhar_photo: `/api/v1/uploads/${id}` });
      const doc = (n: number, file_name: string) => ({
        id: n,
        url: `/api/v1/uploads/${n}`,
        file_name,
        content_type: 'application/pdf',
      });
      return {
        ...base,
        teacher_preference: base.teacher_preference && {
          ...base.teacher_preference,
          mark_sheet: doc(id + 100, 'marks.pdf'),
          highest_qualification_certificate: doc(id + 200, 'degree.pdf'),
        },
        ...over,
      };
    };
    type Stored = { teacher: ReturnType<typeof documented>; activity: Array<Record<string, unknown>> };
    /** The server's file of the teacher as now stored (each decision changes it). */
    const fileOf = (stored: Stored) =>
      http.get('*/api/v1/admin/teachers/:id', () =>
        HttpResponse.json({
          status: 'success',
          data: { teacher: stored.teacher, requests: [], activity: stored.activity },
        }),
      );
    const decidedEntry = (action: string, reason?: string) => ({
      id: 90,
      action,
      actor_type: 'admin',
      details: reason ? JSON.stringify({ reason }) : null,
      created_at: '2025-03-12T09:30:00.000Z',
    });

    it('rejects with a reason from a dialog that holds and gives back focus; the file shows Rejected and loads again', async () => {
      const sent: unknown[] = [];
      const stored: Stored = { teacher: documented(21), activity: [] };
      server.use(
        fileOf(stored),
        http.patch('*/api/v1/teachers/:id/reject', async ({ request, params }) => {
          sent.push({ id: params.id, ...((await request.json()) as object) });
          stored.teacher = documented(21, {
            verification_status: 'rejected',
            is_active: false,
            rejection_reason: 'Aadhar photo unreadable',
          });
          stored.activity = [decidedEntry('teacher_rejected', 'Aadhar photo unreadable')];
          return HttpResponse.json({ status: 'success', data: stored.teacher });
        }),
      );
      const user = userEvent.setup();
      renderRoute('/Admin_Teacher/21');
      const card = within(
        await screen.findByRole('region', { name: 'Verification decision' }, { timeout: 10000 }),
      );
      const activity = within(screen.getByRole('region', { name: 'Activity' }));
      expect(activity.getByText('No activity yet.')).toBeVisible();
      const rejectButton = card.getByRole('button', { name: 'Reject Rina Dutta' });
      // Cancel gives focus back to Reject.
      await user.click(rejectButton);
      let dialog = within(await screen.findByRole('dialog', { name: 'Reject Rina Dutta' }));
      await user.click(dialog.getByRole('button', { name: 'Cancel' }));
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await vi.waitFor(() => expect(rejectButton).toHaveFocus());
      // An empty reason is refused with the rule's message; nothing is sent.
      await user.click(rejectButton);
      dialog = within(await screen.findByRole('dialog', { name: 'Reject Rina Dutta' }));
      const reason = dialog.getByLabelText('Reason for rejection');
      await vi.waitFor(() => expect(reason).toHaveFocus());
      await user.click(dialog.getByRole('button', { name: 'Confirm rejection' }));
      expect(await dialog.findByText(ADMIN_MESSAGES.reasonRequired)).toBeVisible();
      expect(sent).toEqual([]);
      await user.type(reason, '  Aadhar photo unreadable ');
      await user.click(dialog.getByRole('button', { name: 'Confirm rejection' }));
      expect(await card.findByRole('status')).toHaveTextContent('Rina Dutta was rejected and deactivated.');
      // With the review version the file showed.
      expect(sent).toEqual([{ id: '21', reason: 'Aadhar photo unreadable', review_version: 1 }]);
      const personal = within(screen.getByRole('region', { name: 'Personal details' }));
      expect(personal.getByText('Rejected')).toBeVisible();
      expect(personal.getByText('Aadhar photo unreadable')).toBeVisible();
      expect(card.queryByRole('button')).not.toBeInTheDocument();
      await vi.waitFor(() =>
        expect(card.getByRole('heading', { name: 'Verification decision' })).toHaveFocus(),
      );
      // The file loads again: the activity shows the decision.
      expect(await activity.findByText('Teacher rejected: Aadhar photo unreadable')).toBeVisible();
    });

    it('says so when another administrator decided first, and shows the status and reason now stored', async () => {
      const stored: Stored = { teacher: documented(22), activity: [] };
      let answer: 'offline' | 'decided' = 'offline';
      server.use(
        fileOf(stored),
        http.patch('*/api/v1/teachers/:id/approve', () => {
          if (answer === 'offline') return HttpResponse.error();
          // Someone else rejected her a moment before.
          stored.teacher = documented(22, {
            verification_status: 'rejected',
            is_active: false,
            rejection_reason: 'Certificate is blurred',
          });
          stored.activity = [decidedEntry('teacher_rejected', 'Certificate is blurred')];
          return alreadyRejected('Certificate is blurred');
        }),
      );
      const user = userEvent.setup();
      renderRoute('/Admin_Teacher/22');
      const card = within(
        await screen.findByRole('region', { name: 'Verification decision' }, { timeout: 10000 }),
      );
      // No answer at all: not saved, the buttons stay, focus back on Approve.
      await user.click(card.getByRole('button', { name: 'Approve Rina Dutta' }));
      expect(await card.findByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.decisionFailed);
      expect(card.getByRole('button', { name: 'Approve Rina Dutta' })).toHaveFocus();
      answer = 'decided';
      await user.click(card.getByRole('button', { name: 'Approve Rina Dutta' }));
      expect(await card.findByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.alreadyDecided);
      const personal = within(screen.getByRole('region', { name: 'Personal details' }));
      expect(await personal.findByText('Certificate is blurred')).toBeVisible();
      expect(personal.getByText('Rejected')).toBeVisible();
      expect(card.queryByRole('button')).not.toBeInTheDocument();
      expect(card.queryByRole('status')).not.toBeInTheDocument();
      const activity = within(screen.getByRole('region', { name: 'Activity' }));
      expect(activity.getByText('Teacher rejected: Certificate is blurred')).toBeVisible();
    });

    it('says so when the teacher changed their documents since the file loaded, and shows the new ones', async () => {
      const sent: unknown[] = [];
      const stored: Stored = { teacher: documented(24), activity: [] };
      server.use(
        fileOf(stored),
        http.patch('*/api/v1/teachers/:id/approve', async ({ request }) => {
          const body = (await request.json()) as { review_version?: number };
          sent.push(body);
          if (body.review_version !== stored.teacher.review_version)
            return changedSinceShown(stored.teacher.review_version, ['mark_sheet']);
          stored.teacher = { ...stored.teacher, verification_status: 'verified', verified: true };
          stored.activity = [decidedEntry('teacher_approved')];
          return HttpResponse.json({ status: 'success', data: stored.teacher });
        }),
      );
      const user = userEvent.setup();
      renderRoute('/Admin_Teacher/24');
      const card = within(
        await screen.findByRole('region', { name: 'Verification decision' }, { timeout: 10000 }),
      );
      const documents = within(screen.getByRole('region', { name: 'Documents' }));
      expect(documents.getByRole('button', { name: 'Mark sheet (marks.pdf)' })).toBeVisible();
      // While the file is open, the teacher sends a new mark sheet.
      const base = documented(24);
      stored.teacher = {
        ...base,
        review_version: 2,
        review_changes: ['mark_sheet'],
        teacher_preference: base.teacher_preference && {
          ...base.teacher_preference,
          mark_sheet: {
            id: 400,
            url: '/api/v1/uploads/400',
            file_name: 'marks-new.pdf',
            content_type: 'application/pdf',
          },
        },
      };
      await user.click(card.getByRole('button', { name: 'Approve Rina Dutta' }));
      expect(await card.findByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.changedSinceShown);
      // The file loads again: the new mark sheet and what changed show; still pending, still to decide.
      expect(await documents.findByRole('button', { name: 'Mark sheet (marks-new.pdf)' })).toBeVisible();
      const personal = within(screen.getByRole('region', { name: 'Personal details' }));
      expect(personal.getByText('mark sheet')).toBeVisible();
      expect(card.queryByRole('status')).not.toBeInTheDocument();
      // Looked at again, the approval goes through with the version now shown.
      await user.click(card.getByRole('button', { name: 'Approve Rina Dutta' }));
      expect(await card.findByRole('status')).toHaveTextContent('Rina Dutta is now verified.');
      expect(sent).toEqual([{ review_version: 1 }, { review_version: 2 }]);
    });

    it('says which documents are missing and offers Reject only until all three are on file', async () => {
      const stored: Stored = {
        teacher: { ...adminTeacher(23, { name: 'Rina Dutta', aadhar_photo: '/api/v1/uploads/23' }) },
        activity: [],
      };
      server.use(fileOf(stored));
      renderRoute('/Admin_Teacher/23');
      const card = within(
        await screen.findByRole('region', { name: 'Verification decision' }, { timeout: 10000 }),
      );
      expect(
        card.getByText(
          'Documents missing: mark sheet and certificate. This teacher can be approved once all three are on file.',
        ),
      ).toBeVisible();
      expect(card.queryByRole('button', { name: 'Approve Rina Dutta' })).not.toBeInTheDocument();
      expect(card.getByRole('button', { name: 'Reject Rina Dutta' })).toBeEnabled();
    });

    it('offers no decision for a teacher already verified', async () => {
      server.use(
        http.get('*/api/v1/admin/teachers/:id', () =>
          HttpResponse.json({
            status: 'success',
            data: {
              teacher: adminTeacher(25, {
                name: 'Rina Dutta',
                verification_status: 'verified',
                verified: true,
              }),
              requests: [],
              activity: [],
            },
          }),
        ),
      );
      renderRoute('/Admin_Teacher/25');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Rina Dutta' }, { timeout: 10000 }),
      ).toBeVisible();
      expect(screen.queryByRole('region', { name: 'Verification decision' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Approve|Reject/ })).not.toBeInTheDocument();
    });
  });
});
