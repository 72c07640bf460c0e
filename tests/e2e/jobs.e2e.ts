import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Browser, expectAccessible, launchBrowser, type RunningServer, startServer } from './harness';

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

it('a job seeker completes both job screens (draft kept on reload) and reaches the job list', async () => {
  const { page } = browser;
  await page.goto(`${server.url}/jobdetails1`);
  await page.getByRole('heading', { name: 'Personal details' }).waitFor();

  // Rules as a user meets them.
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Name is required').waitFor();
  await page.getByLabel('Full name').fill('Rina Das');
  await page.getByLabel('Mobile number').fill('98765 43210');
  expect(await page.getByLabel('Mobile number').inputValue()).toBe('9876543210');
  await page.getByRole('radiogroup', { name: 'Gender' }).getByLabel('Female').check();
  const young = new Date();
  young.setFullYear(young.getFullYear() - 17);
  await page.getByLabel('Date of birth').fill(young.toISOString().slice(0, 10));
  await page.getByLabel('Marital status').selectOption('single');
  await page.getByLabel('Address').fill('12 College Street, Kolkata 700073');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('You must be at least 18 years old').waitFor();
  await page.getByLabel('Date of birth').fill('1998-08-15');

  // Reload: the draft comes back.
  await page.reload();
  await page.getByRole('heading', { name: 'Personal details' }).waitFor();
  expect(await page.getByLabel('Full name').inputValue()).toBe('Rina Das');
  expect(await page.getByLabel('Mobile number').inputValue()).toBe('9876543210');
  expect(await page.getByLabel('Date of birth').inputValue()).toBe('1998-08-15');
  expect(await page.getByLabel('Marital status').inputValue()).toBe('single');
  expect(await page.getByLabel('Female').isChecked()).toBe(true);
  await expectAccessible(page, 'jobs-personal');
  await browser.screenshot(page, 'jobs-personal');
  await page.getByRole('button', { name: 'Next' }).click();

  await page.waitForURL('**/jobdetails2');
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
  expect(page.url()).toMatch(/\/jobdetails2$/);

  // Back keeps what was typed.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.waitForURL('**/jobdetails1');
  expect(await page.getByLabel('Full name').inputValue()).toBe('Rina Das');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL('**/jobdetails2');
  expect(await page.getByLabel('School name').inputValue()).toBe('Hindu School');

  await resume.setInputFiles({ name: 'rina-das-cv.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
  await page.getByText('File selected: rina-das-cv.pdf').waitFor();
  await expectAccessible(page, 'jobs-education');
  await browser.screenshot(page, 'jobs-education');
  await page.getByRole('button', { name: 'Submit' }).click();

  await page.waitForURL('**/joblist');
  await page.getByRole('heading', { name: 'Job opportunities' }).waitFor();
  expect(await page.getByText('This page is under construction').isVisible()).toBe(true);
  expect(await page.getByRole('listitem', { name: 'Job listing placeholder' }).count()).toBe(3);
  // Mobile first: nothing wider than the 360 px screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page, 'jobs-list');
  await browser.screenshot(page, 'jobs-list');
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
