import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../src/i18n';
import { server } from '../../msw/server';
import { renderRoute } from '../render';

// A teacher whose documents were refused fixes them on the onboarding steps: the header there has
// the same bell as every signed-in screen, so the administrator's reason can be read on the step.
const REJECTED = {
  status: 'success',
  data: [
    {
      id: 5,
      kind: 'teacher_rejected',
      title: 'Documents rejected',
      body: 'An administrator could not verify your documents. Reason: Aadhar photo is blurred. Open your dashboard to fix them.',
      params: { reason: 'Aadhar photo is blurred' },
      link: '/dashboard',
      request_id: null,
      read_at: null,
      created_at: '2026-11-20T10:00:00.000Z',
    },
  ],
  unread_count: 1,
  total: 1,
  pagination: { next: null, prev: null },
};

beforeEach(() => {
  localStorage.setItem('auth_token', 'header.eyJzdWIiOjN9.sig');
  localStorage.setItem('user_id', '3');
  localStorage.setItem('role_id', '1');
  localStorage.setItem('teacher_id', '21');
  server.use(http.get('*/api/v1/notifications', () => HttpResponse.json(REJECTED)));
});
afterEach(() => setLanguage('en', { chosen: false }));

describe("the teacher's steps show the notifications bell", () => {
  it.each([
    ['/personal_details_teacher', 'Personal Details'],
    ['/educational_details_teacher', 'Educational Details'],
  ])('on %s: the unread count, and the refusal read in the panel', async (path, heading) => {
    const u = userEvent.setup();
    renderRoute(path);
    await screen.findByRole('heading', { name: heading }, { timeout: 15000 });
    await u.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    const item = within(panel).getByRole('listitem', { name: 'Documents rejected' });
    expect(item).toHaveTextContent('Reason: Aadhar photo is blurred. Open your dashboard to fix them.');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('in Bengali: the bell, and the refusal said as not approved (নামঞ্জুর)', async () => {
    await setLanguage('bn', { chosen: false });
    const u = userEvent.setup();
    renderRoute('/personal_details_teacher');
    await screen.findByRole('heading', { name: 'ব্যক্তিগত তথ্য' }, { timeout: 15000 });
    await u.click(await screen.findByRole('button', { name: 'বিজ্ঞপ্তি, ১টি পড়া হয়নি' }));
    const panel = screen.getByRole('dialog', { name: 'বিজ্ঞপ্তি' });
    const item = within(panel).getByRole('listitem', { name: 'নথি নামঞ্জুর হয়েছে' });
    expect(item).toHaveTextContent('কারণ: Aadhar photo is blurred');
  });

  it('signed out, the step has neither the bell nor Logout', async () => {
    localStorage.clear();
    renderRoute('/personal_details_teacher');
    await screen.findByRole('heading', { name: 'Personal Details' }, { timeout: 15000 });
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });
});
