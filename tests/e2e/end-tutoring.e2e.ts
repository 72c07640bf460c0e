import { expect, it } from 'vitest';
import { studentEducationalQualifications } from '../../server/db/schema';
import { insertTeacher, subjectId } from '../server/fixtures/teachers';
import { e2eEmail, expectAccessible } from './harness';
import { E2E_PASSWORD, setUpE2E, waitForPath } from './use-e2e';

/**
 * The student ends a tutoring, at a phone viewport: a teacher accepted the student's request; the
 * student opens /requests, ends it after the dialog, the contact goes and the notice says where to
 * find another teacher; the teacher is told, and Riya is no longer among the active students.
 */
const {
  server,
  browsers: [student, teacher],
  signUp,
  logIn,
} = setUpE2E({ browsers: [{ width: 390 }, { width: 390 }] });

type Answer = { data: { id: number }; token?: string };

async function api(method: 'POST' | 'PATCH', path: string, body: unknown, token?: string): Promise<Answer> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as Answer;
}

async function account(roleId: 1 | 2) {
  const email = e2eEmail(roleId === 1 ? 'teacher' : 'student');
  const userId = await signUp(email, roleId);
  const { token } = await api('POST', '/users/tokens/sign_in', { email, password: E2E_PASSWORD });
  return { email, userId, token: token as string };
}

it('a student ends an accepted tutoring; the teacher is told and sees it ended', async () => {
  // A teacher, and a student whose request for Physics that teacher accepted (through the API).
  const t = await account(1);
  const { teacherId } = await insertTeacher(server.app.db, {
    userId: t.userId,
    name: 'Anil Das',
    subjects: ['Physics'],
    teachingMode: 'both',
    verified: true,
  });
  const s = await account(2);
  const made = await api(
    'POST',
    '/api/v1/students',
    {
      student: {
        name: 'Riya Sen',
        mobile_number: '9830012345',
        address: '5 Park Street, Kolkata 700016',
        gender: 'female',
        age: 16,
        guardian_number: '',
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
  const request = await api(
    'POST',
    '/api/v1/teacher_student_requests',
    {
      teacher_student_request: {
        subject_ids: [await subjectId(server.app.db, 'Physics')],
        mode_of_teaching: 'offline',
      },
    },
    s.token,
  );
  const sent = await api(
    'POST',
    `/api/v1/teacher_student_requests/${request.data.id}/connect`,
    { teacher_id: teacherId },
    s.token,
  );
  await api(
    'PATCH',
    `/api/v1/teacher_student_requests/${sent.data.id}/update_status`,
    { status: 'accepted' },
    t.token,
  );

  // The student logs in: an accepted request leads to /requests, with Anil's contact.
  const page = student.page;
  await logIn(page, s.email);
  await waitForPath(page, '**/requests');
  const anil = page.getByRole('listitem', { name: 'Anil Das' });
  await anil.getByRole('link', { name: 'WhatsApp Anil Das' }).waitFor();
  await anil.getByRole('button', { name: 'End tutoring with Anil Das' }).click();
  const dialog = page.getByRole('dialog', { name: 'End tutoring' });
  await dialog
    .getByText(
      'End the tutoring with Anil Das? Your contact details will be hidden from each other again, and the teacher will be told. This cannot be undone.',
    )
    .waitFor();
  await expectAccessible(page, 'student end-tutoring confirm');
  await student.screenshot(page, 'end-tutoring-confirm');
  await dialog.getByRole('button', { name: 'End tutoring' }).click();
  await page
    .getByRole('status')
    .getByText(
      'You ended the tutoring with Anil Das. To find another teacher, use Find more teachers on this request.',
    )
    .waitFor();
  await dialog.waitFor({ state: 'detached' });
  await anil.getByText(/^Ended ·/).waitFor();
  expect(await page.getByRole('link', { name: 'WhatsApp Anil Das' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'End tutoring with Anil Das' }).count()).toBe(0);
  await page
    .getByRole('article', { name: 'Request for Physics' })
    .getByRole('button', { name: 'Find more teachers' })
    .waitFor();
  await expectAccessible(page, 'student requests, the student ended a tutoring');
  await student.screenshot(page, 'end-tutoring-ended');

  // The teacher is told (the new request, then the end), and Riya is no longer an active student.
  const tp = teacher.page;
  await logIn(tp, t.email);
  await waitForPath(tp, '**/dashboard');
  await tp.getByRole('region', { name: 'Active' }).getByText('No active tutoring sessions').waitFor();
  expect(await tp.getByRole('link', { name: 'WhatsApp Riya Sen' }).count()).toBe(0);
  await tp.getByRole('button', { name: 'Notifications, 2 unread' }).click();
  const panel = tp.getByRole('dialog', { name: 'Notifications' });
  await panel
    .getByText('Riya Sen ended the tutoring for Physics. Their contact details are hidden again.')
    .waitFor();
  await expectAccessible(tp, 'teacher notifications, a student ended a tutoring');
  await teacher.screenshot(tp, 'end-tutoring-teacher-told');
});
