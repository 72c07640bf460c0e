import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AppConfig } from '../../server/config';
import { type Browser, launchBrowser, type RunningServer, startServer } from './harness';

type LaunchOptions = Parameters<typeof launchBrowser>[0];

/** The password of the accounts e2e files create unless they choose one. */
export const E2E_PASSWORD = 'password123';

/**
 * A stand-in for what a `beforeAll` creates, usable at the top of a file: every property read is
 * passed on to the real object once it exists (a read before that fails, saying so).
 */
function lateBound<T extends object>(name: string, get: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = get();
      if (!target) throw new Error(`${name} is not started yet (setUpE2E starts it in beforeAll)`);
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The set-up every e2e file shares: one server (the real app on a free port, serving the built
 * client) and one Chromium per entry of `browsers` (a phone-sized one by default), started before the
 * file's first test and closed after its last. Call it at the top of the file:
 *
 *   const { server, browser } = setUpE2E();
 *   const { server, browsers: [student, teacher] } = setUpE2E({ browsers: [{}, {}] });
 *   const { server, browser } = setUpE2E({ server: { machinesVisualiser: true }, browsers: [{ width: 1280, height: 800 }] });
 *
 * A file's own `beforeAll` (seeding data, registering an administrator) runs after this one.
 */
export function setUpE2E(options: { server?: Partial<AppConfig>; browsers?: LaunchOptions[] } = {}) {
  const launches = options.browsers ?? [{}];
  let running: RunningServer | undefined;
  const started: Array<Browser | undefined> = launches.map(() => undefined);
  beforeAll(async () => {
    running = await startServer(options.server);
    const all = await Promise.all(launches.map((o) => launchBrowser(o)));
    all.forEach((b, i) => {
      started[i] = b;
    });
  }, 180000);
  afterAll(async () => {
    await Promise.all(started.map((b) => b?.close()));
    await running?.close();
  });
  const browsers = launches.map((_, i) => lateBound<Browser>(`browser ${i + 1}`, () => started[i]));
  const server = lateBound<RunningServer>('the server', () => running);

  /** A new account through the API (POST /api/v1/users); its user id. */
  async function signUp(email: string, roleId: 1 | 2 | 3, password = E2E_PASSWORD): Promise<number> {
    const res = await fetch(`${server.url}/api/v1/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, user_role_id: roleId }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { id: number } }).data.id;
  }

  /**
   * Signs in on the login screen at `path` (`/` unless given), first leaving a stored session the
   * screen offers to continue ('Log in with a different account').
   */
  async function logIn(page: Page, email: string, options: { password?: string; path?: string } = {}) {
    await page.goto(`${server.url}${options.path ?? '/'}`);
    const other = page.getByRole('button', { name: /different account/ });
    const field = page.getByLabel('Email', { exact: true });
    await Promise.race([other.waitFor(), field.waitFor()]);
    if (await other.isVisible()) await other.click();
    await field.fill(email);
    await page.getByLabel('Password', { exact: true }).fill(options.password ?? E2E_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
  }

  /** Signs an administrator in on /adminsignin and waits for the dashboard. */
  async function logInAdmin(page: Page, admin: { email: string; password: string }) {
    await page.goto(`${server.url}/adminsignin`);
    await page.getByPlaceholder('Enter Admin Email').fill(admin.email);
    await page.getByPlaceholder('Enter admin password').fill(admin.password);
    await page.getByRole('button', { name: 'Admin Login' }).click();
    await waitForPath(page, `${server.url}/admin`);
  }

  return { server, browser: browsers[0], browsers, signUp, logIn, logInAdmin };
}

/** Fills a student's personal details (/studentdetails1) with one valid person, in English. */
export async function fillStudentPersonal(page: Page): Promise<void> {
  await page.getByLabel('Full name').fill('Riya Sen');
  await page.getByLabel(/^Mobile number/).fill('9830012345');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Date of birth').fill('12/03/2009');
  await page.getByLabel('Marital status').selectOption('single');
  await page.getByLabel('Address').fill('5 Park Street, Kolkata 700016');
}

/**
 * Waits until the page's address matches: a whole URL, a RegExp, or a glob: `**` followed by the end
 * of the address (`/dashboard`, `/jobs/*`; `*` stands for one path segment or part of one).
 * It reads `page.url()` until it matches, so it never fails on how the app got there: Playwright's
 * `waitForURL` waits for a navigation and can fail with net::ERR_ABORTED when the app itself starts
 * another one (a guard's redirect, two `location.assign` after two refused calls) around the load
 * event of a `goto`, `reload` or `goBack`.
 */
export async function waitForPath(page: Page, expected: string | RegExp, timeout = 15000): Promise<void> {
  const matches = (url: string) => {
    if (expected instanceof RegExp) return expected.test(url);
    if (!expected.startsWith('**')) return url === expected;
    const tail = expected.slice(2);
    if (!tail.includes('*')) return url.endsWith(tail);
    const pattern = tail
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]*');
    return new RegExp(`${pattern}$`).test(url);
  };
  await expect
    .poll(() => page.url(), { timeout, message: `the page's address to match ${String(expected)}` })
    .toSatisfy(matches);
}
