import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from '../../server/lib/jwt';

/** A token checked once is remembered, but never past its expiry nor under another secret. */
describe('verifyJwt', () => {
  it('keeps refusing an expired token, and a token under another secret, after it once verified', async () => {
    const iat = Math.floor(Date.now() / 1000);
    const claims = { sub: 7, role: 2, sid: 'session-a', iat, exp: iat + 60 };
    const token = await signJwt(claims, 'secret-one');
    expect(await verifyJwt(token, 'secret-one')).toMatchObject({ sub: 7, sid: 'session-a' });
    // Again (now from what was verified): the same claims while it is valid.
    expect(await verifyJwt(token, 'secret-one', new Date((iat + 59) * 1000))).toMatchObject({ sub: 7 });
    expect(await verifyJwt(token, 'secret-one', new Date((iat + 60) * 1000))).toBeNull();
    expect(await verifyJwt(token, 'secret-two')).toBeNull();
    // A changed byte of the signature is refused, before and after the good one was verified.
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await verifyJwt(forged, 'secret-one')).toBeNull();
    expect(await verifyJwt(token, 'secret-one')).toMatchObject({ role: 2 });
  });
});
