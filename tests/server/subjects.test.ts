import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SUBJECT_MESSAGES } from '../../contract/rules/student-subject';
import { activityLog, subjects } from '../../server/db/schema';
import type { HttpError } from '../../server/lib/http';
import { mergeSuggestion, reviewSubject, findSubject as subjectById } from '../../server/services/subjects';
import { adminSession } from './fixtures/admin-teachers';
import { adminToken, studentWithRecord } from './fixtures/students';
import { subjectId } from './fixtures/teachers';
import { call, signUpAndIn, useTestApp } from './helper';

describe('subjects', () => {
  const app = useTestApp();

  it('lets a signed-in user add a subject and refuses duplicates case-insensitively (409)', async () => {
    const s = await signUpAndIn(app(), 2);
    const anonymous = await call(app(), {
      method: 'POST',
      url: '/api/v1/subjects',
      payload: { subject: { name: 'Astronomy' } },
    });
    expect(anonymous.statusCode).toBe(401);
    const created = await call(app(), {
      method: 'POST',
      url: '/api/v1/subjects',
      token: s.token,
      payload: { subject: { name: '  Astronomy  ', is_active: true } },
    });
    expect(created.statusCode).toBe(201);
    expect(created.body_.data).toMatchObject({ name: 'Astronomy', is_active: true });
    expect(created.body_.subject.id).toBe(created.body_.data.id);
    // Pending review: the author sees it, nobody else does.
    expect(created.body_.data.status).toBe('pending');
    const list = await call(app(), { method: 'GET', url: '/api/v1/subjects', token: s.token });
    expect(list.body_.data.map((x: { name: string }) => x.name)).toContain('Astronomy');
    const anonymousList = await call(app(), { method: 'GET', url: '/api/v1/subjects' });
    expect(anonymousList.body_.data.map((x: { name: string }) => x.name)).not.toContain('Astronomy');

    for (const name of ['astronomy', 'ASTRONOMY ', 'physics']) {
      const dup = await call(app(), {
        method: 'POST',
        url: '/api/v1/subjects',
        token: s.token,
        payload: { subject: { name } },
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.body_.message).toMatch(/^Subject ".+" already exists$/);
      expect(dup.body_.errors.name).toEqual([dup.body_.message]);
    }
    // A seeded subject typed by its Bengali or Hindi name is that subject, not a new suggestion.
    for (const name of ['পদার্থবিদ্যা', ' भौतिक  विज्ञान ']) {
      const dup = await call(app(), {
        method: 'POST',
        url: '/api/v1/subjects',
        token: s.token,
        payload: { subject: { name } },
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.body_.message).toBe(SUBJECT_MESSAGES.duplicate('Physics'));
      expect(dup.body_.data).toMatchObject({ name: 'Physics', status: 'approved' });
    }
    const blank = await call(app(), {
      method: 'POST',
      url: '/api/v1/subjects',
      token: s.token,
      payload: { subject: { name: ' ' } },
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.body_.errors.name).toEqual([SUBJECT_MESSAGES.nameRequired]);
  });

  it('takes a name however its letters were composed, spaced or cased: stored composed, a second spelling is the same subject', async () => {
    const s = await signUpAndIn(app(), 2);
    const add = (name: string) =>
      call(app(), {
        method: 'POST',
        url: '/api/v1/subjects',
        token: s.token,
        payload: { subject: { name } },
      });
    // 'জ্যোতির্বিদ্যা' (astronomy) with its vowel sign typed as two code points, and extra spaces.
    const composed = 'জ্যোতির্বিদ্যা  বিজ্ঞান';
    const created = await add(` ${composed.normalize('NFD')} `);
    expect(created.statusCode).toBe(201);
    expect(created.body_.data.name).toBe('জ্যোতির্বিদ্যা বিজ্ঞান');
    for (const name of ['জ্যোতির্বিদ্যা বিজ্ঞান', composed.normalize('NFD')]) {
      const dup = await add(name);
      expect(dup.statusCode).toBe(409);
      expect(dup.body_.message).toBe(SUBJECT_MESSAGES.duplicate('জ্যোতির্বিদ্যা বিজ্ঞান'));
    }
    // A seeded subject's Bengali name, decomposed: that subject.
    const geography = await add('ভূগোল'.normalize('NFD'));
    expect(geography.statusCode).toBe(409);
    expect(geography.body_.data).toMatchObject({ name: 'Geography', status: 'approved' });
  });

  it('lets only administrators rename and remove; a removed subject can be added back', async () => {
    const s = await signUpAndIn(app(), 2);
    const created = await call(app(), {
      method: 'POST',
      url: '/api/v1/subjects',
      token: s.token,
      payload: { subject: { name: 'Statistics' } },
    });
    const id = created.body_.data.id;
    expect(
      (
        await call(app(), {
          method: 'PUT',
          url: `/api/v1/subjects/${id}`,
          token: s.token,
          payload: { subject: { name: 'Stats' } },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(app(), { method: 'DELETE', url: `/api/v1/subjects/${id}`, token: s.token })).statusCode,
    ).toBe(403);
    const admin = await adminToken(app());
    const clash = await call(app(), {
      method: 'PUT',
      url: `/api/v1/subjects/${id}`,
      token: admin,
      payload: { subject: { name: 'PHYSICS' } },
    });
    expect(clash.statusCode).toBe(409);
    const renamed = await call(app(), {
      method: 'PUT',
      url: `/api/v1/subjects/${id}`,
      token: admin,
      payload: { subject: { name: 'Applied Statistics' } },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.body_.data.name).toBe('Applied Statistics');
    expect(
      (await call(app(), { method: 'DELETE', url: `/api/v1/subjects/${id}`, token: admin })).statusCode,
    ).toBe(200);
    const list = await call(app(), { method: 'GET', url: '/api/v1/subjects' });
    expect(list.body_.data.map((x: { id: number }) => x.id)).not.toContain(id);
    const back = await call(app(), {
      method: 'POST',
      url: '/api/v1/subjects',
      token: s.token,
      payload: { subject: { name: 'applied statistics' } },
    });
    expect(back.statusCode).toBe(201);
    expect(back.body_.data.id).toBe(id);
    expect(
      (await call(app(), { method: 'DELETE', url: '/api/v1/subjects/999999', token: admin })).statusCode,
    ).toBe(404);
  });
});

describe('New subjects: two administrators deciding on one suggestion', () => {
  const app = useTestApp();
  let first: { id: number; token: string };
  let second: { id: number; token: string };
  beforeAll(async () => {
    first = await adminSession(app());
    second = await adminSession(app());
  });
  let names = 0;
  /** A student's suggestion (pending) and their request naming it. */
  const suggest = async (name = `Suggested ${++names} ${Date.now()}`) => {
    const student = await studentWithRecord(app());
    const added = await call(app(), {
      method: 'POST',
      url: '/api/v1/subjects',
      token: student.token,
      payload: { subject: { name } },
    });
    expect(added.statusCode).toBe(201);
    const id = added.body_.data.id as number;
    const request = await call(app(), {
      method: 'POST',
      url: '/api/v1/teacher_student_requests',
      token: student.token,
      payload: { teacher_student_request: { subject_ids: [id] } },
    });
    expect(request.statusCode).toBe(201);
    const requestSubjects = async () =>
      (
        await call(app(), {
          method: 'GET',
          url: `/api/v1/teacher_student_requests/${request.body_.data.id}`,
          token: student.token,
        })
      ).body_.data.subject_ids as number[];
    return { id, requestSubjects };
  };
  const decide = (verb: 'approve' | 'reject' | 'merge', id: number, token: string, into?: number) =>
    call(app(), {
      method: 'PATCH',
      url: `/api/v1/admin/subjects/${id}/${verb}`,
      token,
      ...(verb === 'merge' ? { payload: { subject: { into_id: String(into) } } } : {}),
    });
  const stored = async (id: number) => {
    const [row] = await app().db.select().from(subjects).where(eq(subjects.id, id));
    return row;
  };
  const decisionsLogged = async (id: number) =>
    (
      await app()
        .db.select()
        .from(activityLog)
        .where(and(eq(activityLog.subjectType, 'subject'), eq(activityLog.subjectId, id)))
    ).filter((e) => e.actorType === 'admin').length;

  it('a decision on a suggestion decided already gets a 409 that says so and what is stored now', async () => {
    const physics = await subjectId(app().db, 'Physics');
    const rejected = await suggest();
    expect((await decide('reject', rejected.id, first.token)).statusCode).toBe(200);
    for (const verb of ['approve', 'reject', 'merge'] as const) {
      const late = await decide(verb, rejected.id, second.token, physics);
      expect(late.statusCode, verb).toBe(409);
      expect(late.body_, verb).toMatchObject({
        error: 'conflict',
        message: SUBJECT_MESSAGES.alreadyDecided,
        data: { id: rejected.id, status: 'rejected', is_active: false },
      });
    }
    expect((await stored(rejected.id)).status).toBe('rejected');
    expect(await decisionsLogged(rejected.id)).toBe(1);

    const merged = await suggest();
    expect((await decide('merge', merged.id, first.token, physics)).statusCode).toBe(200);
    const late = await decide('approve', merged.id, second.token);
    expect(late.statusCode).toBe(409);
    expect(late.body_).toMatchObject({
      message: SUBJECT_MESSAGES.alreadyDecided,
      data: { status: 'merged' },
      merged_into_id: physics,
    });
    expect(await merged.requestSubjects()).toEqual([physics]);
    expect((await decide('approve', 999999, second.token)).statusCode).toBe(404);
  });

  it("the decision's UPDATE itself refuses a suggestion decided after it was read; a refused merge moves nothing", async () => {
    const physics = await subjectById(app().db, await subjectId(app().db, 'Physics'));
    const { id, requestSubjects } = await suggest();
    const read = await stored(id);
    expect(read.status).toBe('pending');
    // Another administrator approves between the first look and the UPDATE.
    expect((await decide('approve', id, first.token)).statusCode).toBe(200);
    const refusal = (e: unknown) => ({
      statusCode: (e as HttpError).statusCode,
      message: (e as HttpError).body.message,
    });
    const expected = { statusCode: 409, message: SUBJECT_MESSAGES.alreadyDecided };
    expect(
      refusal(await reviewSubject(app().db, read, { adminId: second.id, approve: false }).catch((e) => e)),
    ).toEqual(expected);
    expect(refusal(await mergeSuggestion(app().db, read, physics, second.id).catch((e) => e))).toEqual(
      expected,
    );
    expect((await stored(id)).status).toBe('approved');
    expect(await requestSubjects()).toEqual([id]);
    expect(await decisionsLogged(id)).toBe(1);
  });

  /** An approved, listed subject of its own, to merge into and remove. */
  const target = async () => {
    const created = await call(app(), {
      method: 'POST',
      url: '/api/v1/subjects',
      token: first.token,
      payload: { subject: { name: `Target ${++names} ${Date.now()}` } },
    });
    expect(created.body_.data.status).toBe('approved');
    return created.body_.data.id as number;
  };
  const remove = (id: number, token: string) =>
    call(app(), { method: 'DELETE', url: `/api/v1/subjects/${id}`, token });

  it("the merge's transaction checks its target again: one removed, merged or deleted after the route looked is a 409, nothing moved", async () => {
    const refusal = (e: unknown) => ({
      statusCode: (e as HttpError).statusCode,
      message: (e as HttpError).body.message,
    });
    const expected = { statusCode: 409, message: SUBJECT_MESSAGES.mergeTargetGone };
    for (const meanwhile of ['removed', 'merged', 'deleted'] as const) {
      const intoId = await target();
      const { id, requestSubjects } = await suggest();
      // What the route read before the merge's transaction began.
      const read = await stored(id);
      const into = await subjectById(app().db, intoId);
      if (meanwhile === 'removed') expect((await remove(intoId, second.token)).statusCode).toBe(200);
      else if (meanwhile === 'merged')
        await app()
          .db.update(subjects)
          .set({ status: 'merged', isActive: false })
          .where(eq(subjects.id, intoId));
      else await app().db.delete(subjects).where(eq(subjects.id, intoId));
      expect(
        refusal(await mergeSuggestion(app().db, read, into, first.id).catch((e) => e)),
        meanwhile,
      ).toEqual(expected);
      expect((await stored(id)).status, meanwhile).toBe('pending');
      expect((await stored(id)).mergedIntoId, meanwhile).toBeNull();
      expect(await requestSubjects(), meanwhile).toEqual([id]);
      expect(await decisionsLogged(id), meanwhile).toBe(0);
      // The suggestion still waits: merged into another subject, it goes.
      const physics = await subjectId(app().db, 'Physics');
      expect((await decide('merge', id, first.token, physics)).statusCode).toBe(200);
      expect(await requestSubjects()).toEqual([physics]);
    }
  });

  it('a merge and a removal of its target sent at once: the merge lands on a subject that existed, or gets the 409', async () => {
    for (let round = 0; round < 4; round++) {
      const intoId = await target();
      const { id, requestSubjects } = await suggest();
      const [merged, removed] = await Promise.all([
        decide('merge', id, first.token, intoId),
        remove(intoId, second.token),
      ]);
      expect(removed.statusCode).toBe(200);
      expect([200, 409, 422], JSON.stringify(merged.body_)).toContain(merged.statusCode);
      const row = await stored(id);
      if (merged.statusCode === 200) {
        expect(row).toMatchObject({ status: 'merged', mergedIntoId: intoId });
        expect(await requestSubjects()).toEqual([intoId]);
        expect(await stored(intoId)).toBeDefined();
      } else {
        // Refused before its transaction (422: the route saw it removed) or inside it (409): nothing moved.
        if (merged.statusCode === 409) expect(merged.body_.message).toBe(SUBJECT_MESSAGES.mergeTargetGone);
        expect(row).toMatchObject({ status: 'pending', mergedIntoId: null });
        expect(await requestSubjects()).toEqual([id]);
      }
    }
  });

  it('of two decisions sent at once, exactly one wins and the other gets the 409', async () => {
    const physics = await subjectId(app().db, 'Physics');
    const outcome = { approve: 'approved', reject: 'rejected', merge: 'merged' } as const;
    for (const [a, b] of [
      ['approve', 'reject'],
      ['reject', 'approve'],
      ['approve', 'approve'],
      ['reject', 'reject'],
      ['merge', 'reject'],
      ['approve', 'merge'],
      ['merge', 'merge'],
    ] as const) {
      const { id, requestSubjects } = await suggest();
      const answers = await Promise.all([
        decide(a, id, first.token, physics),
        decide(b, id, second.token, physics),
      ]);
      expect(answers.map((r) => r.statusCode).sort(), `${a} ${b}`).toEqual([200, 409]);
      const winner = answers.find((r) => r.statusCode === 200);
      const loser = answers.find((r) => r.statusCode === 409);
      const won = winner === answers[0] ? a : b;
      expect(loser?.body_.message).toBe(SUBJECT_MESSAGES.alreadyDecided);
      expect(loser?.body_.data.status).toBe(outcome[won]);
      expect((await stored(id)).status).toBe(outcome[won]);
      expect(await requestSubjects()).toEqual(won === 'merge' ? [physics] : [id]);
      expect(await decisionsLogged(id)).toBe(1);
    }
  });
});
