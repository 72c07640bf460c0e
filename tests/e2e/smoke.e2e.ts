import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Browser, expectAccessible, launchBrowser, type RunningServer, startServer } from './harness';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('serves the app on a deep link and a JSON 404 for unknown API paths', async () => {
  await browser.page.goto(`${server.url}/dashboard`);
  await expect.poll(() => browser.page.title()).toBe('Bengal Tutors');
  const res = await browser.page.request.get(`${server.url}/api/v1/nope`);
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ error: 'not_found' });
});

it('paints the app frame (logo and a spinner) before the route code has arrived', async () => {
  const page = await browser.newPage();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/LoginPage-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${server.url}/`);
  await expect.poll(() => page.getByRole('status', { name: 'Loading' }).isVisible()).toBe(true);
  expect(await page.getByRole('link', { name: 'Bengal Tutors home' }).isVisible()).toBe(true);
  expect(await page.getByLabel('Email').count()).toBe(0);
  await expectAccessible(page, 'app-frame-first-paint');
  await browser.screenshot(page, 'app-frame-first-paint');
  release();
  await expect.poll(() => page.getByLabel('Email').isVisible()).toBe(true);
  await page.close();
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
