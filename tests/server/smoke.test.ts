import { describe, expect, it } from 'vitest';
import { call, signUpAndIn, useTestApp } from './helper';

describe('smoke', () => {
  const app = useTestApp();
  it('signs up and in', async () => {
    const u = await signUpAndIn(app(), 1);
    const me = await call(app(), { method: 'GET', url: `/api/v1/users/${u.userId}`, token: u.token });
    expect(me.statusCode).toBe(200);
    expect(me.body_.profile).toBeNull();
    const degrees = await call(app(), { method: 'GET', url: '/api/v1/degrees' });
    expect(degrees.body_.data).toHaveLength(8);
  });
});
