import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { afterLogin, returnPathOf } from '../../../src/lib/return-path';
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
