/**
 * What the load benchmarks share (`npm run bench:load`, `npm run bench:api`): the real server in a
 * child process on 127.0.0.1 (as `npm start` runs it: PGlite in a temporary folder, or a scratch
 * database created on the PostgreSQL server of DATABASE_URL), seeded with demo data first.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

export const root = resolve(import.meta.dirname, '..');
export const PASSWORD = 'password123';

export const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

export const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

export async function json(url: string, init: RequestInit & { token?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(url, { ...init, headers: { ...headers, ...(init.headers as object) } });
  // biome-ignore lint/suspicious/noExplicitAny: benchmark glue reading loosely typed JSON
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, any> };
}

export interface BenchServer {
  base: string;
  pid: number;
  kind: 'PGlite' | 'PostgreSQL';
  stop(): Promise<void>;
}

/**
 * Seeds `teachers` demo teachers (and as many students) and starts the server; `usePostgres` picks
 * the DATABASE_URL server (a fresh database on it, dropped by stop()).
 */
export async function startBenchServer(options: {
  teachers: number;
  students?: number;
  usePostgres: boolean;
  extraEnv?: Record<string, string>;
}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-server-'));
  let dropDb: (() => Promise<void>) | undefined;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    TOKEN_SECRET: 'bench-secret',
    CLIENT_DIR: join(dataDir, 'no-client'),
    SIGN_UP_RATE_PER_HOUR: '100000000',
    SIGN_IN_RATE_PER_MINUTE: '100000000',
    SIGN_IN_RATE_PER_ACCOUNT: '100000000',
    ADMIN_REGISTRATION_OPEN: 'true',
    ...options.extraEnv,
  };
  if (options.usePostgres && process.env.DATABASE_URL) {
    const name = `bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else delete env.DATABASE_URL;
  const kind = env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'server/cli/seed-demo.ts'),
      '--teachers',
      String(options.teachers),
      '--students',
      String(options.students ?? options.teachers),
    ],
    // Bulk inserts of thousands of rows may outlast the server's per-statement time-out.
    { cwd: root, env: { ...env, DB_STATEMENT_TIMEOUT_MS: '600000' }, stdio: 'ignore' },
  );

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await dropDb?.();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error('server exited during start-up');
      if (Date.now() > deadline) throw new Error('server not ready after 120 s');
      if (
        await fetch(`${base}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, pid: child.pid as number, kind, stop };
}

/** An administrator's token (open registration in the bench server's environment). */
export async function adminToken(base: string): Promise<string> {
  const email = `bench.admin.${Date.now()}@example.com`;
  await json(`${base}/admin_users`, { method: 'POST', body: JSON.stringify({ email, password: PASSWORD }) });
  return (
    await json(`${base}/admin_users/tokens/sign_in`, {
      method: 'POST',
      body: JSON.stringify({ email, password: PASSWORD }),
    })
  ).body.token as string;
}
