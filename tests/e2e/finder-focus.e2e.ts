import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { MATCH_PAGE_SIZE } from '../../contract/rules/matching';
import { insertTeacher } from '../server/fixtures/teachers';
import { e2eEmail, expectAccessible, focusRingOf as ringOf } from './harness';
import { E2E_PASSWORD, setUpE2E, waitForPath } from './use-e2e';

// Connect gives way to the request's status, and focus stays on that teacher's card; Show more moves
// it to the first teacher added. Among cards that look alike the ring is the only sign of where focus
// (and the next Tab) is: it shows after a mouse click as after a key, in the ring every control has
// (WCAG 2.4.7).
const { server, browser, logIn } = setUpE2E({ browsers: [{ width: 390, height: 844 }] });

/** A student with their details and an offline Physics request, through the API. */
async function studentWithRequest(page: Page): Promise<string> {
  const email = e2eEmail('finder.focus');
  const api = `${server.url}/api/v1`;
  expect(
    (
      await page.request.post(`${api}/users`, { data: { email, password: E2E_PASSWORD, user_role_id: 2 } })
    ).status(),
  ).toBe(201);
  const signIn = await page.request.post(`${server.url}/users/tokens/sign_in`, {
    data: { email, password: E2E_PASSWORD },
  });
  const { token, user_id } = (await signIn.json()) as { token: string; user_id: number };
  const headers = { authorization: `Bearer ${token}` };
  const student = await page.request.post(`${api}/students`, {
    headers,
    data: {
      student: {
        user_id,
        name: 'Riya Sen',
        mobile_number: '9830012345',
        address: '5 Park Street, Kolkata 700016',
        gender: 'female',
        guardian_number: '',
        is_active: true,
        date_of_birth: '12/03/2009',
        marital_status: 'single',
      },
    },
  });
  expect(student.status()).toBe(201);
  const { id: studentId } = ((await student.json()) as { data: { id: number } }).data;
  const education = await page.request.post(`${api}/student_educational_qualifications`, {
    headers,
    data: {
      student_educational_qualification: {
        student_id: studentId,
        degree_id: 3,
        current_academic_level: 'Primary/Secondary',
        school_name: 'South Point',
        additional_information: 'Class 10',
      },
    },
  });
  expect(education.status(), await education.text()).toBe(201);
  const subjects = (await (await page.request.get(`${api}/subjects`, { headers })).json()) as {
    data: Array<{ id: number; name: string }>;
  };
  const physics = subjects.data.find((s) => s.name === 'Physics')?.id;
  const request = await page.request.post(`${api}/teacher_student_requests`, {
    headers,
    data: { teacher_student_request: { subject_ids: [physics], mode_of_teaching: 'offline' } },
  });
  expect(request.status(), await request.text()).toBe(201);
  return email;
}

it("after Connect or Show more pressed with the mouse, the teacher's card holds focus and shows the ring", async () => {
  const db = server.app.db;
  await insertTeacher(db, {
    name: 'Anita Roy',
    subjects: ['Physics'],
    teachingMode: 'offline',
    verified: true,
  });
  await insertTeacher(db, {
    name: 'Bina Das',
    subjects: ['Physics'],
    teachingMode: 'offline',
    verified: true,
  });
  const page = browser.page;
  await logIn(page, await studentWithRequest(page));
  await waitForPath(page, '**/teacherfinder');
  const card = page.getByRole('article', { name: 'Anita Roy' });
  await card.getByRole('button', { name: 'Connect with Anita Roy' }).click();
  await card.getByText('Request sent').waitFor();
  await expect.poll(() => ringOf(card)).toEqual({ focused: true, focusVisible: true, outline: 2 });
  await expectAccessible(page, 'teacher finder, focus on the card after Connect');
  await browser.screenshot(page, 'finder-focus-after-connect');

  // A click elsewhere moves focus on as usual: the ring goes with it.
  await page.getByRole('heading', { level: 1 }).click();
  await expect.poll(() => ringOf(card)).toMatchObject({ focused: false, outline: 0 });

  // Show more pressed with the mouse: focus goes to the first teacher just added, ring showing (the
  // student clicked the button below the list, not that card).
  for (let i = 0; i < MATCH_PAGE_SIZE; i++)
    await insertTeacher(db, {
      name: `Teacher ${String(i + 1).padStart(2, '0')}`,
      subjects: ['Physics'],
      teachingMode: 'offline',
      verified: true,
    });
  await page.reload();
  const cards = page.getByRole('article');
  await cards.nth(MATCH_PAGE_SIZE - 1).waitFor();
  await page.getByRole('button', { name: 'Show more teachers' }).click();
  await cards.nth(MATCH_PAGE_SIZE).waitFor();
  await expect
    .poll(() => ringOf(cards.nth(MATCH_PAGE_SIZE)))
    .toEqual({ focused: true, focusVisible: true, outline: 2 });
  await expectAccessible(page, 'teacher finder, focus on the first added card after Show more');
}, 120_000);
