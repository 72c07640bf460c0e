import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { type } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { prerequisiteRoute } from '../../../contract/rules/onboarding';
import { request } from '../../../src/api/client';
import { knownProgress } from '../../../src/lib/progress';
import { afterLogin, returnPathOf } from '../../../src/lib/return-path';
import { server } from '../../msw/server';
import { renderRoute } from '../render';

describe('no dead ends when signed out', () => {
  it.each(['/dashboard', '/profile', '/teacherfinder', '/requests'])(
    'sends a signed-out visitor of %s to / with the way back',
    async (path) => {
      localStorage.clear();
      const view = renderRoute(path);
      await waitFor(() => expect(view.current()).toBe(`/?next=${encodeURIComponent(path)}`));
    },
  );

  it('sends a signed-out visitor of Change request (/subject?change=11) to / with the way back', async () => {
    localStorage.clear();
    const view = renderRoute('/subject?change=11');
    await waitFor(() => expect(view.current()).toBe(`/?next=${encodeURIComponent('/subject?change=11')}`));
    expect(afterLogin('/requests', '/subject?change=11', 2)).toBe('/subject?change=11');
  });

  it('returns after login to a screen the role may see, once onboarding is complete', () => {
    expect(returnPathOf('?next=%2Frequests')).toBe('/requests');
    expect(returnPathOf('?next=https%3A%2F%2Fevil.example')).toBeNull();
    expect(returnPathOf('?next=%2F%2Fevil.example')).toBeNull();
    // A student going to /requests whose routing chose the finder (their home): back to /requests.
    expect(afterLogin('/teacherfinder', '/requests', 2)).toBe('/requests');
    // A teacher may not see /requests: their home instead.
    expect(afterLogin('/dashboard', '/requests', 1)).toBe('/dashboard');
    expect(afterLogin('/dashboard', '/profile', 1)).toBe('/profile');
    // Onboarding first: a student without details goes to the step they need.
    expect(afterLogin('/studentdetails1', '/requests', 2)).toBe('/studentdetails1');
    expect(afterLogin('/dashboard', null, 1)).toBe('/dashboard');
  });
});

describe('a screen before its prerequisite sends a signed-in person to the step they need', () => {
  const teacher = (personal: boolean, education = false, preferences = false, schedule = false) => ({
    role_id: 1,
    teacher: { personal, education, preferences, schedule },
    student: null,
    job_seeker: null,
  });
  const student = (personal: boolean, requests: 'none' | 'made' | 'following' = 'none') => ({
    role_id: 2,
    teacher: null,
    student: { personal, education: personal, requests },
    job_seeker: null,
  });

  it('knows the prerequisites of each role from what the server says was completed', () => {
    // A student without details: the first step, wherever they were going.
    for (const path of ['/subject', '/teacherfinder', '/requests', '/studentdetails2'])
      expect(prerequisiteRoute(path, student(false))).toBe('/studentdetails1');
    expect(prerequisiteRoute('/studentdetails1', student(false))).toBeNull();
    expect(prerequisiteRoute('/subject', student(true))).toBeNull();
    // The finder needs a request.
    expect(prerequisiteRoute('/teacherfinder', student(true))).toBe('/subject');
    expect(prerequisiteRoute('/teacherfinder', student(true, 'made'))).toBeNull();
    // A teacher: each step needs the ones before it; the homes need the details; earlier steps stay open.
    for (const path of [
      '/slots',
      '/teacherSubject',
      '/educational_details_teacher',
      '/dashboard',
      '/profile',
    ])
      expect(prerequisiteRoute(path, teacher(false))).toBe('/personal_details_teacher');
    expect(prerequisiteRoute('/slots', teacher(true, true, false))).toBe('/teacherSubject');
    expect(prerequisiteRoute('/teachersubject', teacher(true, false))).toBe('/educational_details_teacher');
    expect(prerequisiteRoute('/slots', teacher(true, true, true))).toBeNull();
    expect(prerequisiteRoute('/dashboard?x=1', teacher(true))).toBeNull();
    expect(prerequisiteRoute('/personal_details_teacher', teacher(true, true, true, true))).toBeNull();
    // Another role's screen: their own place (the step they need, else their home).
    expect(prerequisiteRoute('/dashboard', student(true, 'following'))).toBe('/requests');
    expect(prerequisiteRoute('/dashboard', student(true, 'made'))).toBe('/teacherfinder');
    expect(prerequisiteRoute('/subject', teacher(true, true, true, true))).toBe('/dashboard');
    expect(prerequisiteRoute('/subject', teacher(true, true))).toBe('/teacherSubject');
    expect(prerequisiteRoute('/subject', teacher(false))).toBe('/personal_details_teacher');
    // Administrators, unknown roles, or screens anyone may open: nothing to do.
    expect(
      prerequisiteRoute('/subject', { role_id: 4, teacher: null, student: null, job_seeker: null }),
    ).toBeNull();
    expect(prerequisiteRoute('/', student(false))).toBeNull();
    expect(prerequisiteRoute('/role', student(false))).toBeNull();
  });

  it('asks the server, not the browser: a student without details who opens /subject lands on /studentdetails1', async () => {
    localStorage.setItem('auth_token', 'header.eyJzdWIiOjQyfQ.sig');
    localStorage.setItem('user_id', '42');
    localStorage.setItem('role_id', '2');
    // A student id stored in the browser does not count: the server says no details are saved.
    localStorage.setItem('student_id', '7');
    server.use(
      http.get('*/api/v1/me/progress', () => HttpResponse.json({ status: 'success', data: student(false) })),
    );
    const view = renderRoute('/subject');
    await waitFor(() => expect(view.current()).toBe('/studentdetails1'));
  });

  it('a teacher without preferences who opens /slots lands on /teacherSubject', async () => {
    localStorage.setItem('auth_token', 'header.eyJzdWIiOjQxfQ.sig');
    localStorage.setItem('user_id', '41');
    localStorage.setItem('role_id', '1');
    localStorage.setItem('teacher_id', '5');
    server.use(
      http.get('*/api/v1/me/progress', () =>
        HttpResponse.json({ status: 'success', data: teacher(true, true) }),
      ),
    );
    const view = renderRoute('/slots');
    await waitFor(() => expect(view.current()).toBe('/teacherSubject'));
  });

  it('holds the screen until the guard answers, then reuses the answer until the person changes something', async () => {
    localStorage.setItem('auth_token', 'header.eyJzdWIiOjQyfQ.sig');
    localStorage.setItem('user_id', '42');
    localStorage.setItem('role_id', '2');
    let asked = 0;
    const held: { answer: (() => void) | null } = { answer: null };
    const release = () => held.answer?.();
    server.use(
      http.get('*/api/v1/me/progress', async () => {
        asked += 1;
        await new Promise<void>((resolve) => {
          held.answer = resolve;
        });
        return HttpResponse.json({ status: 'success', data: student(true, 'made') });
      }),
    );
    const view = renderRoute('/subject');
    // Held: the loading frame, announced; nothing of the screen yet.
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Search subjects' })).toBeNull();
    await waitFor(() => expect(held.answer).not.toBeNull());
    release();
    await screen.findByRole('textbox', { name: 'Search subjects' });
    // Another guarded screen of the same session: no second question, no loading frame.
    act(() => view.location.navigate('/studentdetails1'));
    await screen.findByRole('heading', { name: /Personal Details/i });
    expect(asked).toBe(1);
    expect(knownProgress.get()?.student?.requests).toBe('made');
    // A write (it may complete or undo a step) forgets the answer: the next guarded screen asks.
    // The account's language changes nothing the guard reads: the answer stays.
    server.use(http.put('*/api/v1/me/language', () => HttpResponse.json({})));
    await request(type({}), { method: 'PUT', url: '/api/v1/me/language', data: { language: 'bn' } });
    expect(knownProgress.get()).not.toBeNull();
    server.use(http.post('*/api/v1/example_write', () => HttpResponse.json({})));
    await request(type({}), { method: 'POST', url: '/api/v1/example_write' });
    expect(knownProgress.get()).toBeNull();
    held.answer = null;
    act(() => view.location.navigate('/subject'));
    await waitFor(() => expect(asked).toBe(2));
    await waitFor(() => expect(held.answer).not.toBeNull());
    release();
    await screen.findByRole('textbox', { name: 'Search subjects' });
  });
});
