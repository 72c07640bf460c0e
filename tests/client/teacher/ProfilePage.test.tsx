import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { TEACHER_DASHBOARD_MESSAGES as M } from '../../../contract/rules/teacher-dashboard';
import { teacherRecord } from '../../msw/handlers/teachers';
import { server } from '../../msw/server';
import { renderRoute } from '../render';
import { signInTeacher } from './model-view';

describe('ProfilePage (/profile)', () => {
  it("shows the teacher's account details, preferences, schedule and documents on file", async () => {
    signInTeacher();
    renderRoute('/profile');
    const account = await screen.findByRole('region', { name: 'Account Details' }, { timeout: 5000 });
    expect(account).toHaveTextContent('Anita Sen');
    expect(account).toHaveTextContent('anita@example.com');
    expect(account).toHaveTextContent('Mobile: 9876543210');
    expect(account).toHaveTextContent('Date of birth: 15/08/1990');
    expect(account).toHaveTextContent('12 Park Street, Kolkata 700016');
    const bio = screen.getByRole('region', { name: 'Bio' });
    expect(within(bio).getByText('Physics')).toBeInTheDocument();
    expect(bio).toHaveTextContent('Offline');
    expect(bio).toHaveTextContent('2 years');
    expect(bio).toHaveTextContent('10 km');
    expect(bio).toHaveTextContent('English, Bengali');
    const schedule = screen.getByRole('region', { name: 'Date & Time Preferences' });
    expect(schedule).toHaveTextContent('Monday');
    expect(schedule).toHaveTextContent('Morning');
    const checks = screen.getByRole('region', { name: 'Verifications' });
    expect(checks).toHaveTextContent('Waiting for review');
    expect(within(checks).getByRole('button', { name: 'Open Aadhar card (masked)' })).toBeEnabled();
    expect(within(checks).getByRole('button', { name: 'Open Marksheet (class 12)' })).toBeEnabled();
    // Certificate and resume are not on file in the sample record.
    expect(within(checks).getAllByText('Not uploaded')).toHaveLength(2);
  });

  it('gives the rejection reason while it stands, not once the fixed documents wait for review again', async () => {
    signInTeacher();
    const reason = 'The Aadhar photo is blurred';
    server.use(
      http.get('*/api/v1/teachers/:id', () =>
        HttpResponse.json({
          status: 'success',
          data: teacherRecord({ verification_status: 'rejected', verified: false, rejection_reason: reason }),
        }),
      ),
    );
    const { unmount } = renderRoute('/profile');
    const rejected = await screen.findByRole('region', { name: 'Verifications' }, { timeout: 5000 });
    expect(rejected).toHaveTextContent(`Reason: ${reason}`);
    unmount();
    server.use(
      http.get('*/api/v1/teachers/:id', () =>
        HttpResponse.json({
          status: 'success',
          data: teacherRecord({ verification_status: 'pending', verified: false, rejection_reason: reason }),
        }),
      ),
    );
    renderRoute('/profile');
    const pending = await screen.findByRole('region', { name: 'Verifications' }, { timeout: 5000 });
    expect(pending).toHaveTextContent('Waiting for review');
    expect(pending).not.toHaveTextContent(reason);
  });

  it('opens a private document through an authenticated fetch, as a blob URL', async () => {
    signInTeacher();
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/marks');
    let authorization: string | null = null;
    server.use(
      http.get('*/api/v1/uploads/:id', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return new HttpResponse('png bytes', { headers: { 'Content-Type': 'image/png' } });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/profile');
    await user.click(
      await screen.findByRole('button', { name: 'Open Marksheet (class 12)' }, { timeout: 5000 }),
    );
    await vi.waitFor(() => expect(tab.location.href).toBe('blob:http://localhost/marks'));
    expect(authorization).toBe('Bearer header.eyJzdWIiOjN9.sig');
    expect(created).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when a document cannot be opened, and when the record cannot be loaded (Try Again)', async () => {
    signInTeacher();
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    server.use(
      http.get('*/api/v1/uploads/:id', () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })),
    );
    const user = userEvent.setup();
    const first = renderRoute('/profile');
    await user.click(
      await screen.findByRole('button', { name: 'Open Aadhar card (masked)' }, { timeout: 5000 }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(M.documentOpenFailed);
    expect(tab.close).toHaveBeenCalled();
    first.unmount();

    let calls = 0;
    server.use(
      http.get('*/api/v1/teachers/:id', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: M.teacherLoadFailed }, { status: 500 })
          : HttpResponse.json({ status: 'success', data: teacherRecord({ name: 'Anita Sen' }) });
      }),
    );
    renderRoute('/profile');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(M.teacherLoadFailed);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('region', { name: 'Account Details' })).toHaveTextContent('Anita Sen');
  });
});
