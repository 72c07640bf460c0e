import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyForReview } from './fixtures/admin-teachers';
import { adminToken, requestAndConnect, studentWithRecord, teacherAccount } from './fixtures/students';
import { buildTestApp, call } from './helper';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

interface Received {
  to: string[];
  raw: string;
  subject: string;
  text: string;
}

const qp = (data: string) =>
  Buffer.from(
    data
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The subject and the text of a single-part message (RFC 2047 words, base64 or quoted-printable body). */
function decodeMail(raw: string): { subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const subject = (/^Subject: (.*)$/m.exec(head)?.[1] ?? '')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : qp(data.replace(/_/g, ' ')),
    );
  const encoding = /^Content-Transfer-Encoding: (.*)$/im.exec(head)?.[1].trim().toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? qp(body)
        : body;
  return { subject, text: text.replace(/\r\n/g, '\n') };
}

/**
 * Notification e-mail through a real SMTP server (smtp-server listening on a free port, started
 * here): each event mails its owner with the product name and a link back. Without SMTP_URL nothing
 * is sent and the events still succeed.
 */
describe('notification e-mail', () => {
  let smtp: SMTPServer;
  let port: number;
  const inbox: Received[] = [];
  const waiters: Array<() => void> = [];
  /** Resolves once `n` messages have arrived (no timers: the server's own callback signals it). */
  const received = (n: number) =>
    new Promise<void>((resolve) => {
      const check = () => (inbox.length >= n ? resolve() : waiters.push(check));
      check();
    });

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString('utf8');
        });
        stream.on('end', () => {
          inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, ...decodeMail(raw) });
          for (const wake of waiters.splice(0)) wake();
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
    [mailing, silent] = await Promise.all([
      buildTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, appUrl: 'https://tutors.example' }),
      buildTestApp(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([mailing?.cleanup(), silent?.cleanup()]);
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  let mailing: TestApp;
  let silent: TestApp;

  it('mails the teacher a new request and the student the decision when SMTP_URL is set', async () => {
    const app = mailing;
    expect(app.mailer.enabled).toBe(true);
    const t = await teacherAccount(app, { name: 'Anil Das', subjects: ['Physics'] });
    const s = await studentWithRecord(app);
    const {
      sent: [sentId],
    } = await requestAndConnect(app, s.token, [t.teacherId]);
    await received(1);
    expect(inbox[0].to).toEqual([t.email]);
    expect(inbox[0].subject).toBe('Bengal Tutors: New request');
    expect(inbox[0].text).toContain('Riya Sen asked you to teach Physics.');
    expect(inbox[0].text).toContain('Open Bengal Tutors: https://tutors.example/dashboard');

    const declined = await call(app, {
      method: 'PATCH',
      url: `/api/v1/teacher_student_requests/${sentId}/update_status`,
      token: t.token,
      payload: { status: 'declined', reason: 'My schedule is full right now' },
    });
    expect(declined.statusCode).toBe(200);
    await received(2);
    expect(inbox[1].to).toEqual([s.email]);
    expect(inbox[1].subject).toBe('Bengal Tutors: Request declined');
    expect(inbox[1].text).toContain('Reason: My schedule is full right now');
    expect(inbox[1].text).toContain('https://tutors.example/requests');
  });

  it("mails the teacher an administrator's rejection (with the reason) and approval", async () => {
    const app = mailing;
    const t = await teacherAccount(app, { name: 'Bina Roy', subjects: ['Physics'] });
    const admin = await adminToken(app);
    const start = inbox.length;
    const rejected = await call(app, {
      method: 'PATCH',
      url: `/api/v1/teachers/${t.teacherId}/reject`,
      token: admin,
      payload: { reason: 'The Aadhar photo is blurred' },
    });
    expect(rejected.statusCode).toBe(200);
    await received(start + 1);
    expect(inbox[start].to).toEqual([t.email]);
    expect(inbox[start].subject).toBe('Bengal Tutors: Documents rejected');
    expect(inbox[start].text).toContain('Reason: The Aadhar photo is blurred.');
    // The teacher sends better documents: pending again, and approved.
    await readyForReview(app.db, t.teacherId);
    const approved = await call(app, {
      method: 'PATCH',
      url: `/api/v1/teachers/${t.teacherId}/approve`,
      token: admin,
    });
    expect(approved.statusCode).toBe(200);
    await received(start + 2);
    expect(inbox[start + 1].to).toEqual([t.email]);
    expect(inbox[start + 1].subject).toBe('Bengal Tutors: You are verified');
  });

  it("mails each person in their account's language: Bengali to a Bengali account, English to an English one", async () => {
    const app = mailing;
    const t = await teacherAccount(app, { name: 'Anil Das', subjects: ['Physics'] });
    const s = await studentWithRecord(app, { name: 'Riya Sen' });
    const chose = await call(app, {
      method: 'PUT',
      url: '/api/v1/me/language',
      token: s.token,
      payload: { language: 'bn' },
    });
    expect(chose.statusCode).toBe(200);
    const english = await call(app, {
      method: 'PUT',
      url: '/api/v1/me/language',
      token: t.token,
      payload: { language: 'en' },
    });
    expect(english.statusCode).toBe(200);
    const start = inbox.length;
    const {
      sent: [sentId],
    } = await requestAndConnect(app, s.token, [t.teacherId]);
    await received(start + 1);
    const toTeacher = inbox[start];
    expect(toTeacher.to).toEqual([t.email]);
    expect(toTeacher.subject).toBe('Bengal Tutors: New request');
    expect(toTeacher.text).toContain('Riya Sen asked you to teach Physics.');
    expect(toTeacher.text).toContain('You receive this because you have an account on Bengal Tutors.');

    const declined = await call(app, {
      method: 'PATCH',
      url: `/api/v1/teacher_student_requests/${sentId}/update_status`,
      token: t.token,
      payload: { status: 'declined', reason_key: 'schedule_full' },
    });
    expect(declined.statusCode).toBe(200);
    await received(start + 2);
    const toStudent = inbox[start + 1];
    expect(toStudent.to).toEqual([s.email]);
    expect(toStudent.subject).toBe('Bengal Tutors: অনুরোধ প্রত্যাখ্যাত');
    expect(toStudent.text).toContain(
      'Anil Das পদার্থবিদ্যা পড়ানোর জন্য আপনার অনুরোধ প্রত্যাখ্যান করেছেন। কারণ: এই মুহূর্তে আমার সময় নেই',
    );
    expect(toStudent.text).toContain('Bengal Tutors খুলুন: https://tutors.example/requests');
    expect(toStudent.text).toContain('Bengal Tutors-এ আপনার অ্যাকাউন্ট আছে বলে আপনি এই ইমেল পাচ্ছেন।');
    expect(toStudent.text).not.toContain('declined');
    // The in-app copy keeps the English text for older clients and the parameters for the bell.
    const bell = await call(app, { method: 'GET', url: '/api/v1/notifications', token: s.token });
    expect(bell.body_.data[0]).toMatchObject({
      title: 'Request declined',
      params: { teacher: 'Anil Das', subjects: ['Physics'], reason_key: 'schedule_full' },
    });
  });

  it('sends nothing and fails nothing without SMTP_URL', async () => {
    const before = inbox.length;
    const app = silent;
    expect(app.mailer.enabled).toBe(false);
    const t = await teacherAccount(app, { subjects: ['Physics'] });
    const s = await studentWithRecord(app);
    await requestAndConnect(app, s.token, [t.teacherId]);
    const bell = await call(app, { method: 'GET', url: '/api/v1/notifications', token: t.token });
    expect(bell.body_.unread_count).toBe(1);
    expect(inbox.length).toBe(before);
  });
});
