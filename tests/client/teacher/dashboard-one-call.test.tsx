import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, it } from 'vitest';
import { sampleRequest } from '../../msw/handlers/requests';
import { teacherRecord } from '../../msw/handlers/teachers';
import { server } from '../../msw/server';
import { renderRoute } from '../render';

it('the dashboard shows the teacher and their requests from one call', async () => {
  localStorage.setItem('auth_token', 'token');
  localStorage.setItem('user_id', '3');
  localStorage.setItem('role_id', '1');
  // Sign-in stores the teacher's id; without it the route guard sends a teacher to step 1.
  localStorage.setItem('teacher_id', '21');
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  server.use(
    http.get('*/api/v1/teachers/me/dashboard', () =>
      HttpResponse.json({
        status: 'success',
        data: { teacher: teacherRecord(), requests: [{ ...sampleRequest, teacher_id: 21 }] },
      }),
    ),
  );
  renderRoute('/dashboard');
  // The page's code loads lazily (the first render in this file compiles it).
  expect(
    await screen.findByRole('heading', { name: 'Welcome, Anita Sen' }, { timeout: 15000 }),
  ).toBeInTheDocument();
  const fresh = screen.getByRole('region', { name: 'New Requests' });
  expect(await within(fresh).findByText('Riya Sen')).toBeInTheDocument();
  // A language is a proper name: 'English', never 'english' (the wire value).
  expect(within(fresh).getByText('online · individual · English · Morning, Afternoon')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Accept request from Riya Sen' })).toBeEnabled();
  // The record and the requests came in that one call: no user, teacher or request-list call.
  expect(calls).toContain('GET /api/v1/teachers/me/dashboard');
  expect(calls.filter((c) => /\/users\/|\/teachers\/\d|\/teacher_student_requests/.test(c))).toEqual([]);
  // On a phone (one column) the requests come before the account details, in the markup itself,
  // so a screen reader and the keyboard meet them in the order seen (no CSS reordering).
  const account = await screen.findByRole('region', { name: 'Account Details' });
  const active = screen.getByRole('region', { name: 'Active' });
  for (const [first, then] of [
    [fresh, active],
    [active, account],
  ])
    expect(first.compareDocumentPosition(then) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(document.querySelector('.teacher-dashboard style')?.textContent ?? '').not.toMatch(/\border:/);
  server.events.removeAllListeners();
});
