import { expect, it } from 'vitest';
import { expectAccessible } from './harness';
import { setUpE2E } from './use-e2e';

// The machine visualiser in a production build (enabled by the server's configuration, as on a QA
// server), driving the real auth machine, and following the real login screen in live mode.
const { server, browser } = setUpE2E({
  server: { machinesVisualiser: true },
  browsers: [{ width: 1280, height: 900 }],
});

it('walks the auth machine to the sign-up failure state with stubbed calls', async () => {
  const page = browser.page;
  await page.goto(`${server.url}/__machines`);
  await page.getByRole('link', { name: 'Login and sign-up' }).waitFor();
  await expectAccessible(page, 'machine visualiser index');
  await page.getByRole('link', { name: 'Login and sign-up' }).click();
  await page.getByRole('img', { name: 'Login and sign-up (auth)' }).waitFor();
  const current = page.getByTestId('current-state');
  // The registry's sample input has a stored session: the server refuses it (a stubbed rejection),
  // so the person logs in again.
  await expect.poll(() => current.textContent()).toBe('checkingSession');
  await page.getByRole('button', { name: 'Reject checkSession' }).click();
  await expect.poll(() => current.textContent()).toBe('login.editing');
  await expectAccessible(page, 'machine visualiser, auth machine');

  const sendWith = async (type: string, payload: unknown) => {
    await page.getByLabel(`${type} payload (JSON)`, { exact: true }).fill(JSON.stringify(payload));
    await page.getByRole('button', { name: `Send ${type}` }).click();
  };
  await page.getByRole('button', { name: 'Send mode.toggle' }).click();
  await expect.poll(() => current.textContent()).toBe('signup.editing.termsClosed');
  await sendWith('field.change', { field: 'email', value: 'asha@example.com' });
  await sendWith('field.change', { field: 'password', value: 'secret123' });
  await sendWith('role.change', { roleId: 2 });
  await sendWith('terms.change', { checked: true });
  await page.getByRole('button', { name: 'Send form.submit' }).click();
  await expect.poll(() => current.textContent()).toBe('signup.submitting');
  expect(await page.locator('[data-state="auth.signup.submitting"]').getAttribute('data-active')).toBe(
    'true',
  );

  // The sign-up call is a stub: fail it with a server error of our choosing.
  await page.getByLabel('signUp error (JSON)', { exact: true }).fill(
    JSON.stringify({
      kind: 'response',
      status: 422,
      body: { errors: { email: ['has already been taken'] } },
      message: 'Request failed',
    }),
  );
  await page.getByRole('button', { name: 'Reject signUp' }).click();
  await expect.poll(() => current.textContent()).toBe('signup.editing.termsClosed');
  const history = page.getByRole('list', { name: 'History' }).getByRole('listitem');
  await expect
    .poll(() => history.last().textContent())
    .toMatch(/^reject signUp → signup\.editing\.termsClosed/);
  expect(await page.getByLabel('Context JSON').textContent()).toContain('has already been taken');
  expect(await page.locator('[data-state="auth.signup.editing"]').getAttribute('data-active')).toBe('true');
  await expectAccessible(page, 'machines-auth-signup-failure');
  await browser.screenshot(page, 'machines-auth-signup-failure');
});

it('follows the real login screen in live mode', async () => {
  const visualiser = browser.page;
  await visualiser.goto(`${server.url}/__machines/auth`);
  await visualiser.getByRole('img', { name: 'Login and sign-up (auth)' }).waitFor();
  await visualiser.getByRole('button', { name: 'Live' }).click();
  await visualiser.getByRole('checkbox', { name: /live mode/ }).check();
  expect(await visualiser.evaluate(() => localStorage.getItem('machines:live'))).toBe('1');

  // The app in another page of the same browser (the live flag is read when a screen starts).
  const app = await browser.newPage();
  await app.goto(`${server.url}/login`);
  const live = visualiser.getByTestId('live-state');
  await expect.poll(() => live.textContent(), { timeout: 10000 }).toContain('The app is in login.editing');

  await app.getByRole('button', { name: 'Sign up' }).click();
  await expect.poll(() => live.textContent()).toContain('The app is in signup.editing.termsClosed');
  expect(
    await visualiser.locator('[data-state="auth.signup.editing.termsClosed"]').getAttribute('data-active'),
  ).toBe('true');

  await app.getByRole('button', { name: 'Log in' }).click();
  await expect.poll(() => live.textContent()).toContain('The app is in login.editing');
  await app.getByLabel('Email').fill('nobody@example.com');
  await app.getByLabel('Password', { exact: true }).fill('wrong-password-1');
  await app.getByRole('button', { name: 'Log in' }).last().click();
  // The real call fails (no such account): the screen went through submitting and back to editing.
  const liveHistory = visualiser.getByRole('list', { name: 'Live history' });
  await expect
    .poll(() => liveHistory.textContent(), { timeout: 10000 })
    .toContain('form.submit → login.submitting');
  await expect
    .poll(() => live.textContent(), { timeout: 10000 })
    .toMatch(/The app is in login\.editing \(after xstate\.error\.actor/);
  expect(await visualiser.locator('[data-state="auth.login.editing"]').getAttribute('data-active')).toBe(
    'true',
  );
  // Every actor of the app's flows (the sign-in call too) and the events between them, with payloads.
  const actors = visualiser.getByRole('list', { name: 'Running actors' });
  await expect.poll(() => actors.textContent()).toContain('auth');
  const sequence = visualiser.getByRole('table', { name: 'Events between actors' });
  await expect.poll(() => sequence.textContent()).toContain('"value":"nobody@example.com"');
  expect(await sequence.textContent()).toMatch(/xstate\.error\.actor\./);
  await expectAccessible(visualiser, 'machines-auth-live');
  await browser.screenshot(visualiser, 'machines-auth-live');
  await app.close();
});
