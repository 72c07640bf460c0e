import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { registerAdmin } from '../../server/services/accounts';
import {
  insertTeacher as insertListedTeacher,
  insertRequest,
  insertStudent,
} from '../server/fixtures/admin-teachers';
import { insertTeacher } from '../server/fixtures/teachers';
import { e2eEmail, expectAccessible, expectKeyboardUsable } from './harness';
import { fillStudentPersonal, setUpE2E, waitForPath } from './use-e2e';

// One look and the keyboard, on the screens people fill in and the ones administrators read: every
// control shows where the focus is and focus follows the page down (expectKeyboardUsable, at 390 and
// 1280 px); every field's label has the same size whatever the field; on a 390 px phone a teacher
// sees the new requests on the first screen, before the account details.
const { server, browser, signUp, logIn } = setUpE2E({
  server: { machinesVisualiser: true },
  browsers: [{ width: 390, height: 844 }],
});
const admin = { email: e2eEmail('keyboard.admin'), password: 'admin-pass-123' };

beforeAll(async () => {
  const db = server.app.db;
  await insertListedTeacher(db, { name: 'Moumita Bose', documents: true, subjects: ['Bengali'] });
  await insertListedTeacher(db, {
    name: 'Arindam Ghosh',
    verificationStatus: 'verified',
    subjects: ['Physics'],
  });
  const student = await insertStudent(db, { name: 'Arka Pal', degreeId: 3 });
  await insertRequest(db, { studentId: student.id, subjects: ['Physics'], mode: 'online' });
  await registerAdmin(db, admin, { open: true });
});

/** The font sizes of every field label on the screen (text, select, date, file, radio, checkbox groups). */
const labelSizes = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main .mantine-InputWrapper-label, main legend')].map((el) => ({
      text: el.textContent?.trim() ?? '',
      size: getComputedStyle(el).fontSize,
    })),
  );

async function expectOneLabelSize(page: Page) {
  const sizes = await labelSizes(page);
  expect(sizes.length).toBeGreaterThan(2);
  expect(new Set(sizes.map((s) => s.size)), JSON.stringify(sizes)).toHaveLength(1);
}

/** Tabs from the top of the page onto `label`'s field and reads the focus ring it then shows. */
async function ringOnTab(page: Page, label: string) {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      return el?.getAttribute('aria-label') ?? el?.labels?.[0]?.textContent;
    });
    if (focused?.startsWith(label)) break;
  }
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const s = getComputedStyle(el);
    return {
      label: el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? '',
      focusVisible: el.matches(':focus-visible'),
      outline: s.outlineStyle === 'none' ? 0 : Number.parseFloat(s.outlineWidth),
    };
  });
}

it('the keyboard check itself fails on focus nobody can see and on focus going back up the page', async () => {
  const page = await browser.newPage();
  await page.setContent(`
    <style>button { display: block; margin: 8px; } .hidden:focus { outline: none; }</style>
    <button>First</button><button class="hidden">Second</button><button>Third</button>
    <div style="display: flex; flex-direction: column-reverse"><button>Fourth</button><button>Fifth</button></div>`);
  const failure = await expectKeyboardUsable(page, 'a made-up screen').catch((e: Error) => e.message);
  expect(failure).toContain("no visible focus on <button> 'Second'");
  expect(failure).not.toContain("no visible focus on <button> 'First'");
  expect(failure).toContain("focus goes back up the page: <button> 'Fourth'");
  await page.close();
  await browser.page.bringToFront();
});

it('the login screen: focus visible on every control, in the order of the page', async () => {
  const page = browser.page;
  await page.goto(`${server.url}/`);
  await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
  await expectKeyboardUsable(page, 'login');
});

it("a teacher's first step: one label size for text, date, select and file fields; keyboard", async () => {
  const page = browser.page;
  const email = e2eEmail('keyboard.teacher');
  await signUp(email, 1);
  await logIn(page, email);
  await waitForPath(page, '**/personal_details_teacher');
  await page.getByLabel('Aadhar card photo').waitFor();
  await expectOneLabelSize(page);
  await expectKeyboardUsable(page, 'teacher personal details');
});

it("a student's steps: one label size with the radio group; keyboard", async () => {
  const page = browser.page;
  const email = e2eEmail('keyboard.student');
  await signUp(email, 2);
  await logIn(page, email);
  await waitForPath(page, '**/studentdetails1');
  await fillStudentPersonal(page);
  await page.getByText(/Age: \d+ years/).waitFor();
  await expectOneLabelSize(page);
  await expectKeyboardUsable(page, 'student personal details');
  await page.getByRole('button', { name: 'Next' }).click();
  await waitForPath(page, '**/studentdetails2');
  await page.getByLabel('School', { exact: true }).check();
  await page.getByLabel('School name').waitFor();
  await expectOneLabelSize(page);
  await expectKeyboardUsable(page, 'student education');
});

it('on a 390 px phone the teacher dashboard shows the new requests on the first screen, before the account details', async () => {
  const page = browser.page;
  const email = e2eEmail('keyboard.dashboard');
  const userId = await signUp(email, 1);
  await insertTeacher(server.app.db, { userId, name: 'Anita Roy', subjects: ['Physics'], verified: true });
  await logIn(page, email);
  await waitForPath(page, '**/dashboard');
  await page.getByRole('heading', { name: 'Welcome, Anita Roy' }).waitFor();
  const requests = page.getByRole('region', { name: 'New Requests' });
  const details = page.getByRole('region', { name: 'Account Details' });
  await details.waitFor();
  const box = await requests.boundingBox();
  expect(box?.y).toBeLessThan(844);
  expect(box?.y).toBeLessThan((await details.boundingBox())?.y ?? 0);
  await expectKeyboardUsable(page, 'teacher dashboard');
  await browser.screenshot(page, 'keyboard-teacher-dashboard');
});

it("the administrator's dashboard, teacher list and a teacher's record: keyboard", async () => {
  const page = browser.page;
  await page.goto(`${server.url}/adminsignin`);
  await page.getByPlaceholder('Enter Admin Email').fill(admin.email);
  await page.getByPlaceholder('Enter admin password').fill(admin.password);
  await expectKeyboardUsable(page, 'admin sign-in');
  await page.getByRole('button', { name: 'Admin Login' }).click();
  await waitForPath(page, `${server.url}/admin`);
  await page.getByRole('region', { name: 'Teacher Approvals' }).getByRole('article').first().waitFor();
  await page.getByRole('figure', { name: 'Offline vs Online Classes' }).locator('svg').first().waitFor();
  await expectKeyboardUsable(page, 'admin dashboard');
  await page.getByRole('link', { name: 'Teachers' }).click();
  await waitForPath(page, `${server.url}/Admin_Teacher`);
  await page.getByText(/^Total: \d+ teachers$/).waitFor();
  await expectKeyboardUsable(page, 'admin teacher list');
  await page.getByRole('link', { name: 'Arindam Ghosh' }).click();
  await page.getByRole('region', { name: 'Personal details' }).waitFor();
  await expectKeyboardUsable(page, 'admin teacher record');
  await expectAccessible(page, 'admin teacher record (keyboard file)');
});

it('the machine visualiser: keyboard', async () => {
  const page = browser.page;
  await page.goto(`${server.url}/__machines`);
  await page.getByRole('link', { name: 'Login and sign-up' }).waitFor();
  await expectKeyboardUsable(page, 'machine visualiser index', { maxStops: 30 });
  await page.getByRole('link', { name: 'Login and sign-up' }).click();
  await page.getByRole('img', { name: 'Login and sign-up (auth)' }).waitFor();
  await expectKeyboardUsable(page, 'machine visualiser, auth machine', { maxStops: 40 });
});

it('the header language select and the admin teacher search show a 2 px focus ring on Tab, not only a border colour', async () => {
  const page = browser.page;
  await page.goto(`${server.url}/adminsignin`);
  await page.getByRole('combobox', { name: 'Language' }).and(page.locator(':enabled')).waitFor();
  const select = await ringOnTab(page, 'Language');
  expect(select).toMatchObject({ label: 'Language', focusVisible: true });
  expect(select.outline).toBeGreaterThanOrEqual(2);
  await expectAccessible(page, 'admin sign-in, language select focused');

  await page.getByPlaceholder('Enter Admin Email').fill(admin.email);
  await page.getByPlaceholder('Enter admin password').fill(admin.password);
  await page.getByRole('button', { name: 'Admin Login' }).click();
  await waitForPath(page, `${server.url}/admin`);
  await page.goto(`${server.url}/Admin_Teacher`);
  await page.getByText(/^Total: \d+ teachers$/).waitFor();
  const search = await ringOnTab(page, 'Search teachers');
  expect(search).toMatchObject({ label: expect.stringMatching(/^Search teachers/), focusVisible: true });
  expect(search.outline).toBeGreaterThanOrEqual(2);
  await expectAccessible(page, 'admin teacher list, search focused');
});
