import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freshDatabase, postgresCluster, startChild, tempDir } from './support';

/**
 * A server process is killed with SIGKILL in the middle of a burst of writes (sign-ups), then
 * started again on the same data: every write acknowledged (201) before the kill must be there.
 */
const ROUNDS_PGLITE = Number(process.env.CRASH_ROUNDS_PGLITE ?? 5);
const ROUNDS_POSTGRES = Number(process.env.CRASH_ROUNDS_POSTGRES ?? 3);
const ACKED_BEFORE_KILL = 25;
const CONCURRENCY = 6;

async function crashRounds(rounds: number, env: Record<string, string>) {
  const acknowledged: string[] = [];
  let server = await startChild(env);
  for (let round = 0; round < rounds; round++) {
    let stop = false;
    let ackedThisRound = 0;
    let killed: Promise<void> | undefined;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const email = `r${round}.w${w}.${i}.${Date.now()}@example.com`;
        try {
          const res = await fetch(`${server.url}/api/v1/users`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: 'password123', user_role_id: 2 }),
          });
          if (res.status === 201) {
            acknowledged.push(email);
            if (++ackedThisRound >= ACKED_BEFORE_KILL && !killed) {
              stop = true;
              killed = server.kill('SIGKILL');
            }
          }
        } catch {
          // The connection died with the process: not acknowledged, nothing promised.
          stop = true;
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
    await (killed ?? server.kill('SIGKILL'));
    server = await startChild(env);
    // Every acknowledged account exists: signing up again with its email is refused as taken.
    const missing: string[] = [];
    for (const email of acknowledged) {
      const res = await fetch(`${server.url}/api/v1/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'password123', user_role_id: 2 }),
      });
      if (res.status !== 409) missing.push(`${email} (${res.status})`);
    }
    expect(missing, `round ${round + 1}: acknowledged writes lost`).toEqual([]);
  }
  await server.kill('SIGTERM');
  return acknowledged.length;
}

describe('crash: SIGKILL during a burst of writes loses no acknowledged write', () => {
  it(`on PGlite (${ROUNDS_PGLITE} rounds)`, async () => {
    const dataDir = tempDir('reliability-pglite-');
    try {
      const acked = await crashRounds(ROUNDS_PGLITE, { DATA_DIR: dataDir });
      expect(acked).toBeGreaterThanOrEqual(ROUNDS_PGLITE * ACKED_BEFORE_KILL);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  // On TEST_DATABASE_URL's server when given (CI), otherwise on a throwaway cluster started here.
  it(`on PostgreSQL (${ROUNDS_POSTGRES} rounds)`, async () => {
    const cluster = process.env.TEST_DATABASE_URL ? null : postgresCluster();
    const dataDir = tempDir('reliability-pg-data-');
    try {
      const db = await freshDatabase(process.env.TEST_DATABASE_URL || (await cluster!.init()));
      try {
        const acked = await crashRounds(ROUNDS_POSTGRES, { DATA_DIR: dataDir, DATABASE_URL: db.url });
        expect(acked).toBeGreaterThanOrEqual(ROUNDS_POSTGRES * ACKED_BEFORE_KILL);
      } finally {
        await db.drop();
      }
    } finally {
      cluster?.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
