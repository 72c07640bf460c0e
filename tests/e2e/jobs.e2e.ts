import { beforeAll, expect, it } from 'vitest';
import { registerAdmin } from '../../server/services/accounts';
import { e2eEmail, expectAccessible, expectKeyboardUsable } from './harness';
import { setUpE2E, waitForPath } from './use-e2e';

/** A tiny but well-formed one-page PDF (header, objects, cross-reference table with real offsets). */
function tinyPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 12 Tf 20 50 Td (Rina Das CV) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const {
  server,
  browsers: [browser, adminBrowser],
  logInAdmin,
} = setUpE2E({ browsers: [{}, {}] });
const ADMIN = { email: 'hiring.admin@example.com', password: 'admin-pass-2025' };
const PASSWORD = 'kolkata-2025';
beforeAll(async () => {
  await registerAdmin(server.app.db, ADMIN, { open: true });
});

/** A month from now, as the closing date field takes it (DD/MM/YYYY). */
const closingDate = () => new Date(Date.now() + 30 * 86400000).toLocaleDateString('en-GB');

it('from the login screen to a hire: a job seeker signs up and applies, the administrator posts, shortlists and hires', async () => {
  // The administrator publishes an opening.
  const admin = adminBrowser.page;
  await logInAdmin(admin, ADMIN);
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Jobs' }).click();
  await waitForPath(admin, '**/admin/jobs');
  await admin.getByRole('button', { name: 'New job posting' }).click();
  await admin.getByRole('button', { name: 'Save posting' }).click();
  await admin.getByText('Organisation is required').waitFor();
  await expectAccessible(admin, 'admin job posting form with errors');
  await admin.getByLabel('Organisation').fill('Hindu School');
  await admin.getByLabel('Industry').selectOption({ label: 'School' });
  await admin.getByLabel('Job title').fill('Physics Teacher');
  await admin.getByLabel('Location').selectOption('Kolkata');
  await admin.getByLabel('Employment type').selectOption({ label: 'Full-time' });
  await admin.getByLabel('Minimum pay (₹ a month, optional)').fill('25000');
  await admin.getByLabel('Maximum pay (₹ a month, optional)').fill('40000');
  await admin.getByLabel('Description').fill('Teach physics to classes 9 to 12.');
  await admin.getByLabel('Closing date').fill(closingDate());
  await admin.getByRole('button', { name: 'Save posting' }).click();
  await admin.getByRole('listitem', { name: 'Physics Teacher' }).getByText('Open').waitFor();
  await expectAccessible(admin, 'admin-job-postings');
  await adminBrowser.screenshot(admin, 'admin-job-postings');

  // A visitor finds the job side from the login screen and signs up as a job seeker.
  const { page } = browser;
  const email = e2eEmail('seeker');
  await page.goto(`${server.url}/`);
  await page.getByRole('link', { name: 'Start here' }).click();
  await waitForPath(page, '**/role');
  await page.getByRole('button', { name: 'Someone seeking job opportunities' }).waitFor();
  await expectAccessible(page, 'role picker');
  await page.getByRole('button', { name: 'Someone seeking job opportunities' }).click();
  await waitForPath(page, `${server.url}/?signup`);
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  expect(await page.getByLabel('Account type').inputValue()).toBe('3');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect
    .poll(() => page.getByRole('status').first().textContent())
    .toContain('Registration successful! Please log in with your credentials.');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();

  // No details yet: personal details first, with the form's rules.
  await waitForPath(page, '**/jobdetails1');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Name is required').waitFor();
  await page.getByLabel('Full name').fill('Rina Das');
  await page.getByLabel('Mobile number').fill('98765 43210');
  expect(await page.getByLabel('Mobile number').inputValue()).toBe('9876543210');
  await page.getByRole('radiogroup', { name: 'Gender' }).getByLabel('Female').check();
  const young = new Date();
  young.setFullYear(young.getFullYear() - 17);
  await page.getByLabel('Date of birth').fill(young.toLocaleDateString('en-GB')); // DD/MM/YYYY
  await page.getByLabel('Marital status').selectOption('single');
  await page.getByLabel('Address').fill('12 College Street, Kolkata 700073');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('You must be at least 18 years old').waitFor();
  await expectAccessible(page, 'jobs-personal-errors');
  await page.getByLabel('Date of birth').fill('15/08/1998');
  // Reload: the draft comes back (it stays on the device until Next).
  await page.reload();
  await page.getByRole('heading', { name: 'Personal details' }).waitFor();
  expect(await page.getByLabel('Full name').inputValue()).toBe('Rina Das');
  expect(await page.getByLabel('Date of birth').inputValue()).toBe('15/08/1998');
  await expectAccessible(page, 'jobs-personal');
  await browser.screenshot(page, 'jobs-personal');
  await page.getByRole('button', { name: 'Next' }).click();

  await waitForPath(page, '**/jobdetails2');
  await page
    .getByLabel('Highest qualification')
    .selectOption({ label: "Bachelor's degree (B.A. / B.Sc. / B.Com.)" });
  await page.getByLabel('School name').fill('Hindu School');
  await page.getByLabel('Year of passing').fill('2016');
  const resume = page.getByLabel('Resume (PDF)');
  // A renamed text file is refused by its content, even with a .pdf name.
  await resume.setInputFiles({
    name: 'resume.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('hello'),
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Please upload PDF files only').waitFor();
  await resume.setInputFiles({ name: 'rina-das-cv.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
  await page.getByText('File selected: rina-das-cv.pdf').waitFor();
  await expectAccessible(page, 'jobs-education');
  await page.getByRole('button', { name: 'Submit' }).click();

  // The job list: the administrator's posting, found by filter and search.
  await waitForPath(page, '**/joblist');
  await page.getByRole('heading', { name: 'Job opportunities' }).waitFor();
  await page.getByRole('listitem', { name: 'Physics Teacher' }).waitFor();
  await page.getByLabel('Industry').selectOption({ label: 'College' });
  await page.getByText('No job openings match. Try other filters.').waitFor();
  await page.getByLabel('Industry').selectOption({ label: 'School' });
  await page.getByLabel('Search jobs').fill('physics');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByText('1 job opening').waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page, 'jobs-list');
  await expectKeyboardUsable(page, 'jobs-list');
  await browser.screenshot(page, 'jobs-list');
  await page.getByRole('link', { name: 'Physics Teacher' }).click();

  // Apply with the resume on file and a cover note.
  await waitForPath(page, '**/jobs/*');
  await page.getByText('Teach physics to classes 9 to 12.').waitFor();
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByLabel('Cover note (optional)').fill('I have taught physics for five years.');
  await expectAccessible(page, 'jobs-apply');
  await page.getByRole('button', { name: 'Send application' }).click();
  await page.getByRole('status').filter({ hasText: 'You applied' }).waitFor();
  await expectAccessible(page, 'jobs-applied');
  await browser.screenshot(page, 'jobs-applied');

  // The administrator sees the application, the applicant's details, and moves it on.
  await admin.goto(`${server.url}/admin`);
  await admin.getByText('New application for Physics Teacher').waitFor();
  await admin.goto(`${server.url}/admin/jobs`);
  await admin.getByRole('link', { name: 'Applications for Physics Teacher' }).click();
  await admin.getByRole('heading', { name: 'Applications for Physics Teacher' }).waitFor();
  await admin.getByRole('button', { name: 'Rina Das', exact: true }).click();
  await admin.getByText(`Email: ${email}`).waitFor();
  await admin.getByText('Cover note: I have taught physics for five years.').waitFor();
  await admin.getByRole('button', { name: 'Shortlist' }).click();
  await admin.getByRole('button', { name: 'Confirm: Shortlisted' }).click();
  await admin.getByRole('listitem', { name: 'Rina Das' }).getByText('Shortlisted', { exact: true }).waitFor();
  await admin.getByRole('button', { name: 'Hire' }).click();
  await admin.getByLabel('Note for Rina Das (optional)').fill('Please join on the 1st.');
  await admin.getByRole('button', { name: 'Confirm: Hired' }).click();
  await admin.getByRole('listitem', { name: 'Rina Das' }).getByText('Hired', { exact: true }).waitFor();
  expect(await admin.getByRole('button', { name: 'Hire' }).count()).toBe(0);
  await expectAccessible(admin, 'admin-applications');
  await expectKeyboardUsable(admin, 'admin-applications');
  await adminBrowser.screenshot(admin, 'admin-applications');

  // The job seeker sees 'Hired', the note, the history, and a notification in the bell.
  await page.goto(`${server.url}/myapplications`);
  const application = page.getByRole('listitem', { name: 'Physics Teacher' });
  await application.getByText('Hired', { exact: true }).waitFor();
  await application.getByText('Note: Please join on the 1st.').waitFor();
  expect(
    await page.getByRole('list', { name: 'History of Physics Teacher' }).getByRole('listitem').count(),
  ).toBe(3);
  // The notification is in the header's bell, as for every role.
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await page
    .getByRole('dialog', { name: 'Notifications' })
    .getByText(
      'Congratulations: you got the job Physics Teacher at Hindu School. Note: Please join on the 1st.',
    )
    .waitFor();
  await page.keyboard.press('Escape');
  await expectAccessible(page, 'jobs-my-applications');
  await expectKeyboardUsable(page, 'jobs-my-applications');
  await browser.screenshot(page, 'jobs-my-applications');

  // The admin Jobs figures show the posting and the hire.
  await admin.goto(`${server.url}/admin`);
  await admin.getByLabel('Active Job Posts: 1').waitFor();
  await admin.getByLabel('Job Applications: 1').waitFor();
  const hiring = admin.getByRole('table', { name: 'Hiring Ratio' });
  expect(await hiring.getByRole('row', { name: /Hired/ }).textContent()).toBe('Hired1');
  const industries = admin.getByRole('table', { name: 'Industry wise job postings' });
  expect(await industries.getByRole('row', { name: /^School/ }).textContent()).toBe('School1');
});

it('/maintainance shows the back-now message with the default (past) date', async () => {
  const { page } = browser;
  await page.goto(`${server.url}/maintainance`);
  await page.getByRole('heading', { name: 'Under Maintenance' }).waitFor();
  await page.getByText('April 25, 2025 at 6:00 PM').waitFor();
  await page.getByText('We should be back now! Please refresh the page.').waitFor();
  expect(await page.getByRole('timer').count()).toBe(0);
  expect(await page.getByRole('contentinfo').textContent()).toContain(
    `© ${new Date().getFullYear()} Bengal Tutors`,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page, 'maintenance');
  await browser.screenshot(page, 'maintenance');
});
