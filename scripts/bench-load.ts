/**
 * `npm run bench:load`: load on the loopback interface only, bounded in time. Starts the server in a
 * child process on 127.0.0.1 (PGlite in a temporary folder, or the PostgreSQL of DATABASE_URL, into
 * a fresh database), seeds demo data, then runs autocannon against a trivial route (/healthz),
 * sign-in, matching and the admin teacher list, and a concurrent onboarding of 200 users (sign-up +
 * sign-in). Prints requests/s, p50/p99 latency, errors, the server's memory, and each route's
 * throughput as a fraction of the trivial route's in the same run.
 *
 * Options (environment): BENCH_SECONDS (per route, default 5), BENCH_CONNECTIONS (default 10),
 * BENCH_TEACHERS (default 300), DATABASE_URL (PostgreSQL server to create a scratch database on).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const root = resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TEACHERS = Number(process.env.BENCH_TEACHERS ?? 300);
const ONBOARDING_USERS = 200;
const PASSWORD = 'password123';

const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

async function json(url: string, init: RequestInit & { token?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(url, { ...init, headers: { ...headers, ...(init.headers as object) } });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, any> };
}

interface Row {
  route: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  rssMb: number;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-load-'));
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
  };
  if (process.env.DATABASE_URL) {
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

  console.log(`Seeding ${TEACHERS} demo teachers (${kind})...`);
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'server/cli/seed-demo.ts'),
      '--teachers',
      String(TEACHERS),
      '--students',
      String(TEACHERS),
    ],
    { cwd: root, env, stdio: 'ignore' },
  );

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('server exited during start-up');
      if (
        await fetch(`${base}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const pid = child.pid as number;

    // Accounts: an administrator, and a student with a request to match against.
    const adminEmail = `bench.admin.${Date.now()}@example.com`;
    await json(`${base}/admin_users`, {
      method: 'POST',
      body: JSON.stringify({ email: adminEmail, password: PASSWORD }),
    });
    const adminToken = (
      await json(`${base}/admin_users/tokens/sign_in`, {
        method: 'POST',
        body: JSON.stringify({ email: adminEmail, password: PASSWORD }),
      })
    ).body.token as string;
    const requests = await json(`${base}/api/v1/teacher_student_requests?limit=1`, { token: adminToken });
    const requestId = requests.body?.data?.[0]?.id as number | undefined;
    const userEmail = `bench.user.${Date.now()}@example.com`;
    await json(`${base}/api/v1/users`, {
      method: 'POST',
      body: JSON.stringify({ email: userEmail, password: PASSWORD, user_role_id: 2 }),
    });

    const rows: Row[] = [];
    const run = async (route: string, { path, ...opts }: autocannon.Options & { path: string }) => {
      const result = await autocannon({
        url: `${base}${path}`,
        connections: CONNECTIONS,
        duration: SECONDS,
        ...opts,
      });
      rows.push({
        route,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        rssMb: rssMb(pid),
      });
      await fetch(`${base}/healthz`);
    };
    // Cheap routes first; sign-in (a deliberately slow password hash) last, so its queue does not
    // spill into the others. Between routes the server drains what autocannon left in flight.
    await run('GET /healthz (trivial)', { path: '/healthz' });
    if (requestId)
      await run('GET matching_teachers', {
        path: `/api/v1/teacher_student_requests/${requestId}/matching_teachers`,
        headers: { authorization: `Bearer ${adminToken}` },
      });
    await run('GET /api/v1/teachers (admin list)', {
      path: '/api/v1/teachers?page=1&limit=20',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    await run('POST /users/tokens/sign_in', {
      path: '/users/tokens/sign_in',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: userEmail, password: PASSWORD }),
    });

    // 200 people onboarding at once: sign up, then sign in.
    const started = Date.now();
    let failures = 0;
    const statuses: Record<string, number> = {};
    await Promise.all(
      Array.from({ length: ONBOARDING_USERS }, async (_, i) => {
        const email = `bench.onboard.${started}.${i}@example.com`;
        const up = await json(`${base}/api/v1/users`, {
          method: 'POST',
          body: JSON.stringify({ email, password: PASSWORD, user_role_id: i % 2 ? 1 : 2 }),
        }).catch(() => ({ status: 0 }));
        const inn = await json(`${base}/users/tokens/sign_in`, {
          method: 'POST',
          body: JSON.stringify({ email, password: PASSWORD }),
        }).catch(() => ({ status: 0 }));
        if (up.status !== 201 || inn.status !== 200) {
          failures++;
          const key = `${up.status}/${inn.status}`;
          statuses[key] = (statuses[key] ?? 0) + 1;
        }
      }),
    );
    const onboardingSeconds = (Date.now() - started) / 1000;

    const trivial = rows[0].rps || 1;
    console.log(
      `\nLoad on ${kind}, loopback, ${CONNECTIONS} connections, ${SECONDS} s per route; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n`,
    );
    console.log('| Route | req/s | p50 ms | p99 ms | errors | non-2xx | server RSS MB | vs trivial |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const r of rows)
      console.log(
        `| ${r.route} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${r.rssMb} | ${(r.rps / trivial).toFixed(3)} |`,
      );
    console.log(
      `\nOnboarding ${ONBOARDING_USERS} users at once (sign-up + sign-in): ${onboardingSeconds.toFixed(1)} s, ${failures} failed${
        failures ? ` (sign-up/sign-in statuses: ${JSON.stringify(statuses)})` : ''
      }, server RSS ${rssMb(pid)} MB`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await dropDb?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
