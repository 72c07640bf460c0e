import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, postgresCluster, startChild, tempDir } from './support';

/**
 * PostgreSQL is stopped and started again while requests flow: the API answers 503 with
 * Retry-After during the outage and serves again afterwards, without a restart. Two server
 * processes on one PostgreSQL share rate limits and session revocation.
 */
// The test stops and starts the database itself, so it always uses a throwaway cluster of its own.
describe('PostgreSQL outage and two processes', () => {
  let cluster: ReturnType<typeof postgresCluster> | undefined;
  let url = '';
  let a: ChildServer | undefined;
  let b: ChildServer | undefined;
  const dataDir = tempDir('reliability-outage-');
  beforeAll(async () => {
    cluster = postgresCluster();
    url = await cluster.init();
    a = await startChild({
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      DB_CONNECT_TIMEOUT_MS: '2000',
      DB_STATEMENT_TIMEOUT_MS: '2000',
    });
    b = await startChild({ DATA_DIR: dataDir, DATABASE_URL: url, SIGN_UP_RATE_PER_HOUR: '4' });
  }, 120_000);
  afterAll(async () => {
    await a?.kill('SIGKILL');
    await b?.kill('SIGKILL');
    cluster?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const subjects = () => fetch(`${a!.url}/api/v1/subjects`);
  /** The status of /api/v1/subjects once it answers 200, asking every 200 ms up to 50 times. */
  const recovered = async () => {
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await subjects()).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    return status;
  };

  it('answers 503 with Retry-After while the database is down, and recovers by itself', async () => {
    expect((await subjects()).status).toBe(200);
    // Requests keep flowing through the outage: each answers 200 or 503, never 500, never hangs.
    const seen: number[] = [];
    let flowing = true;
    const flow = (async () => {
      while (flowing) seen.push((await subjects()).status);
    })();
    cluster!.stop('immediate');
    const during = await subjects();
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).toBe('5');
    expect(await during.json()).toEqual({
      error: 'service_unavailable',
      message: 'The service is briefly unavailable. Please try again in a moment.',
      message_key: 'http.serviceUnavailable',
    });
    expect((await fetch(`${a!.url}/readyz`)).status).toBe(503);
    expect((await fetch(`${a!.url}/healthz`)).status).toBe(200);
    cluster!.start();
    expect(await recovered()).toBe(200);
    expect((await fetch(`${a!.url}/readyz`)).status).toBe(200);
    flowing = false;
    await flow;
    expect(seen).toContain(503);
    expect(seen.filter((code) => code !== 200 && code !== 503)).toEqual([]);
  });

  // A safety bound only: without the database time-outs the request below never answers.
  it('answers 503 instead of hanging while the database is frozen, and recovers when it thaws', {
    timeout: 120_000,
  }, async () => {
    expect((await subjects()).status).toBe(200);
    cluster!.freeze();
    try {
      // Requests flowing while it is frozen: a pooled connection gets no answer (query time-out), a
      // new one cannot be opened (connection time-out). Every one answers 503, none hangs.
      const during = await Promise.all(Array.from({ length: 12 }, () => subjects()));
      for (const res of during) {
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('5');
      }
      expect((await fetch(`${a!.url}/readyz`)).status).toBe(503);
    } finally {
      cluster!.thaw();
    }
    expect(await recovered()).toBe(200);
  });

  it('two processes share the sign-up limit and session revocation', async () => {
    // b allows 4 sign-ups per address per hour; the ones a accepted count too.
    const signUp = (server: ChildServer, email: string) =>
      fetch(`${server.url}/api/v1/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'password123', user_role_id: 2 }),
      });
    const stamp = Date.now();
    for (let i = 0; i < 4; i++) expect((await signUp(a!, `two.${stamp}.${i}@example.com`)).status).toBe(201);
    expect((await signUp(b!, `two.${stamp}.x@example.com`)).status).toBe(429);

    const signIn = await fetch(`${a!.url}/users/tokens/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `two.${stamp}.0@example.com`, password: 'password123' }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const info = (server: ChildServer) =>
      fetch(`${server.url}/users/tokens/info`, { headers: { authorization: `Bearer ${token}` } });
    expect((await info(b!)).status).toBe(200);
    const revoke = await fetch(`${a!.url}/users/tokens/revoke`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoke.status).toBe(200);
    expect((await info(b!)).status).toBe(401);
  });
});
