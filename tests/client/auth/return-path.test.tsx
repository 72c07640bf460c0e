import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { afterLogin, prerequisiteFor, returnPathOf } from '../../../src/lib/return-path';
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
  const none = { teacherId: null, studentId: null };
  it('knows the prerequisites of each role', () => {
    // A student without details: the first step, wherever they were going.
    for (const path of ['/subject', '/teacherfinder', '/requests'])
      expect(prerequisiteFor(path, 2, none)).toBe('/studentdetails1');
    expect(prerequisiteFor('/studentdetails1', 2, none)).toBeNull();
    expect(prerequisiteFor('/subject', 2, { teacherId: null, studentId: 7 })).toBeNull();
    // A teacher without a profile: personal details first (also for /teacherSubject, any case).
    for (const path of ['/slots', '/teacherSubject', '/dashboard', '/profile'])
      expect(prerequisiteFor(path, 1, none)).toBe('/personal_details_teacher');
    expect(prerequisiteFor('/dashboard?x=1', 1, { teacherId: 21, studentId: null })).toBeNull();
    // Another role's screen: their own place.
    expect(prerequisiteFor('/dashboard', 2, { teacherId: null, studentId: 7 })).toBe('/requests');
    expect(prerequisiteFor('/subject', 1, { teacherId: 21, studentId: null })).toBe('/dashboard');
    expect(prerequisiteFor('/subject', 1, none)).toBe('/personal_details_teacher');
    // Unknown role, or screens anyone may open: nothing to do.
    expect(prerequisiteFor('/subject', null, none)).toBeNull();
    expect(prerequisiteFor('/', 2, none)).toBeNull();
    expect(prerequisiteFor('/role', 2, none)).toBeNull();
  });

  it('a student without details who opens /subject lands on /studentdetails1', async () => {
    localStorage.setItem('auth_token', 'header.eyJzdWIiOjQyfQ.sig');
    localStorage.setItem('user_id', '42');
    localStorage.setItem('role_id', '2');
    const view = renderRoute('/subject');
    await waitFor(() => expect(view.current()).toBe('/studentdetails1'));
  });
});
