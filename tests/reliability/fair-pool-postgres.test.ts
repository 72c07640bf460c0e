import { expect, it } from 'vitest';
import { FairPool } from '../../server/db/fair-pool';
import { runInWorkClass } from '../../server/db/work-class';
import { freshDatabase, postgresCluster } from './support';

// On TEST_DATABASE_URL's server when given (CI), otherwise on a throwaway cluster started here.
it('hands PostgreSQL connections out in turns between routes, and a transaction keeps its connection whole', async () => {
  const cluster = process.env.TEST_DATABASE_URL ? null : postgresCluster();
  try {
    const database = await freshDatabase(process.env.TEST_DATABASE_URL || (await cluster!.init()));
    const pool = new FairPool({ connectionString: database.url, max: 2, connectionTimeoutMillis: 60_000 });
    try {
      await pool.query('CREATE TABLE t (id int, label text)');
      // A flood holds both connections: one in a transaction with a row not committed yet.
      const tx = await runInWorkClass('flood', () => pool.connect());
      await tx.query('BEGIN');
      await tx.query(`INSERT INTO t VALUES (1, 'inside')`);
      const held = await runInWorkClass('flood', () => pool.connect());
      const done: string[] = [];
      const flood = Array.from({ length: 5 }, (_, i) =>
        runInWorkClass('flood', () => pool.query('SELECT count(*)::int AS n FROM t')).then((r) => {
          done.push(`flood ${i}`);
          return r.rows[0].n as number;
        }),
      );
      // A quick route asks after the five: first come first served would put it last.
      const quick = runInWorkClass('quick', () => pool.query('SELECT 1 AS one')).then(() =>
        done.push('quick'),
      );
      // The transaction sees its own row on its own connection; nobody else can yet.
      expect((await tx.query('SELECT label FROM t')).rows).toEqual([{ label: 'inside' }]);
      held.release();
      await quick;
      // The first connection to come free went to the class that had none.
      expect(done).toEqual(['quick']);
      await tx.query('COMMIT');
      tx.release();
      // Then the flood's own queries, all of them answered.
      expect((await Promise.all(flood)).every((n) => n === 0 || n === 1)).toBe(true);
      expect(done[0]).toBe('quick');
      expect(done.slice(1).sort()).toEqual(['flood 0', 'flood 1', 'flood 2', 'flood 3', 'flood 4']);
      // Transactions through the pool's own path (drizzle's): one connection from begin to end.
      const client = await runInWorkClass('quick', () => pool.connect());
      await client.query('BEGIN');
      await client.query(`INSERT INTO t VALUES (2, 'rolled back')`);
      await client.query('ROLLBACK');
      client.release();
      expect((await pool.query('SELECT id FROM t ORDER BY id')).rows).toEqual([{ id: 1 }]);
    } finally {
      await pool.end();
      await database.drop();
    }
  } finally {
    cluster?.destroy();
  }
});

it('fails a caller that waits for a connection longer than the connection time-out, as node-postgres does', async () => {
  const cluster = process.env.TEST_DATABASE_URL ? null : postgresCluster();
  try {
    const database = await freshDatabase(process.env.TEST_DATABASE_URL || (await cluster!.init()));
    const pool = new FairPool({ connectionString: database.url, max: 1, connectionTimeoutMillis: 50 });
    try {
      const held = await pool.connect();
      await expect(runInWorkClass('other', () => pool.query('SELECT 1'))).rejects.toThrow(
        'timeout exceeded when trying to connect',
      );
      held.release();
      // The connection that came back is handed out again (the one that gave up took none).
      expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
      await database.drop();
    }
  } finally {
    cluster?.destroy();
  }
});
