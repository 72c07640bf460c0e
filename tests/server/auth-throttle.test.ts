import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../contract/rules/auth';
import { call, signUpAndIn, uniqueEmail, useTestApp } from './helper';

describe('sign-in throttle', () => {
  const app = useTestApp({ signInRateLimit: { perClientPerMinute: 1000, perAccountPer15Minutes: 3 } });

  it('blocks an account after repeated failures, even with the right password, and not others', async () => {
    const victim = await signUpAndIn(app(), 1);
    const bystander = await signUpAndIn(app(), 2);
    const attempt = (email: string, password: string) =>
      call(app(), { method: 'POST', url: '/users/tokens/sign_in', payload: { email, password } });
    for (let i = 0; i < 3; i++) expect((await attempt(victim.email, 'wrong-password')).statusCode).toBe(401);
    const blocked = await attempt(victim.email, victim.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body_.message).toMatch(/Too many sign-in attempts/);
    expect((await attempt(bystander.email, bystander.password)).statusCode).toBe(200);
    // Unknown emails are throttled the same way (no hint whether an account exists).
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 3; i++)
      expect((await attempt(ghost, 'x')).body_.message).toBe(AUTH_MESSAGES.invalidCredentials);
    expect((await attempt(ghost, 'x')).statusCode).toBe(429);
  });
});

describe('sign-in rate limit per client', () => {
  const app = useTestApp({ signInRateLimit: { perClientPerMinute: 3, perAccountPer15Minutes: 1000 } });

  it('answers 429 once a client exceeds its attempts per minute', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(app(), {
        method: 'POST',
        url: '/users/tokens/sign_in',
        payload: { email: uniqueEmail('flood'), password: 'password123' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});
