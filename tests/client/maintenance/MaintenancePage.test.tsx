import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../render';

afterEach(() => {
  vi.useRealTimers();
  delete window.__APP_CONFIG__;
});

describe('/maintainance', () => {
  it("shows the product's texts and, past the default date, that the site should be back", async () => {
    renderRoute('/maintainance');
    expect(await screen.findByRole('heading', { name: 'Under Maintenance' })).toBeInTheDocument();
    expect(
      screen.getByText("We're currently improving our site to serve you better. Thanks for your patience."),
    ).toBeInTheDocument();
    expect(screen.getByText("We'll be back by:")).toBeInTheDocument();
    expect(screen.getByText('April 25, 2025 at 6:00 PM')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We should be back now! Please refresh the page.');
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      `© ${new Date().getFullYear()} Bengal Tutors. All rights reserved.`,
    );
  });

  it('counts down to a configured target every second, then says the site should be back', async () => {
    const target = Date.parse('2030-03-10T12:00:00+05:30');
    vi.useFakeTimers({ now: target - ((1 * 24 + 2) * 3600 + 3 * 60 + 2) * 1000 });
    window.__APP_CONFIG__ = { maintenanceUntil: '2030-03-10T12:00:00+05:30' };
    renderRoute('/maintainance');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('March 10, 2030 at 12:00 PM')).toBeInTheDocument();
    const timer = screen.getByRole('timer', { name: 'Time left' });
    expect(timer).toHaveTextContent('01Days02Hours03Minutes02Seconds');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(timer).toHaveTextContent('01Days02Hours03Minutes01Seconds');

    vi.setSystemTime(target - 1500); // e.g. the phone slept: the countdown follows the clock
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(timer).toHaveTextContent('00Days00Hours00Minutes01Seconds');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByText('We should be back now! Please refresh the page.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh page' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2030 Bengal Tutors');
  });
});
