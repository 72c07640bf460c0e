import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectAccessible, expectKeyboardUsable } from './harness';
import { setUpE2E } from './use-e2e';

// A phone that loses its network while a page's code is fetched (src/app/LoadFailure.tsx,
// docs/reliability.md): the page's chunk is refused, the screen says so and offers Try again
// (reachable with the keyboard); once the network is back, Try again brings up the page.
const { server, browser } = setUpE2E({ browsers: [{ width: 390, height: 844 }] });

/** The built file of a page module (the build's manifest; the server serves it from assets/). */
function chunkOf(module: string): string {
  const manifest: Record<string, { file: string }> = JSON.parse(
    readFileSync('dist/client/.vite/manifest.json', 'utf8'),
  );
  const chunk = manifest[module]?.file;
  if (!chunk) throw new Error(`${module} is not a chunk of the build`);
  return chunk;
}

describe('a page whose code fails to load (Chromium, phone)', () => {
  it('says so, offers Try again by keyboard, and shows the page once its code arrives', async () => {
    const page = await browser.newPage();
    const chunk = chunkOf('src/features/auth/TermsPage.tsx');
    const blocked = `**/${chunk}`;
    let refused = 0;
    await page.route(blocked, (route) => {
      refused++;
      return route.abort('internetdisconnected');
    });

    await page.goto(`${server.url}/terms`);
    const failure = page.getByRole('alert').filter({ has: page.getByRole('heading', { level: 1 }) });
    await failure.getByRole('heading', { level: 1, name: 'This screen did not load' }).waitFor();
    await failure.getByText('Check your connection and try again.').waitFor();
    expect(refused).toBeGreaterThan(0);
    await browser.screenshot(page, 'load-failure');
    await expectAccessible(page, 'load-failure');
    await expectKeyboardUsable(page, 'load-failure');

    // Try again is reached with Tab from the top of the page.
    const tryAgain = failure.getByRole('button', { name: 'Try again' });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    let reached = false;
    for (let i = 0; i < 10 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await tryAgain.evaluate((el) => el === document.activeElement);
    }
    expect(reached, 'Try again is reached with Tab').toBe(true);

    // The network is back: Try again (Enter on the focused button) loads the page.
    await page.unroute(blocked);
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Back to login' }).waitFor();
    expect(await page.getByText('This screen did not load').count()).toBe(0);
    await expectAccessible(page, 'load-failure-retried');
    await page.close();
  });
});
