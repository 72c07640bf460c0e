import { describe, expect, it } from 'vitest';
import { INPUT_MESSAGES } from '../../contract/rules/input';
import { call, signUpAndIn, useTestApp } from './helper';
import { adminToken } from './teacher-helpers';

/** What every declared route does at the boundary: malformed input stops before the handler. */
describe('the declared boundary', () => {
  const app = useTestApp();

  it('takes only plain positive 32-bit integers as ids in paths (404 otherwise)', async () => {
    const token = await adminToken(app());
    for (const bad of ['0x1', '1e0', '+1', '%201', '01', '0', '-1', '2147483648', 'abc', '1%00'])
      expect(
        (await call(app(), { method: 'GET', url: `/api/v1/subjects/${bad}`, token })).statusCode,
        bad,
      ).toBe(404);
    expect((await call(app(), { method: 'GET', url: '/api/v1/subjects/1' })).statusCode).toBe(200);
  });

  it('refuses wrong types, over-long text and NUL characters with 422 and the field', async () => {
    const u = await signUpAndIn(app(), 2);
    const post = (payload: unknown) =>
      call(app(), { method: 'POST', url: '/api/v1/subjects', token: u.token, payload: payload as object });
    const wrongType = await post({ subject: { name: 42 } });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.body_.errors).toEqual({ name: [INPUT_MESSAGES.notText] });
    const long = await post({ subject: { name: 'x'.repeat(201) } });
    expect(long.body_.errors).toEqual({ name: [INPUT_MESSAGES.tooLong(200)] });
    const nul = await post({ name: 'Phys\u0000ics' });
    expect(nul.statusCode).toBe(422);
    expect(nul.body_.errors).toEqual({ name: [INPUT_MESSAGES.nul] });
    const flag = await post({ name: 'Astronomy', is_active: 'yes' });
    expect(flag.body_.errors).toEqual({ is_active: [INPUT_MESSAGES.notBoolean] });
    // Unknown fields are dropped, not stored or echoed.
    const ok = await post({ subject: { name: 'Astronomy', colour: 'blue' } });
    expect(ok.statusCode).toBe(201);
    expect(ok.body_.data).not.toHaveProperty('colour');
  });

  it('checks query values and ids in bodies the same way', async () => {
    const token = await adminToken(app());
    const page = await call(app(), { method: 'GET', url: '/api/v1/students?page=1e3', token });
    expect(page.statusCode).toBe(422);
    expect(page.body_.errors.page).toEqual([INPUT_MESSAGES.notInteger(1, 1_000_000)]);
    const twice = await call(app(), { method: 'GET', url: '/api/v1/students?limit=1&limit=2', token });
    expect(twice.statusCode).toBe(422);
    const s = await signUpAndIn(app(), 2);
    const connect = await call(app(), {
      method: 'POST',
      url: '/api/v1/teacher_student_requests/1/connect',
      token: s.token,
      payload: { teacher_id: '0x1' },
    });
    expect(connect.statusCode).toBe(422);
    expect(connect.body_.errors).toEqual({ teacher_id: [INPUT_MESSAGES.notId] });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await call(app(), {
      method: 'POST',
      url: '/api/v1/users',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.body_.message).toBe('string');
  });
});
