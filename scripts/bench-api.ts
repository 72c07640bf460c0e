/**
 * `npm run bench:api`: API throughput and head-of-line blocking on the loopback interface, bounded in
 * time (about a minute per database). Not a test: it prints figures with the budgets beside them.
 *
 * For PGlite (always) and PostgreSQL (when DATABASE_URL is set; a scratch database on that server):
 * seeds BENCH_TEACHERS demo teachers (default 10,000), starts the real server in a child process
 * (scripts/bench-server.ts, shared with `npm run bench:load`), then with autocannon:
 * - throughput at 50 connections of a trivial route that reads one row (GET /api/v1/subjects/1),
 *   matching, the admin teacher list and sign-in, each as a ratio to the trivial route's;
 * - head-of-line blocking: the trivial route's p99 at one connection, alone and then while matching
 *   is flooded at 50 connections.
 *
 * Options (environment): BENCH_SECONDS (per measurement, default 5), BENCH_TEACHERS.
 */
import { scryptSync } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { adminToken, json, PASSWORD, startBenchServer } from './bench-server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TEACHERS = Number(process.env.BENCH_TEACHERS ?? 10_000);
const CONNECTIONS = 50;
/** scrypt cost of server/lib/password.ts: each sign-in derives one key with these parameters. */
const SCRYPT = 'scrypt N=16384, r=8, p=1';

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  /** Requests that completed in the window (0: the figures above say nothing). */
  completed: number;
}

async function measure(base: string, options: autocannon.Options & { path: string }): Promise<Figures> {
  // autocannon takes the path as part of the URL (a separate `path` option is ignored).
  const { path, ...rest } = options;
  const result = await autocannon({
    connections: CONNECTIONS,
    duration: SECONDS,
    ...rest,
    url: `${base}${path}`,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.errors + result.timeouts + result.non2xx,
    completed: result.requests.total,
  };
}

/** Median time of one scrypt derivation with the server's cost, measured now (same machine load). */
function scryptMs(): number {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    scryptSync('password123', 'bench-salt-16byt', 64, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[2];
}

async function benchmark(usePostgres: boolean) {
  const label = usePostgres ? 'PostgreSQL' : 'PGlite';
  console.log(`\n${label}: seeding ${TEACHERS} demo teachers and starting the server...`);
  const server = await startBenchServer({ teachers: TEACHERS, students: 2000, usePostgres });
  const { base } = server;
  try {
    const admin = await adminToken(base);
    const list = await json(`${base}/api/v1/teacher_student_requests?limit=1&sent=false`, { token: admin });
    const requestId = list.body?.data?.[0]?.id as number | undefined;
    if (!requestId) throw new Error('no student request seeded to match against');
    const email = `bench.signin.${Date.now()}@example.com`;
    await json(`${base}/api/v1/users`, {
      method: 'POST',
      body: JSON.stringify({ email, password: PASSWORD, user_role_id: 2 }),
    });
    const auth = { authorization: `Bearer ${admin}` };
    const trivialPath = '/api/v1/subjects/1';
    const matching = {
      path: `/api/v1/teacher_student_requests/${requestId}/matching_teachers`,
      headers: auth,
    };
    // Each route answers 2xx once before it is measured (a wrong set-up would measure error pages).
    for (const [path, init] of [
      [trivialPath, {}],
      [matching.path, { headers: auth }],
      ['/api/v1/teachers?page=1&limit=20', { headers: auth }],
    ] as const) {
      const res = await fetch(`${base}${path}`, init);
      if (!res.ok) throw new Error(`${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    }
    const loadStart = load();

    const trivial = await measure(base, { path: trivialPath });
    const match = await measure(base, matching);
    const adminList = await measure(base, { path: '/api/v1/teachers?page=1&limit=20', headers: auth });
    const signIn = await measure(base, {
      method: 'POST',
      path: '/users/tokens/sign_in',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });

    // Head-of-line: one person's trivial request, alone and while matching is flooded.
    const alone = await measure(base, { path: trivialPath, connections: 1 });
    const [flood, beside] = await Promise.all([
      measure(base, matching),
      measure(base, { path: trivialPath, connections: 1 }),
    ]);

    console.log(
      `\n${label}, ${TEACHERS} teachers, loopback, ${CONNECTIONS} connections, ${SECONDS} s each; load average ${loadStart} at start, ${load()} at end (${cpus().length} cores)\n`,
    );
    console.log('| Route | req/s | p50 ms | p99 ms | failed | ratio to trivial | budget |');
    console.log('|---|---|---|---|---|---|---|');
    const row = (name: string, f: Figures, budget: string, ok?: boolean) =>
      console.log(
        `| ${name} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.failed} | ${(f.rps / trivial.rps).toFixed(3)} | ${budget}${ok === undefined ? '' : ok ? ' within' : ' OVER'} |`,
      );
    row('GET /api/v1/subjects/1 (trivial, one row)', trivial, '');
    row(
      'GET matching_teachers',
      match,
      '>= 0.3 (PostgreSQL)',
      usePostgres ? match.rps / trivial.rps >= 0.3 : undefined,
    );
    row(
      'GET /api/v1/teachers (admin list)',
      adminList,
      '>= 0.4 (PostgreSQL)',
      usePostgres ? adminList.rps / trivial.rps >= 0.4 : undefined,
    );
    // The hash bounds sign-in: one scrypt derivation per request, at most one per core at a time.
    const hashMs = scryptMs();
    const bound = (cpus().length * 1000) / hashMs;
    row(
      'POST /users/tokens/sign_in',
      signIn,
      `bounded by ${SCRYPT}: ${hashMs.toFixed(0)} ms a hash now, at most ${bound.toFixed(0)}/s on ${cpus().length} cores; measured ${((100 * signIn.rps) / bound).toFixed(0)}% of that`,
    );
    const ratio = beside.p99 / Math.max(alone.p99, 1);
    // No trivial request completing beside the flood is the worst case, not a zero.
    const verdict =
      beside.completed === 0
        ? 'no trivial request completed in the window: OVER'
        : `p99 x${ratio.toFixed(1)} (budget <= 3: ${ratio <= 3 ? 'within' : 'OVER'})`;
    console.log(
      `\nHead-of-line: trivial route at 1 connection, p50/p99 ${alone.p50}/${alone.p99} ms alone (${alone.completed} requests); ${beside.p50}/${beside.p99} ms while matching is flooded at ${CONNECTIONS} connections (${beside.completed} requests; the flood ${flood.rps.toFixed(0)} req/s, p99 ${flood.p99} ms): ${verdict}`,
    );
  } finally {
    await server.stop();
  }
}

const hardStop = setTimeout(
  () => {
    console.error('bench:api: time limit reached, stopping');
    process.exit(2);
  },
  10 * 60 * 1000,
);
hardStop.unref();

await benchmark(false);
if (process.env.DATABASE_URL) await benchmark(true);
else console.log('\n(Set DATABASE_URL to a PostgreSQL server to measure PostgreSQL too.)');
process.exit(0);
