/**
 * `npm run seed:demo -- --teachers 2000 --students 5000 [--months 6] [--seed 2025]`: fills the
 * configured database (PGlite in DATA_DIR, or DATABASE_URL) with demo teachers, students, schedules
 * and requests spread over the last months. Stop the server first when it uses the same PGlite folder.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedReferenceData } from '../db/seed';
import { seedDemo } from '../lib/admin-demo-data';

const { values } = parseArgs({
  options: {
    teachers: { type: 'string', default: '1000' },
    students: { type: 'string', default: '3000' },
    months: { type: 'string', default: '6' },
    seed: { type: 'string', default: '2025' },
  },
});
const count = (name: string, value: string | undefined) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number, 0 or more`);
    process.exit(1);
  }
  return n;
};

const config = loadConfig();
const started = Date.now();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  timeouts: { connect: config.timeouts.dbConnect, statement: config.timeouts.dbStatement },
});
try {
  await seedReferenceData(database.db);
  const result = await seedDemo(database.db, {
    teachers: count('teachers', values.teachers),
    students: count('students', values.students),
    months: Math.max(1, count('months', values.months)),
    seed: count('seed', values.seed),
    uploadsDir: config.uploadsDir,
    onProgress: (m) => console.log(`  ${m}`),
  });
  console.log(
    `Seeded ${result.teachers} teachers, ${result.students} students and ${result.requests} requests into ${
      database.kind === 'postgres' ? 'PostgreSQL' : `PGlite (${config.dataDir})`
    } in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} finally {
  await database.close();
}
