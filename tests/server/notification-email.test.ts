import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentWithRecord } from './fixtures/students';
import { insertTeacher, subjectId } from './fixtures/teachers';
import { buildTestApp, call, signUpAndIn } from './helper';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

interface Received {
  to: string[];
  raw: string;
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
          // The text part is quoted-printable: undo soft line breaks and =XX escapes to read it.
          const text = raw
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
          inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: text });
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
    {
      expect(app.mailer.enabled).toBe(true);
      const t = await signUpAndIn(app, 1);
      const { teacherId } = await insertTeacher(app.db, {
        name: 'Anil Das',
        subjects: ['Physics'],
        userId: t.userId,
      });
      const s = await studentWithRecord(app);
      const made = await call(app, {
        method: 'POST',
        url: '/api/v1/teacher_student_requests',
        token: s.token,
        payload: { teacher_student_request: { subject_ids: [await subjectId(app.db, 'Physics')] } },
      });
      const sent = await call(app, {
        method: 'POST',
        url: `/api/v1/teacher_student_requests/${made.body_.data.id}/connect`,
        token: s.token,
        payload: { teacher_id: teacherId },
      });
      expect(sent.statusCode).toBe(201);
      await received(1);
      expect(inbox[0].to).toEqual([t.email]);
      expect(inbox[0].raw).toMatch(/Subject: Bengal Tutors: New request/);
      expect(inbox[0].raw).toContain('Riya Sen asked you to teach Physics.');
      expect(inbox[0].raw).toContain('https://tutors.example/dashboard');

      const declined = await call(app, {
        method: 'PATCH',
        url: `/api/v1/teacher_student_requests/${sent.body_.data.id}/update_status`,
        token: t.token,
        payload: { status: 'declined', reason: 'My schedule is full right now' },
      });
      expect(declined.statusCode).toBe(200);
      await received(2);
      expect(inbox[1].to).toEqual([s.email]);
      expect(inbox[1].raw).toMatch(/Subject: Bengal Tutors: Request declined/);
      expect(inbox[1].raw).toContain('Reason: My schedule is full right now');
      expect(inbox[1].raw).toContain('https://tutors.example/requests');
    }
  });

  it('sends nothing and fails nothing without SMTP_URL', async () => {
    const before = inbox.length;
    const app = silent;
    {
      expect(app.mailer.enabled).toBe(false);
      const t = await signUpAndIn(app, 1);
      const { teacherId } = await insertTeacher(app.db, { subjects: ['Physics'], userId: t.userId });
      const s = await studentWithRecord(app);
      const made = await call(app, {
        method: 'POST',
        url: '/api/v1/teacher_student_requests',
        token: s.token,
        payload: { teacher_student_request: { subject_ids: [await subjectId(app.db, 'Physics')] } },
      });
      const sent = await call(app, {
        method: 'POST',
        url: `/api/v1/teacher_student_requests/${made.body_.data.id}/connect`,
        token: s.token,
        payload: { teacher_id: teacherId },
      });
      expect(sent.statusCode).toBe(201);
      const bell = await call(app, { method: 'GET', url: '/api/v1/notifications', token: t.token });
      expect(bell.body_.unread_count).toBe(1);
      expect(inbox.length).toBe(before);
    }
  });
});
