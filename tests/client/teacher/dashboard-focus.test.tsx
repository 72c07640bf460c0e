import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { sampleRequest } from '../../msw/handlers/requests';
import { server } from '../../msw/server';
import { renderRoute } from '../render';

// A teacher answering requests from the keyboard: the button that opened a dialog leaves with its
// request once the answer is in, so focus goes to the list the request joined or left.
function dashboardWith(requests: Array<Record<string, unknown>>, failStatus?: string) {
  localStorage.setItem('auth_token', 'header.eyJzdWIiOjN9.sig');
  localStorage.setItem('user_id', '3');
  localStorage.setItem('teacher_id', '21');
  server.use(
    http.get('*/api/v1/teacher_student_requests', () =>
      HttpResponse.json({ status: 'success', data: requests }),
    ),
    http.patch('*/api/v1/teacher_student_requests/:id/update_status', async ({ params, request }) => {
      const { status } = (await request.json()) as { status: string };
      if (status === failStatus) return HttpResponse.json({ message: 'down' }, { status: 503 });
      const base = requests.find((r) => String(r.id) === params.id);
      return HttpResponse.json({ status: 'success', data: { ...base, status } });
    }),
  );
  renderRoute('/dashboard');
}

const fresh = { ...sampleRequest, teacher_id: 21 };
const second = {
  ...sampleRequest,
  id: 13,
  teacher_id: 21,
  student: { ...sampleRequest.student, id: 9, name: 'Mita Pal' },
};
const active = {
  ...sampleRequest,
  id: 12,
  teacher_id: 21,
  status: 'accepted',
  student: { ...sampleRequest.student, id: 8, name: 'Arjun Das' },
};

describe('teacher dashboard: focus after answering a request', () => {
  it('accepting moves focus to the Active list, declining to New Requests, ending a contract to Active', async () => {
    dashboardWith([fresh, second, active]);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Accept request from Riya Sen' }));
    const accept = await screen.findByRole('dialog', { name: 'Accept request' });
    await user.click(within(accept).getByRole('button', { name: 'Accept' }));
    await screen.findByRole('button', { name: 'End contract with Riya Sen' });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Active' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Decline request from Mita Pal' }));
    const decline = await screen.findByRole('dialog', { name: 'Decline request' });
    await user.click(within(decline).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Decline request from Mita Pal' })).toBeNull(),
    );
    await waitFor(() => expect(screen.getByRole('heading', { name: 'New Requests' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'End contract with Arjun Das' }));
    const end = await screen.findByRole('dialog', { name: 'End Contract' });
    await user.click(within(end).getByRole('button', { name: 'End Contract' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'End contract with Arjun Das' })).toBeNull(),
    );
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Active' })).toHaveFocus());
  });

  it('a failed answer leaves the request and its button where they were; focus does not jump to a list', async () => {
    dashboardWith([fresh], 'accepted');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Accept request from Riya Sen' });
    await user.click(button);
    const accept = await screen.findByRole('dialog', { name: 'Accept request' });
    await user.click(within(accept).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Accept request from Riya Sen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Active' })).not.toHaveFocus();
    expect(screen.getByRole('heading', { name: 'New Requests' })).not.toHaveFocus();
  });
});
