import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LoadFailureBoundary } from '../../src/app/LoadFailure';
import { loadLanguage, setLanguage } from '../../src/i18n/instance';

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
  afterAll(() => setLanguage('en', { chosen: false }));

  it('says so and offers to try again, instead of a blank screen', async () => {
    await setLanguage('en', { chosen: false });
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
    await loadLanguage('bn');
    await setLanguage('bn', { chosen: false });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderUnreachable();
    expect(await screen.findByRole('heading', { name: 'এই পাতাটি খোলা যায়নি' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'আবার চেষ্টা করুন' })).toBeInTheDocument();
    quiet.mockRestore();
  });
});
