import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
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
});
