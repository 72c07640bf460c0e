import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES } from '../../../contract/rules/admin';
import { adminTeacher } from '../../msw/handlers/admin';
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
    const fileOf = (id: number) =>
      http.get('*/api/v1/admin/teachers/:id', () =>
        HttpResponse.json({
          status: 'success',
          data: { teacher: adminTeacher(id, { name: 'Rina Dutta' }), requests: [], activity: [] },
        }),
      );

    it('rejects with a reason from a dialog that holds and gives back focus; the file shows Rejected at once', async () => {
      const sent: unknown[] = [];
      server.use(
        fileOf(21),
        http.patch('*/api/v1/teachers/:id/reject', async ({ request, params }) => {
          sent.push({ id: params.id, ...((await request.json()) as object) });
          return HttpResponse.json({
            status: 'success',
            data: adminTeacher(21, {
              name: 'Rina Dutta',
              verification_status: 'rejected',
              is_active: false,
              rejection_reason: 'Aadhar photo unreadable',
            }),
          });
        }),
      );
      const user = userEvent.setup();
      renderRoute('/Admin_Teacher/21');
      const card = within(
        await screen.findByRole('region', { name: 'Verification decision' }, { timeout: 10000 }),
      );
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
      expect(sent).toEqual([{ id: '21', reason: 'Aadhar photo unreadable' }]);
      const personal = within(screen.getByRole('region', { name: 'Personal details' }));
      expect(personal.getByText('Rejected')).toBeVisible();
      expect(personal.getByText('Aadhar photo unreadable')).toBeVisible();
      expect(card.queryByRole('button')).not.toBeInTheDocument();
      await vi.waitFor(() =>
        expect(card.getByRole('heading', { name: 'Verification decision' })).toHaveFocus(),
      );
    });

    it("approves; a decision someone else made first (409) is refused with the queue's message", async () => {
      let answer = 409;
      server.use(
        fileOf(22),
        http.patch('*/api/v1/teachers/:id/approve', () =>
          answer === 409
            ? HttpResponse.json({ error: 'conflict', message: 'Already decided' }, { status: 409 })
            : HttpResponse.json({
                status: 'success',
                data: adminTeacher(22, {
                  name: 'Rina Dutta',
                  verification_status: 'verified',
                  verified: true,
                }),
              }),
        ),
      );
      const user = userEvent.setup();
      renderRoute('/Admin_Teacher/22');
      const card = within(
        await screen.findByRole('region', { name: 'Verification decision' }, { timeout: 10000 }),
      );
      await user.click(card.getByRole('button', { name: 'Approve Rina Dutta' }));
      expect(await card.findByRole('alert')).toHaveTextContent(
        'Could not save the decision. Please try again.',
      );
      expect(card.getByRole('button', { name: 'Approve Rina Dutta' })).toHaveFocus();
      answer = 200;
      await user.click(card.getByRole('button', { name: 'Approve Rina Dutta' }));
      expect(await card.findByRole('status')).toHaveTextContent('Rina Dutta is now verified.');
      expect(card.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getAllByText('Verified').length).toBeGreaterThan(0);
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
