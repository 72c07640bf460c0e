import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { insertTeacher } from '../server/fixtures/admin-teachers';
import { freshDatabase, postgresCluster } from './support';

/**
 * The stored teacher records (migration 0029) under concurrent writers on PostgreSQL, where two
 * transactions can change the same teacher at once (the embedded database runs one at a time; its
 * side is tests/server/teacher-records.test.ts). A transaction whose refresh waits for another's must
 * build the record from what that one committed, or the record stored last would miss its change.
 */
it('a stored teacher record written by two concurrent transactions holds both changes', async () => {
  const cluster = process.env.TEST_DATABASE_URL ? null : postgresCluster();
  const dataDir = mkdtempSync(join(tmpdir(), 'records-pg-'));
  try {
    const database = await freshDatabase(process.env.TEST_DATABASE_URL || (await cluster!.init()));
    const opened = await openDatabase({ databaseUrl: database.url, dataDir });
    const clients = [0, 1, 2].map(() => new pg.Client({ connectionString: database.url }));
    try {
      const teacher = await insertTeacher(opened.db, { name: 'Before' });
      const id = teacher.id;
      const [first, second, watcher] = clients as [pg.Client, pg.Client, pg.Client];
      for (const client of clients) await client.connect();
      const stored = async () =>
        (await watcher.query('SELECT record FROM teacher_record_cache WHERE teacher_id = $1', [id])).rows[0]
          ?.record as string;
      const built = async () =>
        (await watcher.query('SELECT record FROM teacher_records_build(ARRAY[$1::int])', [id])).rows[0]
          ?.record as string;

      // The first renames the teacher and stays open; the second adds a day to the schedule, so its
      // refresh waits for the first's lock.
      await first.query('BEGIN');
      await first.query(`UPDATE teachers SET name = 'After' WHERE id = $1`, [id]);
      await second.query('BEGIN');
      const adding = second.query('INSERT INTO teacher_schedules (teacher_id, week_day) VALUES ($1, 4)', [
        id,
      ]);
      // Until the second is seen waiting for the lock (a condition, not a time).
      for (;;) {
        const waiting = await watcher.query(
          `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND classid = 4029`,
        );
        if (waiting.rowCount) break;
      }
      expect(JSON.parse(await stored()).name).toBe('Before');
      await first.query('COMMIT');
      await adding;
      // Committed by the first only: its record, with the new name and no schedule.
      expect(JSON.parse(await stored())).toMatchObject({ name: 'After', teacher_schedules: [] });
      await second.query('COMMIT');
      const record = JSON.parse(await stored());
      expect(record.name).toBe('After');
      expect(record.teacher_schedules.map((s: { week_day: number }) => s.week_day)).toEqual([4]);
      expect(await stored()).toBe(await built());

      // Many writers at once, each changing another part of the same teacher: the stored record is
      // the one the tables give once all have committed.
      const writers = [
        `UPDATE teachers SET address = 'Gariahat' WHERE id = ${id}`,
        `INSERT INTO teacher_schedules (teacher_id, week_day) VALUES (${id}, 1)`,
        `UPDATE teachers SET is_active = false WHERE id = ${id}`,
        `INSERT INTO teacher_educational_qualifications (teacher_id, degree_name, year_of_passing, school_name, college_name, university_name) VALUES (${id}, 'B.Sc.', '2010', '', 'Presidency', 'CU')`,
        `INSERT INTO time_slots (teacher_schedule_id, time_of_day) SELECT id, 'morning' FROM teacher_schedules WHERE teacher_id = ${id} AND week_day = 4`,
      ];
      const pool = new pg.Pool({ connectionString: database.url, max: writers.length });
      try {
        await Promise.all(
          writers.map(async (statement) => {
            const client = await pool.connect();
            try {
              await client.query('BEGIN');
              await client.query(statement);
              await client.query('COMMIT');
            } finally {
              client.release();
            }
          }),
        );
      } finally {
        await pool.end();
      }
      expect(await stored()).toBe(await built());
      expect(JSON.parse(await stored())).toMatchObject({ address: 'Gariahat', is_active: false });
    } finally {
      for (const client of clients) await client.end().catch(() => undefined);
      await opened.close();
      await database.drop();
    }
  } finally {
    cluster?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
