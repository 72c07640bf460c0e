import { beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_NOTE_MAX } from '../../contract/constants';
import { WITHOUT_WORDS } from '../../contract/rules/common';
import { POSTING_MESSAGES } from '../../contract/rules/job-postings';
import { adminSession } from './fixtures/admin-teachers';
import { posting, seekerReady } from './fixtures/jobs';
import { call, useTestApp } from './helper';

/**
 * A job posting's organisation, title and description, a job seeker's cover note and an
 * administrator's note on a move say something: text of only emoji, punctuation or symbols is a 422
 * naming the field with the one message, never a 500. The optional notes may stay empty.
 */
const NOTHING = ['😀😀😀😀😀😀', '..........', '——— !!! ———'];

describe('job postings and applications say something', () => {
  const app = useTestApp();
  let admin: Awaited<ReturnType<typeof adminSession>>;
  beforeAll(async () => {
    admin = await adminSession(app());
  });
  const createPosting = (overrides: Record<string, unknown> = {}) =>
    call(app(), {
      method: 'POST',
      url: '/api/v1/job_postings',
      token: admin.token,
      payload: posting(overrides),
    });

  it("a posting's organisation, title and description", async () => {
    for (const text of NOTHING) {
      const res = await createPosting({ organisation: text, title: text, description: text });
      expect(res.statusCode, text).toBe(422);
      expect(res.body_.errors, text).toEqual({
        organisation: [WITHOUT_WORDS],
        title: [WITHOUT_WORDS],
        description: [WITHOUT_WORDS],
      });
    }
    const created = await createPosting({ organisation: 'হিন্দু স্কুল 🏫', title: 'ভৌতবিজ্ঞান শিক্ষক' });
    expect(created.statusCode).toBe(201);
    const id = created.body_.data.id as number;
    const edited = await call(app(), {
      method: 'PUT',
      url: `/api/v1/job_postings/${id}`,
      token: admin.token,
      payload: posting({ title: '😀😀😀' }),
    });
    expect(edited.statusCode).toBe(422);
    expect(edited.body_.errors).toEqual({ title: [WITHOUT_WORDS] });
  });

  it("a cover note and an administrator's note; empty ones are fine", async () => {
    const postingId = (await createPosting()).body_.data.id as number;
    const seeker = await seekerReady(app());
    const apply = (cover_note: string) =>
      call(app(), {
        method: 'POST',
        url: `/api/v1/job_postings/${postingId}/applications`,
        token: seeker.token,
        payload: { job_application: { cover_note } },
      });
    for (const text of NOTHING) {
      const res = await apply(text);
      expect(res.statusCode, text).toBe(422);
      expect(res.body_.errors, text).toEqual({ cover_note: [WITHOUT_WORDS] });
    }
    const applied = await apply('');
    expect(applied.statusCode).toBe(201);
    const move = (payload: Record<string, unknown>) =>
      call(app(), {
        method: 'PATCH',
        url: `/api/v1/job_applications/${applied.body_.id}/status`,
        token: admin.token,
        payload,
      });
    for (const note of NOTHING) {
      const res = await move({ status: 'shortlisted', note });
      expect(res.statusCode, note).toBe(422);
      expect(res.body_.errors, note).toEqual({ note: [WITHOUT_WORDS] });
    }
    // Past its limit the note is refused with the words the board shows under the field as typed.
    const long = await move({ status: 'shortlisted', note: 'অ'.repeat(APPLICATION_NOTE_MAX + 1) });
    expect(long.statusCode).toBe(422);
    expect(long.body_.errors).toEqual({ note: [POSTING_MESSAGES.noteTooLong] });
    expect((await move({ status: 'shortlisted', note: '' })).statusCode).toBe(200);
    expect((await move({ status: 'hired', note: 'সোমবার যোগ দিন 🎉' })).statusCode).toBe(200);
  });
});
