import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { adminUsers, users } from '../../server/db/schema';
import { hashPassword, needsRehash, PASSWORD_COST, verifyPassword } from '../../server/lib/password';
import { call, TEST_PASSWORD_COST, uniqueEmail, useTestApp } from './helper';

const OLD_COST = { N: 1024, r: 8, p: 1 };

describe('password hashes', () => {
  it('verify with the parameters they were made with, and say when they are due for a rehash', async () => {
    const old = await hashPassword('a long password', OLD_COST);
    expect(old.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('a long password', old)).toBe(true);
    expect(await verifyPassword('another password', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    const current = await hashPassword('a long password');
    expect(current.startsWith(`scrypt$${PASSWORD_COST.N}$${PASSWORD_COST.r}$${PASSWORD_COST.p}$`)).toBe(true);
    expect(needsRehash(current)).toBe(false);
    // Parameters beyond the bounds (unbounded work) and foreign hashes never verify.
    expect(await verifyPassword('x', old.replace('scrypt$1024$', 'scrypt$1000$'))).toBe(false);
    expect(await verifyPassword('x', old.replace('scrypt$1024$8$', 'scrypt$4194304$8$'))).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$2b$10$abc')).toBe(false);
  });
});

describe('the production cost, and a rehash on the next sign-in when the cost changed', () => {
  // Other test apps hash at a low cost (TEST_PASSWORD_COST); this one has the default configuration's.
  const app = useTestApp({ passwordCost: loadConfig({}).passwordCost });

  it('by default new passwords are hashed at the production cost, and sign-in keeps such a hash', async () => {
    expect(loadConfig({}).passwordCost).toEqual(PASSWORD_COST);
    expect(PASSWORD_COST).toEqual({ N: 16384, r: 8, p: 1 });
    expect(TEST_PASSWORD_COST.N).toBeLessThan(PASSWORD_COST.N);
    const email = uniqueEmail('production-cost');
    const created = await call(app(), {
      method: 'POST',
      url: '/api/v1/users',
      payload: { email, password: 'password123', user_role_id: 2 },
    });
    expect(created.statusCode).toBe(201);
    const [stored] = await app().db.select().from(users).where(eq(users.email, email));
    expect(stored.passwordHash.startsWith('scrypt$16384$8$1$')).toBe(true);
    const signIn = await call(app(), {
      method: 'POST',
      url: '/users/tokens/sign_in',
      payload: { email, password: 'password123' },
    });
    expect(signIn.statusCode).toBe(200);
    const [after] = await app().db.select().from(users).where(eq(users.email, email));
    expect(after.passwordHash).toBe(stored.passwordHash);
  });

  it('a person signs in with a hash of the old cost: it works, and the stored hash has the new cost', async () => {
    const email = uniqueEmail('rehash');
    const passwordHash = await hashPassword('password123', OLD_COST);
    const [user] = await app().db.insert(users).values({ email, passwordHash, roleId: 2 }).returning();
    const first = await call(app(), {
      method: 'POST',
      url: '/users/tokens/sign_in',
      payload: { email, password: 'password123' },
    });
    expect(first.statusCode).toBe(200);
    const [after] = await app().db.select().from(users).where(eq(users.id, user.id));
    expect(after.passwordHash).not.toBe(passwordHash);
    expect(needsRehash(after.passwordHash)).toBe(false);
    const again = await call(app(), {
      method: 'POST',
      url: '/users/tokens/sign_in',
      payload: { email, password: 'password123' },
    });
    expect(again.statusCode).toBe(200);
    // A wrong password changes nothing.
    const wrong = await call(app(), {
      method: 'POST',
      url: '/users/tokens/sign_in',
      payload: { email, password: 'wrong password' },
    });
    expect(wrong.statusCode).toBe(401);
    const [still] = await app().db.select().from(users).where(eq(users.id, user.id));
    expect(still.passwordHash).toBe(after.passwordHash);
  });

  it('an administrator too', async () => {
    const email = uniqueEmail('rehash-admin');
    const passwordHash = await hashPassword('password123', OLD_COST);
    const [admin] = await app().db.insert(adminUsers).values({ email, passwordHash }).returning();
    const res = await call(app(), {
      method: 'POST',
      url: '/admin_users/tokens/sign_in',
      payload: { email, password: 'password123' },
    });
    expect(res.statusCode).toBe(200);
    const [after] = await app().db.select().from(adminUsers).where(eq(adminUsers.id, admin.id));
    expect(needsRehash(after.passwordHash)).toBe(false);
  });
});
