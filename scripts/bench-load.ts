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
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { json, PASSWORD, rssMb, adminToken as signInAdmin, startBenchServer } from './bench-server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TEACHERS = Number(process.env.BENCH_TEACHERS ?? 300);
const ONBOARDING_USERS = 200;

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
  const usePostgres = Boolean(process.env.DATABASE_URL);
  console.log(`Seeding ${TEACHERS} demo teachers (${usePostgres ? 'PostgreSQL' : 'PGlite'})...`);
  const server = await startBenchServer({ teachers: TEACHERS, usePostgres });
  const { base, pid, kind } = server;
  try {
    // Accounts: an administrator, and a student with a request to match against.
    const adminToken = await signInAdmin(base);
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
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
