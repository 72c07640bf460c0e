import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Browser, launchBrowser, type RunningServer, startServer } from './harness';

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
