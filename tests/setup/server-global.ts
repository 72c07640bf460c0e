import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite data directory; empty when the tests run on PostgreSQL. */
    pgliteTemplate: string;
  }
}

/**
 * Once per run of the server project: create one PGlite database, run every migration, and dump its
 * data directory. Each test app then starts from that dump (tests/server/helper.ts) instead of
 * initialising and migrating its own database, the slowest part of a server test file. This is the
 * run's migration from scratch: a migration that fails fails the server project here.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'tutors-pglite-template-'));
  const database = await openDatabase({ dataDir: dir, inMemory: true });
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
