import { describe, expect, it } from 'vitest';
import { SUBJECT_MESSAGES } from '../../contract/rules/student-subject';
import { adminToken } from './fixtures/students';
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
