import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadFailureBoundary } from '../../src/app/LoadFailure';
import { LANGUAGE_STORAGE_KEY } from '../../src/i18n/languages';

// A screen whose code never arrives: the phone lost its network while fetching it.
const Unreachable = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));

function renderUnreachable() {
  return render(
    <LoadFailureBoundary>
      <Suspense fallback={<p>Loading</p>}>
        <Unreachable />
      </Suspense>
    </LoadFailureBoundary>,
  );
}

describe('a screen whose code fails to load', () => {
  afterEach(() => localStorage.removeItem(LANGUAGE_STORAGE_KEY));

  it('says so and offers to try again, instead of a blank screen', async () => {
    // React reports the caught error on the console; the test only looks at the screen.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderUnreachable();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This screen did not load');
    expect(alert).toHaveTextContent('Check your connection and try again.');
    expect(screen.getByRole('heading', { name: 'This screen did not load' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    quiet.mockRestore();
  });

  it('in Bengali too', async () => {
    // The reader's remembered language: the texts come with the app frame's, no further code.
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'bn');
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderUnreachable();
    expect(await screen.findByRole('heading', { name: 'এই পাতাটি খোলা যায়নি' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'আবার চেষ্টা করুন' })).toBeInTheDocument();
    quiet.mockRestore();
  });
});
