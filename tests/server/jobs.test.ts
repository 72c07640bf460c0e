import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { POSTING_MESSAGES } from '../../contract/rules/job-postings';
import { JOB_MESSAGES } from '../../contract/rules/jobs';
import { monthBounds, monthOf } from '../../server/services/admin-overview';
import { adminSession } from './fixtures/admin-teachers';
import { educationBody, personal, posting, publishPosting, seekerReady } from './fixtures/jobs';
import { call, signUpAndIn, useTestApp } from './helper';
import { fixture, multipart } from './teacher-helpers';

describe('the job side', () => {
  const app = useTestApp();

  describe('job seekers', () => {
    it('signs up as role 3 and is routed by profile: null until the details are saved', async () => {
      const s = await signUpAndIn(app(), 3);
      const before = await call(app(), { method: 'GET', url: `/api/v1/users/${s.userId}`, token: s.token });
      expect(before.body_.data.user_role_id).toBe(3);
      expect(before.body_.profile).toBeNull();
      const created = await call(app(), {
        method: 'POST',
        url: '/api/v1/job_seekers',
        token: s.token,
        payload: personal(),
      });
      expect(created.statusCode).toBe(201);
      expect(created.body_.data).toMatchObject({ name: 'Rina Das', date_of_birth: '31/01/2000' });
      const after = await call(app(), { method: 'GET', url: `/api/v1/users/${s.userId}`, token: s.token });
      expect(after.body_.profile[0].id).toBe(created.body_.id);
      const again = await call(app(), {
        method: 'POST',
        url: '/api/v1/job_seekers',
        token: s.token,
        payload: personal(),
      });
      expect(again.statusCode).toBe(409);
    });

    it('checks the personal details with the form rules', async () => {
      const s = await signUpAndIn(app(), 3);
      const res = await call(app(), {
        method: 'POST',
        url: '/api/v1/job_seekers',
        token: s.token,
        payload: personal({ mobile_number: '123', date_of_birth: '01/01/2015', name: '' }),
      });
      expect(res.statusCode).toBe(422);
      expect(res.body_.errors).toMatchObject({
        name: [JOB_MESSAGES.nameRequired],
        mobile_number: [JOB_MESSAGES.mobileInvalid],
        date_of_birth: [JOB_MESSAGES.tooYoung],
      });
    });

    it('refuses a one-letter name and a one-character address, in the words the teacher and student forms use', async () => {
      const s = await signUpAndIn(app(), 3);
      const res = await call(app(), {
        method: 'POST',
        url: '/api/v1/job_seekers',
        token: s.token,
        payload: personal({ name: 'R', address: 'K' }),
      });
      expect(res.statusCode).toBe(422);
      expect(res.body_.errors).toEqual({
        name: ['Name must be at least 3 characters long'],
        address: ['Please provide a complete address (minimum 10 characters)'],
      });
    });

    it('refuses teachers and students', async () => {
      const t = await signUpAndIn(app(), 1);
      const res = await call(app(), {
        method: 'POST',
        url: '/api/v1/job_seekers',
        token: t.token,
        payload: personal(),
      });
      expect(res.statusCode).toBe(403);
    });

    it('saves education with a PDF resume checked by content and size', async () => {
      const s = await signUpAndIn(app(), 3);
      const { id } = (
        await call(app(), { method: 'POST', url: '/api/v1/job_seekers', token: s.token, payload: personal() })
      ).body_;
      const url = `/api/v1/job_seekers/${id}/education`;
      const none = await call(app(), { method: 'PUT', url, token: s.token, ...educationBody() });
      expect(none.statusCode).toBe(422);
      expect(none.body_.errors.resume).toEqual([POSTING_MESSAGES.resumeMissing]);
      const fake = await call(app(), {
        method: 'PUT',
        url,
        token: s.token,
        ...educationBody({ filename: 'resume.pdf', data: fixture('photo.png') }),
      });
      expect(fake.statusCode).toBe(422);
      expect(fake.body_.errors.resume).toEqual([JOB_MESSAGES.resumeNotPdf]);
      const big = await call(app(), {
        method: 'PUT',
        url,
        token: s.token,
        ...educationBody({
          filename: 'resume.pdf',
          data: Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(5 * 1024 * 1024)]),
        }),
      });
      expect(big.statusCode).toBe(413);
      const ok = await call(app(), {
        method: 'PUT',
        url,
        token: s.token,
        ...educationBody({ filename: 'resume.pdf', data: fixture('resume.pdf') }),
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.body_.data).toMatchObject({
        qualification: 5,
        school_name: 'Hindu School',
        year_of_passing: '2020',
      });
      // Saved again without a file: the resume on file stays.
      const kept = await call(app(), { method: 'PUT', url, token: s.token, ...educationBody() });
      expect(kept.statusCode).toBe(200);
    });
  });

  describe('postings, applications and hiring', () => {
    let admin: Awaited<ReturnType<typeof adminSession>>;
    beforeAll(async () => {
      admin = await adminSession(app());
    });
    const createPosting = (overrides: Record<string, unknown> = {}) =>
      publishPosting(app(), admin.token, overrides);
    const apply = (
      token: string,
      postingId: number,
      payload: Record<string, unknown> = { job_application: { cover_note: 'Hello' } },
    ) =>
      call(app(), { method: 'POST', url: `/api/v1/job_postings/${postingId}/applications`, token, payload });
    const move = (applicationId: number, status: string, note?: string) =>
      call(app(), {
        method: 'PATCH',
        url: `/api/v1/job_applications/${applicationId}/status`,
        token: admin.token,
        payload: { status, note },
      });

    it('only administrators create and edit postings, with the shared rules', async () => {
      const s = await signUpAndIn(app(), 3);
      const refused = await call(app(), {
        method: 'POST',
        url: '/api/v1/job_postings',
        token: s.token,
        payload: posting(),
      });
      expect(refused.statusCode).toBe(403);
      const bad = await call(app(), {
        method: 'POST',
        url: '/api/v1/job_postings',
        token: admin.token,
        payload: posting({
          industry: 'farm',
          location: 'Atlantis',
          pay_min: '500',
          pay_max: '100',
          closing_date: '2001-01-01',
        }),
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.body_.errors).toMatchObject({
        industry: [POSTING_MESSAGES.industryRequired],
        location: [POSTING_MESSAGES.locationRequired],
        pay_max: [POSTING_MESSAGES.payRange],
        closing_date: [POSTING_MESSAGES.closingDatePast],
      });
      const { id } = await createPosting({ location: 'remote', pay_min: '', pay_max: '' });
      const edited = await call(app(), {
        method: 'PUT',
        url: `/api/v1/job_postings/${id}`,
        token: admin.token,
        payload: posting({ title: 'Senior Physics Teacher' }),
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.body_.data).toMatchObject({ title: 'Senior Physics Teacher', pay_min: 25000 });
    });

    it('lists open postings newest first, filtered and paged on the server', async () => {
      const a = await createPosting({ industry: 'college', location: 'Nadia', title: 'Chemistry Lecturer' });
      const b = await createPosting({
        industry: 'college',
        location: 'Nadia',
        title: 'Botany Lecturer',
        employment_type: 'contract',
      });
      const closed = await createPosting({
        industry: 'college',
        location: 'Nadia',
        title: 'Closed Lecturer',
      });
      await call(app(), {
        method: 'POST',
        url: `/api/v1/job_postings/${closed.id}/close`,
        token: admin.token,
      });
      const list = await call(app(), {
        method: 'GET',
        url: '/api/v1/job_postings?industry=college&district=Nadia&limit=1',
      });
      expect(list.statusCode).toBe(200);
      expect(list.body_.total_count).toBe(2);
      expect(list.body_.data.map((p: { id: number }) => p.id)).toEqual([b.id]);
      expect(list.body_.pagination).toEqual({ next: 2, prev: null });
      const page2 = await call(app(), {
        method: 'GET',
        url: '/api/v1/job_postings?industry=college&district=Nadia&limit=1&page=2',
      });
      expect(page2.body_.data.map((p: { id: number }) => p.id)).toEqual([a.id]);
      const typed = await call(app(), {
        method: 'GET',
        url: '/api/v1/job_postings?industry=college&type=contract',
      });
      expect(typed.body_.data.map((p: { id: number }) => p.id)).toEqual([b.id]);
      const searched = await call(app(), { method: 'GET', url: '/api/v1/job_postings?q=chemistry' });
      expect(searched.body_.data.map((p: { id: number }) => p.id)).toEqual([a.id]);
      const all = await call(app(), {
        method: 'GET',
        url: '/api/v1/job_postings?industry=college&district=Nadia&status=all',
        token: admin.token,
      });
      expect(all.body_.total_count).toBe(3);
    });

    it('one application per posting per job seeker (409), closed postings refuse (422)', async () => {
      const s = await seekerReady(app());
      const { id } = await createPosting();
      const first = await apply(s.token, id);
      expect(first.statusCode).toBe(201);
      expect(first.body_.data).toMatchObject({ status: 'applied', cover_note: 'Hello' });
      const second = await apply(s.token, id);
      expect(second.statusCode).toBe(409);
      expect(second.body_.message).toBe(POSTING_MESSAGES.alreadyApplied);
      // Two at once: the unique index lets one through.
      const other = await createPosting();
      const raced = await Promise.all([apply(s.token, other.id), apply(s.token, other.id)]);
      expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 409]);

      const closed = await createPosting();
      await call(app(), {
        method: 'POST',
        url: `/api/v1/job_postings/${closed.id}/close`,
        token: admin.token,
      });
      const refused = await apply(s.token, closed.id);
      expect(refused.statusCode).toBe(422);
      expect(refused.body_.message).toBe(POSTING_MESSAGES.postingClosed);
      await call(app(), {
        method: 'POST',
        url: `/api/v1/job_postings/${closed.id}/reopen`,
        token: admin.token,
      });
      expect((await apply(s.token, closed.id)).statusCode).toBe(201);

      // Past its closing date (set directly: the editor refuses past dates).
      const past = await createPosting();
      await app().db.execute(
        sql`update job_postings set closing_date = current_date - 2 where id = ${past.id}`,
      );
      expect((await apply(s.token, past.id)).statusCode).toBe(422);
      const listed = await call(app(), { method: 'GET', url: '/api/v1/job_postings?limit=50' });
      expect(listed.body_.data.some((p: { id: number }) => p.id === past.id)).toBe(false);
    });

    it('a job seeker without details on file cannot apply', async () => {
      const s = await signUpAndIn(app(), 3);
      const { id } = await createPosting();
      const res = await apply(s.token, id);
      expect(res.statusCode).toBe(422);
      expect(res.body_.errors.job_seeker).toEqual([POSTING_MESSAGES.profileMissing]);
    });

    it('the resume: its owner, administrators and applications to postings; nobody else', async () => {
      const owner = await seekerReady(app());
      const stranger = await seekerReady(app());
      const teacher = await signUpAndIn(app(), 1);
      const url = `/api/v1/job_seekers/${owner.seekerId}/resume`;
      const get = (token?: string, u = url) => call(app(), { method: 'GET', url: u, token });
      const mine = await get(owner.token);
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['content-type']).toBe('application/pdf');
      expect((await get(admin.token)).statusCode).toBe(200);
      expect((await get(stranger.token)).statusCode).toBe(403);
      expect((await get(teacher.token)).statusCode).toBe(403);
      expect((await get()).statusCode).toBe(401);

      // Applying with a new resume: the posting's applicants board links it; only owner and admins open it.
      const { id } = await createPosting();
      const other = await createPosting();
      const body = multipart([
        ['job_application[cover_note]', 'See my new resume'],
        [
          'job_application[resume]',
          { filename: 'new.pdf', data: fixture('resume.pdf'), type: 'application/pdf' },
        ],
      ]);
      const applied = await call(app(), {
        method: 'POST',
        url: `/api/v1/job_postings/${id}/applications`,
        token: owner.token,
        ...body,
      });
      expect(applied.statusCode).toBe(201);
      const board = await call(app(), {
        method: 'GET',
        url: `/api/v1/job_postings/${id}/applications`,
        token: admin.token,
      });
      expect(board.body_.data).toHaveLength(1);
      expect(board.body_.data[0].job_seeker).toMatchObject({ id: owner.seekerId, name: 'Rina Das' });
      const resumeUrl = board.body_.data[0].resume_url as string;
      expect((await get(admin.token, resumeUrl)).statusCode).toBe(200);
      expect((await get(owner.token, resumeUrl)).statusCode).toBe(200);
      expect((await get(stranger.token, resumeUrl)).statusCode).toBe(403);
      // A posting the seeker did not apply to shows nothing of them.
      const otherBoard = await call(app(), {
        method: 'GET',
        url: `/api/v1/job_postings/${other.id}/applications`,
        token: admin.token,
      });
      expect(otherBoard.body_.data).toEqual([]);
      expect(
        (
          await call(app(), {
            method: 'GET',
            url: `/api/v1/job_postings/${id}/applications`,
            token: owner.token,
          })
        ).statusCode,
      ).toBe(403);
    });

    it('status transitions are enforced; the job seeker sees each change, its note and history', async () => {
      const s = await seekerReady(app());
      const { id } = await createPosting({ title: 'Maths Tutor' });
      const applicationId = (await apply(s.token, id)).body_.id as number;
      expect((await move(applicationId, 'hired')).statusCode).toBe(422);
      expect((await move(applicationId, 'unknown')).statusCode).toBe(422);
      const shortlisted = await move(applicationId, 'shortlisted');
      expect(shortlisted.statusCode).toBe(200);
      const hired = await move(applicationId, 'hired', 'Welcome aboard');
      expect(hired.statusCode).toBe(200);
      const back = await move(applicationId, 'shortlisted');
      expect(back.statusCode).toBe(422);
      expect(back.body_.errors.status).toEqual([POSTING_MESSAGES.transitionRefused('hired', 'shortlisted')]);
      // Its key, so a client shows it (and the two status names in it) in the reader's language.
      expect(back.body_.error_keys.status).toEqual(['postings.transitionRefused']);
      // Job seekers cannot move applications.
      const self = await call(app(), {
        method: 'PATCH',
        url: `/api/v1/job_applications/${applicationId}/status`,
        token: s.token,
        payload: { status: 'shortlisted' },
      });
      expect(self.statusCode).toBe(403);

      const mine = await call(app(), { method: 'GET', url: '/api/v1/job_applications', token: s.token });
      const app1 = mine.body_.data.find((a: { id: number }) => a.id === applicationId);
      expect(app1).toMatchObject({
        status: 'hired',
        status_note: 'Welcome aboard',
        posting: { title: 'Maths Tutor' },
      });
      expect(app1.history.map((h: { status: string }) => h.status)).toEqual([
        'applied',
        'shortlisted',
        'hired',
      ]);
      const notes = await call(app(), { method: 'GET', url: '/api/v1/notifications', token: s.token });
      expect(notes.body_.data.map((n: { title: string }) => n.title)).toEqual(['Hired', 'Shortlisted']);
      expect(notes.body_.data[0].body).toBe(
        'Congratulations: you got the job Maths Tutor at Hindu School. Note: Welcome aboard',
      );
      expect(notes.body_.data[0].link).toBe('/myapplications');
      const detail = await call(app(), { method: 'GET', url: `/api/v1/job_postings/${id}`, token: s.token });
      expect(detail.body_.data.my_application).toEqual({ id: applicationId, status: 'hired' });
    });

    it('the admin is notified of each new application', async () => {
      const other = await adminSession(app());
      const s = await seekerReady(app());
      const { id } = await createPosting({ title: 'Geography Teacher' });
      await apply(s.token, id);
      const res = await call(app(), {
        method: 'GET',
        url: '/api/v1/admin/notifications',
        token: other.token,
      });
      expect(res.body_.data.map((n: { message: string }) => n.message)).toContain(
        'New application for Geography Teacher',
      );
    });

    it('the month figures equal recounts from the tables after every kind of write', async () => {
      const month = monthOf(new Date());
      const overview = async () =>
        (
          await call(app(), {
            method: 'GET',
            url: `/api/v1/admin/overview?month=${month}`,
            token: admin.token,
          })
        ).body_.data;
      const { start, end } = monthBounds(month);
      const recount = async () => {
        const rows = (r: unknown) =>
          ((r as { rows?: unknown[] }).rows ?? r) as Array<Record<string, unknown>>;
        const posts = rows(
          await app().db.execute(sql`select industry, count(*)::int as n from job_postings
          where created_at < ${end.toISOString()}::timestamptz
            and (closed_at is null or closed_at >= ${start.toISOString()}::timestamptz)
            and closing_date >= ${`${month}-01`}::date group by industry`),
        );
        const apps = rows(
          await app().db.execute(sql`select status, count(*)::int as n from job_applications
          where created_at >= ${start.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz
          group by status`),
        );
        const n = (list: Array<Record<string, unknown>>, key: string, value: string) =>
          Number(list.find((r) => r[key] === value)?.n ?? 0);
        return {
          active: posts.reduce((sum, r) => sum + Number(r.n), 0),
          // A withdrawn application is in neither the total nor any slice.
          applications: apps.filter((r) => r.status !== 'withdrawn').reduce((sum, r) => sum + Number(r.n), 0),
          school: n(posts, 'industry', 'school'),
          hired: n(apps, 'status', 'hired'),
          notSelected: n(apps, 'status', 'not_selected'),
          inProgress: n(apps, 'status', 'applied') + n(apps, 'status', 'shortlisted'),
        };
      };
      const check = async () => {
        const o = await overview();
        const r = await recount();
        expect(o.summary.active_job_posts).toBe(r.active);
        expect(o.summary.job_applications).toBe(r.applications);
        expect(
          o.jobs.industry_postings.find((i: { industry: string }) => i.industry === 'school').count,
        ).toBe(r.school);
        expect(o.jobs.hiring_ratio).toEqual([
          { name: 'Hired', value: r.hired },
          { name: 'Not selected', value: r.notSelected },
          { name: 'In progress', value: r.inProgress },
        ]);
        // The slices add up to the month's total.
        expect(o.jobs.hiring_ratio.reduce((sum: number, d: { value: number }) => sum + d.value, 0)).toBe(
          o.summary.job_applications,
        );
        return o;
      };
      const before = await check();
      const p = await createPosting({ industry: 'ed_tech' });
      const afterPost = await check();
      expect(afterPost.summary.active_job_posts).toBe(before.summary.active_job_posts + 1);
      const s = await seekerReady(app());
      const applicationId = (await apply(s.token, p.id)).body_.id as number;
      const afterApply = await check();
      expect(afterApply.summary.job_applications).toBe(before.summary.job_applications + 1);
      await move(applicationId, 'shortlisted');
      await check();
      await move(applicationId, 'not_selected', 'We chose another candidate');
      const afterDecision = await check();
      expect(afterDecision.jobs.hiring_ratio[1].value).toBe(before.jobs.hiring_ratio[1].value + 1);
      // A withdrawn application leaves the total and the In progress slice alike.
      const w = await seekerReady(app());
      const withdrawnId = (await apply(w.token, p.id)).body_.id as number;
      const beforeWithdrawal = await check();
      const withdrawn = await call(app(), {
        method: 'POST',
        url: `/api/v1/job_applications/${withdrawnId}/withdraw`,
        token: w.token,
      });
      expect(withdrawn.statusCode).toBe(200);
      const afterWithdrawal = await check();
      expect(afterWithdrawal.summary.job_applications).toBe(beforeWithdrawal.summary.job_applications - 1);
      expect(afterWithdrawal.jobs.hiring_ratio[2].value).toBe(
        beforeWithdrawal.jobs.hiring_ratio[2].value - 1,
      );
      // Closing this month keeps it active this month (it took applications in it).
      await call(app(), { method: 'POST', url: `/api/v1/job_postings/${p.id}/close`, token: admin.token });
      await check();
      await call(app(), {
        method: 'PUT',
        url: `/api/v1/job_postings/${p.id}`,
        token: admin.token,
        payload: posting({ industry: 'school' }),
      });
      await check();
    });
  });
});
