import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES } from '../../contract/rules/http';
import { POSTING_MESSAGES } from '../../contract/rules/job-postings';
import { rowsOf } from '../../server/db/rows';
import { adminSession } from './fixtures/admin-teachers';
import { publishPosting, seekerReady } from './fixtures/jobs';
import { call, signUpAndIn, useTestApp } from './helper';

/**
 * A job seeker withdraws an application still in progress (POST /api/v1/job_applications/{id}/withdraw):
 * only their own, only while applied or shortlisted; a withdrawal racing an administrator's decision
 * cannot both win; the administrators are told; the job seeker may apply again while the posting is open.
 */
describe('withdrawing a job application', () => {
  const app = useTestApp();
  let admin: Awaited<ReturnType<typeof adminSession>>;
  beforeAll(async () => {
    admin = await adminSession(app());
  });

  const createPosting = async (overrides: Record<string, unknown> = {}) =>
    (await publishPosting(app(), admin.token, overrides)).id;
  const apply = (token: string, postingId: number) =>
    call(app(), {
      method: 'POST',
      url: `/api/v1/job_postings/${postingId}/applications`,
      token,
      payload: { job_application: { cover_note: 'Hello' } },
    });
  const withdraw = (token: string | undefined, applicationId: number | string) =>
    call(app(), { method: 'POST', url: `/api/v1/job_applications/${applicationId}/withdraw`, token });
  const move = (applicationId: number, status: string) =>
    call(app(), {
      method: 'PATCH',
      url: `/api/v1/job_applications/${applicationId}/status`,
      token: admin.token,
      payload: { status },
    });
  /** A job seeker's application to a new posting. */
  const applied = async (title = 'Physics Teacher') => {
    const seeker = await seekerReady(app());
    const postingId = await createPosting({ title });
    const res = await apply(seeker.token, postingId);
    expect(res.statusCode).toBe(201);
    return { seeker, postingId, applicationId: res.body_.id as number };
  };
  const historyOf = async (applicationId: number) =>
    rowsOf<{ status: string }>(
      await app().db.execute(
        sql`select status from job_application_events where job_application_id = ${applicationId} order by id`,
      ),
    ).map((r) => r.status);

  it('withdraws an application in progress: its status, its history, the board and the posting show it', async () => {
    const { seeker, postingId, applicationId } = await applied('Chemistry Teacher');
    const res = await withdraw(seeker.token, applicationId);
    expect(res.statusCode).toBe(200);
    expect(res.body_.data).toMatchObject({ id: applicationId, status: 'withdrawn', status_note: null });
    expect(res.body_.data.history.map((h: { status: string }) => h.status)).toEqual(['applied', 'withdrawn']);

    const mine = await call(app(), { method: 'GET', url: '/api/v1/job_applications', token: seeker.token });
    expect(mine.body_.data.find((a: { id: number }) => a.id === applicationId)).toMatchObject({
      status: 'withdrawn',
      posting: { title: 'Chemistry Teacher' },
    });
    const board = await call(app(), {
      method: 'GET',
      url: `/api/v1/job_postings/${postingId}/applications`,
      token: admin.token,
    });
    expect(board.body_.data.map((a: { status: string }) => a.status)).toEqual(['withdrawn']);
    const detail = await call(app(), {
      method: 'GET',
      url: `/api/v1/job_postings/${postingId}`,
      token: seeker.token,
    });
    expect(detail.body_.data.my_application).toEqual({ id: applicationId, status: 'withdrawn' });
  });

  it('a shortlisted application may be withdrawn too', async () => {
    const { seeker, applicationId } = await applied();
    expect((await move(applicationId, 'shortlisted')).statusCode).toBe(200);
    const res = await withdraw(seeker.token, applicationId);
    expect(res.statusCode).toBe(200);
    expect(await historyOf(applicationId)).toEqual(['applied', 'shortlisted', 'withdrawn']);
  });

  it('a decided or already withdrawn application is refused with 409, in words the client translates', async () => {
    for (const path of [['shortlisted', 'hired'], ['not_selected']]) {
      const { seeker, applicationId } = await applied();
      for (const status of path) expect((await move(applicationId, status)).statusCode).toBe(200);
      const refused = await withdraw(seeker.token, applicationId);
      expect(refused.statusCode).toBe(409);
      expect(refused.body_.message).toBe(POSTING_MESSAGES.withdrawDecided);
      expect(refused.body_.message_key).toBe('postings.withdrawDecided');
      expect(await historyOf(applicationId)).toEqual(['applied', ...path]);
    }
    const { seeker, applicationId } = await applied();
    expect((await withdraw(seeker.token, applicationId)).statusCode).toBe(200);
    const again = await withdraw(seeker.token, applicationId);
    expect(again.statusCode).toBe(409);
    expect(again.body_.message).toBe(POSTING_MESSAGES.alreadyWithdrawn);
    expect(await historyOf(applicationId)).toEqual(['applied', 'withdrawn']);
  });

  it('administrators cannot move a withdrawn application (409)', async () => {
    const { seeker, applicationId } = await applied();
    await withdraw(seeker.token, applicationId);
    for (const status of ['shortlisted', 'not_selected', 'hired', 'applied']) {
      const res = await move(applicationId, status);
      expect(res.statusCode).toBe(409);
      expect(res.body_.message).toBe(POSTING_MESSAGES.applicationWithdrawn);
      expect(res.body_.message_key).toBe('postings.applicationWithdrawn');
    }
    // Nor may an administrator withdraw one in the job seeker's place (withdrawn is not a move).
    const other = await applied();
    const byAdmin = await move(other.applicationId, 'withdrawn');
    expect(byAdmin.statusCode).toBe(422);
    expect(await historyOf(applicationId)).toEqual(['applied', 'withdrawn']);
  });

  it('only the job seeker who sent it: 401 without a session, 403 for anyone else, 404 for no such application', async () => {
    const { seeker, applicationId } = await applied();
    expect((await withdraw(undefined, applicationId)).statusCode).toBe(401);

    const otherSeeker = await seekerReady(app());
    const notYours = await withdraw(otherSeeker.token, applicationId);
    expect(notYours.statusCode).toBe(403);
    expect(notYours.body_.message).toBe(ACCESS_MESSAGES.ownApplicationWithdraws);
    // A job seeker account without details yet owns no application.
    const fresh = await signUpAndIn(app(), 3);
    expect((await withdraw(fresh.token, applicationId)).statusCode).toBe(403);
    const byAdmin = await withdraw(admin.token, applicationId);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.body_.message).toBe(ACCESS_MESSAGES.jobSeekersOnly);
    for (const role of [1, 2] as const) {
      const other = await signUpAndIn(app(), role);
      expect((await withdraw(other.token, applicationId)).statusCode).toBe(403);
    }

    const missing = await withdraw(seeker.token, 99_999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.body_.message).toBe(POSTING_MESSAGES.applicationNotFound);
    expect(await historyOf(applicationId)).toEqual(['applied']);
  });

  it('bad input is a clear 4xx, never a 500', async () => {
    const { seeker, applicationId } = await applied();
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999', '%27%3B--'])
      expect((await withdraw(seeker.token, id)).statusCode).toBe(404);
    const bodies = [
      { payload: '{not json', headers: { 'content-type': 'application/json' } },
      { payload: { job_application: { status: 'hired' } } },
      { payload: 'x'.repeat(10), headers: { 'content-type': 'text/plain' } },
    ];
    for (const body of bodies) {
      const res = await call(app(), {
        method: 'POST',
        url: `/api/v1/job_applications/${applicationId}/withdraw`,
        token: seeker.token,
        ...body,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(200);
      expect(res.statusCode).toBeLessThan(500);
    }
    const get = await call(app(), {
      method: 'GET',
      url: `/api/v1/job_applications/${applicationId}/withdraw`,
      token: seeker.token,
    });
    expect(get.statusCode).toBeLessThan(500);
  });

  it('after withdrawing, the job seeker may apply again while the posting is open (one live application)', async () => {
    const { seeker, postingId, applicationId } = await applied('Biology Teacher');
    await withdraw(seeker.token, applicationId);
    const again = await apply(seeker.token, postingId);
    expect(again.statusCode).toBe(201);
    const newId = again.body_.id as number;
    expect(newId).not.toBe(applicationId);
    expect(again.body_.data.history.map((h: { status: string }) => h.status)).toEqual(['applied']);
    // One live application at a time: a third is refused, two at once let one through.
    expect((await apply(seeker.token, postingId)).statusCode).toBe(409);
    const detail = await call(app(), {
      method: 'GET',
      url: `/api/v1/job_postings/${postingId}`,
      token: seeker.token,
    });
    expect(detail.body_.data.my_application).toEqual({ id: newId, status: 'applied' });
    await withdraw(seeker.token, newId);
    const raced = await Promise.all([apply(seeker.token, postingId), apply(seeker.token, postingId)]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const board = await call(app(), {
      method: 'GET',
      url: `/api/v1/job_postings/${postingId}/applications`,
      token: admin.token,
    });
    // The live application first, then the withdrawn ones (oldest first in each group).
    expect(board.body_.data.map((a: { id: number; status: string }) => [a.id, a.status])).toEqual([
      [raced.find((r) => r.statusCode === 201)?.body_.id, 'applied'],
      [applicationId, 'withdrawn'],
      [newId, 'withdrawn'],
    ]);

    // A closed posting takes no new application, withdrawn or not.
    const closed = await applied();
    await withdraw(closed.seeker.token, closed.applicationId);
    await call(app(), {
      method: 'POST',
      url: `/api/v1/job_postings/${closed.postingId}/close`,
      token: admin.token,
    });
    const refused = await apply(closed.seeker.token, closed.postingId);
    expect(refused.statusCode).toBe(422);
    expect(refused.body_.message).toBe(POSTING_MESSAGES.postingClosed);
  });

  it('a withdrawal racing an administrator’s decision: exactly one wins, and the history agrees', async () => {
    for (let round = 0; round < 6; round++) {
      const { seeker, applicationId } = await applied();
      await move(applicationId, 'shortlisted');
      const decision = round % 2 ? 'hired' : 'not_selected';
      const [w, d] =
        round % 3
          ? await Promise.all([withdraw(seeker.token, applicationId), move(applicationId, decision)])
          : (
              await Promise.all([move(applicationId, decision), withdraw(seeker.token, applicationId)])
            ).reverse();
      expect([w.statusCode, d.statusCode].sort()).toEqual([200, 409]);
      const winner = w.statusCode === 200 ? 'withdrawn' : decision;
      expect(w.statusCode === 200 ? d.body_.message : w.body_.message).toBe(
        w.statusCode === 200 ? POSTING_MESSAGES.applicationWithdrawn : POSTING_MESSAGES.withdrawDecided,
      );
      expect(await historyOf(applicationId)).toEqual(['applied', 'shortlisted', winner]);
      const [row] = rowsOf<{ status: string }>(
        await app().db.execute(sql`select status from job_applications where id = ${applicationId}`),
      );
      expect(row.status).toBe(winner);
    }
  });

  it('administrators are notified of a withdrawal, beside new applications', async () => {
    const other = await adminSession(app());
    const { seeker, applicationId } = await applied('Geography Teacher');
    await withdraw(seeker.token, applicationId);
    const res = await call(app(), { method: 'GET', url: '/api/v1/admin/notifications', token: other.token });
    const items = res.body_.data as Array<{ id: string; kind: string; message: string; params: object }>;
    const withdrawn = items.find((n) => n.kind === 'job_application_withdrawn');
    expect(withdrawn).toMatchObject({
      message: 'Application withdrawn for Geography Teacher',
      params: { name: 'Geography Teacher' },
    });
    expect(items.map((n) => n.message)).toContain('New application for Geography Teacher');
    // Marked read, it is gone until the next one.
    await call(app(), { method: 'POST', url: '/api/v1/admin/notifications/seen', token: other.token });
    const after = await call(app(), {
      method: 'GET',
      url: '/api/v1/admin/notifications',
      token: other.token,
    });
    expect(after.body_.data.some((n: { kind: string }) => n.kind === 'job_application_withdrawn')).toBe(
      false,
    );
  });

  it('the route is in the OpenAPI document with its answers', async () => {
    const res = await call(app(), { method: 'GET', url: '/api/openapi.json' });
    const op = res.body_.paths['/api/v1/job_applications/{id}/withdraw']?.post;
    expect(op.operationId).toBe('jobApplications.withdraw');
    expect(Object.keys(op.responses).sort()).toEqual(['200', '401', '403', '404', '409']);
  });
});
