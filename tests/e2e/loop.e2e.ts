import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { studentEducationalQualifications } from '../../server/db/schema';
import { insertTeacher, subjectId } from '../server/fixtures/teachers';
import { e2eEmail, expectAccessible, expectKeyboardUsable, focusRingOf } from './harness';
import { setUpE2E, waitForPath } from './use-e2e';

/**
 * From a match to the first class, at a phone viewport: the student connects two teachers; A
 * accepts (confirmed), B declines with a reason; the student is told (the bell's count), opens
 * /requests, sees A's WhatsApp link and B's reason; A ends the contract and the contact closes.
 * Then signed-out deep links land on / and come back after login.
 */
const {
  server,
  browsers: [student, teacherA, teacherB],
  logIn,
} = setUpE2E({ browsers: [{ width: 390 }, { width: 390 }, { width: 390 }] });

async function api(path: string, body: unknown, token?: string) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return res.json() as Promise<Record<string, any>>;
}

async function account(roleId: 1 | 2) {
  const email = e2eEmail(roleId === 1 ? 'teacher' : 'student');
  const created = await api('/api/v1/users', { email, password: 'password123', user_role_id: roleId });
  const signedIn = await api('/users/tokens/sign_in', { email, password: 'password123' });
  return { email, userId: created.data.id as number, token: signedIn.token as string };
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await waitForPath(page, `${server.url}/`);
}

let studentEmail: string;
let aEmail: string;

it('request → two teachers → accept and decline with a reason → the student is told and sees the contact → ended', async () => {
  const a = await account(1);
  const b = await account(1);
  aEmail = a.email;
  await insertTeacher(server.app.db, {
    userId: a.userId,
    name: 'Anil Das',
    subjects: ['Physics'],
    teachingMode: 'both',
    verified: true,
  });
  await insertTeacher(server.app.db, {
    userId: b.userId,
    name: 'Bina Roy',
    subjects: ['Physics'],
    teachingMode: 'both',
    verified: true,
  });

  // A student with details, education and a request for Physics (made through the API).
  const s = await account(2);
  studentEmail = s.email;
  const made = await api(
    '/api/v1/students',
    {
      student: {
        name: 'Riya Sen',
        mobile_number: '9830012345',
        address: '5 Park Street, Kolkata 700016',
        gender: 'female',
        age: 16,
        guardian_number: '9830099999',
        is_active: true,
        date_of_birth: '12/03/2009',
        marital_status: 'single',
        user_id: s.userId,
      },
    },
    s.token,
  );
  await server.app.db.insert(studentEducationalQualifications).values({
    studentId: made.data.id,
    currentAcademicLevel: 'school',
    schoolName: 'South Point',
    additionalInformation: 'Class 10',
  });
  await api(
    '/api/v1/teacher_student_requests',
    {
      teacher_student_request: {
        subject_ids: [await subjectId(server.app.db, 'Physics')],
        mode_of_teaching: 'offline',
      },
    },
    s.token,
  );

  // The student logs in: a request not sent yet leads to the finder; Connect both teachers.
  const page = student.page;
  await logIn(page, s.email);
  await waitForPath(page, '**/teacherfinder');
  for (const name of ['Anil Das', 'Bina Roy']) {
    await page.getByRole('button', { name: `Connect with ${name}` }).click();
    await page.getByRole('article', { name }).getByText('Request sent').waitFor();
  }

  // Teacher A is told of the new request, and accepts after confirming.
  const ap = teacherA.page;
  await logIn(ap, a.email);
  await waitForPath(ap, '**/dashboard');
  await ap.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
  await ap.getByRole('button', { name: 'Accept request from Riya Sen' }).click();
  const accept = ap.getByRole('dialog', { name: 'Accept request' });
  await accept
    .getByText("Accept the request from Riya Sen? You will see each other's contact details.")
    .waitFor();
  await expectAccessible(ap, 'teacher-accept-confirm');
  await teacherA.screenshot(ap, 'loop-teacher-accept-confirm');
  await accept.getByRole('button', { name: 'Accept' }).click();
  const active = ap.getByRole('region', { name: 'Active' });
  await active.getByRole('link', { name: 'WhatsApp Riya Sen' }).waitFor();
  // The request joined Active: focus is on that list's title, ring showing (the click was in the dialog).
  const ring = { focused: true, focusVisible: true, outline: 2 };
  const activeHeading = active.getByRole('heading', { name: 'Active', exact: true });
  await expect.poll(() => focusRingOf(activeHeading)).toEqual(ring);
  expect(await active.getByRole('link', { name: 'WhatsApp Riya Sen' }).getAttribute('href')).toBe(
    'https://wa.me/919830012345',
  );
  await active.getByText('Guardian: 9830099999').waitFor();
  // The dialog fades out: checked once it is gone (mid-fade its text is pale on pale).
  await accept.waitFor({ state: 'detached' });
  await expectAccessible(ap, 'teacher dashboard, an active session');

  // Teacher B declines with a preset reason.
  const bp = teacherB.page;
  await logIn(bp, b.email);
  await waitForPath(bp, '**/dashboard');
  await bp.getByRole('button', { name: 'Decline request from Riya Sen' }).click();
  const decline = bp.getByRole('dialog', { name: 'Decline request' });
  await decline.getByText('My schedule is full right now').click();
  await expectAccessible(bp, 'teacher-decline-reason');
  await teacherB.screenshot(bp, 'loop-teacher-decline-reason');
  await decline.getByRole('button', { name: 'Decline' }).click();
  await decline.waitFor({ state: 'detached' });

  // The student sees the count rise (a reload polls at once), opens the list, then /requests.
  await page.reload();
  await page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor();
  await page.getByRole('button', { name: 'Notifications, 2 unread' }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await panel
    .getByText('Bina Roy declined your request for Physics. Reason: My schedule is full right now')
    .waitFor();
  await expectAccessible(page, 'student notifications open');
  await student.screenshot(page, 'loop-student-notifications');
  await panel.getByText('Request accepted').click();
  await waitForPath(page, '**/requests');
  const anil = page.getByRole('listitem', { name: 'Anil Das' });
  const whatsapp = anil.getByRole('link', { name: 'WhatsApp Anil Das' });
  await whatsapp.waitFor();
  expect(await whatsapp.getAttribute('href')).toBe('https://wa.me/919876543210');
  await anil.getByText('Mobile: 9876543210').waitFor();
  await page
    .getByRole('listitem', { name: 'Bina Roy' })
    .getByText('Reason: My schedule is full right now')
    .waitFor();
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
  await expectAccessible(page, 'student-requests');
  await expectKeyboardUsable(page, 'student-requests');
  await student.screenshot(page, 'loop-student-requests');

  // Teacher A ends the contract (the product's dialog); the student's contact view closes.
  await ap.getByRole('button', { name: 'End contract with Riya Sen' }).click();
  await ap.getByRole('dialog').getByRole('button', { name: 'End Contract' }).click();
  await ap.getByRole('dialog').waitFor({ state: 'detached' });
  await expect.poll(() => focusRingOf(activeHeading)).toEqual(ring);
  await page.reload();
  await page
    .getByRole('listitem', { name: 'Anil Das' })
    .getByText(/^Ended ·/)
    .waitFor();
  expect(await page.getByRole('link', { name: 'WhatsApp Anil Das' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor();
  await expectAccessible(page, 'student requests, a contract ended');
  await student.screenshot(page, 'loop-student-ended');

  // Change request opens the request prefilled (its subject, mode, medium); saving it updates the
  // request and the finder shows the changed request.
  await page
    .getByRole('article', { name: 'Request for Physics' })
    .getByRole('button', { name: 'Change request' })
    .click();
  await waitForPath(page, '**/subject?change=*');
  await page
    .getByRole('group', { name: 'Selected subjects' })
    .getByRole('button', { name: 'Remove Physics' })
    .waitFor();
  const mode = page.getByRole('radiogroup', { name: 'Mode of teaching' });
  expect(await mode.getByLabel('Offline', { exact: true }).isChecked()).toBe(true);
  const medium = page.getByRole('radiogroup', { name: 'Medium of teaching' });
  expect(await medium.getByLabel('English', { exact: true }).isChecked()).toBe(true);
  await medium.getByLabel('Bengali', { exact: true }).check();
  await expectAccessible(page, 'student-change-request');
  await student.screenshot(page, 'loop-student-change-request');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await waitForPath(page, '**/teacherfinder');
  await page.getByText(/Your request: Physics · offline · individual · Bengali/).waitFor();

  // The header links the student to their requests and back to the finder.
  const nav = page.getByRole('navigation', { name: 'Your pages' });
  await nav.getByRole('link', { name: 'Requests' }).click();
  await waitForPath(page, '**/requests');
  await page.getByRole('listitem', { name: 'Bina Roy' }).waitFor();
  await nav.getByRole('link', { name: 'Find teachers' }).click();
  await waitForPath(page, '**/teacherfinder');
});

it('signed-out deep links land on / and return after login; Back after Logout shows no session page', async () => {
  const page = student.page;
  await logOut(page);
  // Back after Logout: the screen that needs the session sends the visitor to / again.
  await page.goBack();
  await waitForPath(page, /\/\?next=|\/$/);
  expect(new URL(page.url()).pathname).toBe('/');

  for (const path of ['/requests', '/teacherfinder']) {
    await page.goto(`${server.url}${path}`);
    await waitForPath(page, `**/?next=${encodeURIComponent(path)}`);
    await page.getByLabel('Email', { exact: true }).fill(studentEmail);
    await page.getByLabel('Password', { exact: true }).fill('password123');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await waitForPath(page, `**${path}`);
    await logOut(page);
  }

  const ap = teacherA.page;
  await logOut(ap);
  for (const path of ['/dashboard', '/profile']) {
    await ap.goto(`${server.url}${path}`);
    await waitForPath(ap, `**/?next=${encodeURIComponent(path)}`);
    await ap.getByLabel('Email', { exact: true }).fill(aEmail);
    await ap.getByLabel('Password', { exact: true }).fill('password123');
    await ap.getByRole('button', { name: 'Log in', exact: true }).click();
    await waitForPath(ap, `**${path}`);
    await logOut(ap);
  }
  // A teacher sent to the student's page goes to their own home instead.
  await logIn(ap, aEmail, { path: '/?next=%2Frequests' });
  await waitForPath(ap, '**/dashboard');
});
