import { expect, it } from 'vitest';
import { type Browser, expectAccessible } from './harness';
import { setUpE2E } from './use-e2e';

const { server, browser } = setUpE2E();

it('serves the app on a deep link and a JSON 404 for unknown API paths', async () => {
  await browser.page.goto(`${server.url}/dashboard`);
  await expect.poll(() => browser.page.title()).toBe('Bengal Tutors');
  const res = await browser.page.request.get(`${server.url}/api/v1/nope`);
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ error: 'not_found' });
});

it('an address the app does not know shows the not-found page', async () => {
  const page = browser.page;
  await page.goto(`${server.url}/no-such-page`);
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  await page.getByRole('link', { name: 'Go to the home page' }).waitFor();
  await expectAccessible(page, 'not found');
});

/** Holds back the route chunk whose file name matches, until release() is called. */
async function holdChunk(page: Awaited<ReturnType<Browser['newPage']>>, chunk: RegExp) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(chunk, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

it('paints the app frame (logo and a spinner) before the route code has arrived', async () => {
  const page = await browser.newPage();
  const release = await holdChunk(page, /\/assets\/RolePage-[^/]+\.js$/);
  await page.goto(`${server.url}/role`);
  await expect.poll(() => page.getByRole('status', { name: 'Loading' }).isVisible()).toBe(true);
  expect(await page.getByRole('link', { name: 'Bengal Tutors home' }).isVisible()).toBe(true);
  await expectAccessible(page, 'app-frame-first-paint');
  await browser.screenshot(page, 'app-frame-first-paint');
  release();
  await expect.poll(() => page.getByRole('status', { name: 'Loading' }).count()).toBe(0);
  await page.close();
});

it('shows the login form from the HTML before its code has arrived, and it works once the code is in', async () => {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    // The refused log-in's 401 is logged by the browser; anything else is a fault.
    if (m.type() === 'error' && !m.text().includes('401')) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  const release = await holdChunk(page, /\/assets\/LoginPage-[^/]+\.js$/);
  await page.goto(`${server.url}/`);
  // Prerendered: the form is on screen with the configured support address; Log in waits for the code.
  await expect.poll(() => page.getByRole('heading', { name: 'Welcome back' }).isVisible()).toBe(true);
  expect(await page.getByLabel('Email').isVisible()).toBe(true);
  expect(await page.getByRole('link', { name: server.app.config.supportEmail }).isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Log in' }).isDisabled()).toBe(true);
  await expectAccessible(page, 'login-prerendered');
  // A visitor types before the code is in: what they typed is kept and used once it is.
  await page.getByRole('textbox', { name: 'Email' }).fill('nobody@example.com');
  await page.locator('input[type=password]').fill('password123');
  release();
  await expect.poll(() => page.getByRole('button', { name: 'Log in' }).isEnabled()).toBe(true);
  expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe('nobody@example.com');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect
    .poll(() => page.getByRole('alert').allTextContents())
    .toContain('Invalid email or password. Please try again.');
  // Hydrated: the page's handlers are attached (the mode toggle works) and React reported no mismatch.
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Create your account' }).isVisible()).toBe(true);
  expect(errors).toEqual([]);
  await page.close();
});

it('styles the prerendered login screens with their inline rules exactly as the whole stylesheet does', async () => {
  // Every element's computed style (and its ::before and ::after), at a phone's and a desktop's width,
  // and with the email field focused: first with only the rules the server put inline (the whole
  // stylesheet refused), then with the whole stylesheet applied. No script runs in either.
  const styles = (page: Awaited<ReturnType<Browser['newPage']>>) =>
    page.evaluate(() =>
      [...document.querySelectorAll('#root *')].map((element) =>
        [null, '::before', '::after'].map((pseudo) => {
          const style = getComputedStyle(element, pseudo);
          // Sorted: custom properties come in no fixed order.
          return [...style]
            .map((name) => `${name}:${style.getPropertyValue(name)}`)
            .sort()
            .join(';');
        }),
      ),
    );
  for (const path of ['/', '/adminsignin']) {
    const seen: string[][][][] = [];
    for (const whole of [false, true]) {
      const page = await browser.newPage();
      await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
      if (!whole) await page.route(/\/assets\/.+\.css$/, (route) => route.abort());
      await page.goto(`${server.url}${path}`);
      await page.locator('#root form').waitFor();
      if (whole)
        await page.evaluate(async () => {
          const link = document.querySelector<HTMLLinkElement>('link[data-later-stylesheet]')!;
          if (!link.sheet) await new Promise((resolve) => link.addEventListener('load', resolve));
          link.media = 'all';
        });
      const states: string[][][] = [];
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 780 });
        states.push(await styles(page));
      }
      await page.locator('#root input').first().focus();
      // The field's border colour moves to the focus colour in a transition: compare where it ends.
      await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
      states.push(await styles(page));
      seen.push(states);
      await page.close();
    }
    expect(seen[0].flat().length).toBeGreaterThan(50);
    const differences = seen[0].flatMap((state, s) =>
      state.flatMap((element, e) =>
        element.flatMap((inline, p) => {
          const whole = new Set(seen[1][s][e][p].split(';'));
          return inline
            .split(';')
            .filter((declaration) => !whole.has(declaration))
            .map(
              (declaration) =>
                `${path} state ${s} element ${e}${['', '::before', '::after'][p]}: ${declaration}`,
            );
        }),
      ),
    );
    expect(differences).toEqual([]);
    expect(seen[0]).toEqual(seen[1]);
  }
});

it('serves hashed assets pre-compressed and cacheable', async () => {
  const html = await (await browser.page.request.get(`${server.url}/`)).text();
  const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1];
  expect(entry).toBeTruthy();
  const res = await browser.page.request.get(`${server.url}${entry}`, {
    headers: { 'accept-encoding': 'br, gzip' },
  });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-encoding']).toBe('br');
  expect(res.headers()['cache-control']).toContain('immutable');
});
