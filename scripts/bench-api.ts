/**
 * `npm run bench:api`: API throughput and head-of-line blocking on the loopback interface, bounded in
 * time (a few minutes per database). Not a test: it prints figures with the budgets beside them,
 * each with PASS or FAIL.
 *
 * For PGlite and PostgreSQL (when DATABASE_URL is set; a scratch database on that server): seeds
 * BENCH_TEACHERS demo teachers (default 10,000), starts the real server in a child process
 * (scripts/bench-server.ts, shared with `npm run bench:load`), then with autocannon:
 * - throughput at 50 connections of matching, the admin teacher list and sign-in, each as a ratio
 *   to a trivial route that reads one row (GET /api/v1/subjects/1) measured just before it;
 * - head-of-line blocking: the trivial route at one connection alone, then while matching is
 *   flooded at 50 connections;
 * - beside each throughput figure, the CPU time per request of the server process, of PostgreSQL's
 *   processes and of this client (read from /proc), which says where a ratio comes from.
 * - sign-in against the password hash's bound: derivations per second with the server's cost and
 *   the server's concurrency (one per core at a time), measured here right before and right after
 *   each sign-in window.
 * The machine is shared and its load moves by the second, so every figure is taken in BENCH_ROUNDS
 * rounds (default 3), the reference interleaved with what it is compared to, and the verdict is on
 * the median of the rounds' ratios (head-of-line: on the p99s of all rounds' samples together, the
 * per-round ratios printed beside).
 *
 * Options (environment): BENCH_SECONDS (per window, default 5; sign-in gets twice that), BENCH_ROUNDS, BENCH_TEACHERS,
 * BENCH_DB (pglite, postgres or both; default: both, PostgreSQL only with DATABASE_URL).
 */
import { scrypt } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { PASSWORD_COST } from '../server/lib/password';
import { adminToken, json, PASSWORD, startBenchServer } from './bench-server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const TEACHERS = Number(process.env.BENCH_TEACHERS ?? 10_000);
const DB = process.env.BENCH_DB ?? 'both';
const CONNECTIONS = 50;
/** Each sign-in derives one key with the server's password cost (server/lib/password.ts). */
const SCRYPT = `scrypt N=${PASSWORD_COST.N}, r=${PASSWORD_COST.r}, p=${PASSWORD_COST.p}`;
const CORES = cpus().length;
/** Derivations the server runs at once (server/lib/password.ts: one per core). */
const HASHING_AT_ONCE = Math.max(1, availableParallelism());

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const percentile = (xs: number[], p: number) => {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number;
};
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/** Fields of /proc/<pid>/stat after the command name (field 3 onwards), or [] when unreadable. */
function statFields(pid: number | string): string[] {
  try {
    return (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
  } catch {
    return [];
  }
}
const ticks = (fields: string[], ...at: number[]) =>
  (at.reduce((sum, i) => sum + Number(fields[i] ?? 0), 0) * 1000) / 100;
/** CPU time (user + system) of a process so far, ms; 0 when it cannot be read (not Linux). */
const cpuMs = (pid: number | string): number => ticks(statFields(pid), 11, 12);
/** The parent process of `pid` (0 when unknown). */
const parentOf = (pid: number | string) => Number(statFields(pid)[1] ?? 0);
/** The PostgreSQL server's main process (when it runs on this machine), whose children do the work. */
let postmaster = 0;
/**
 * CPU time of that PostgreSQL server's processes so far, ms: the postmaster's own, its live
 * children's, and that of its children that have exited (the kernel adds a child's time to its
 * parent's cutime and cstime when the parent reaps it). Without the last part a connection that
 * closed during a window (the pool drops idle ones) took its CPU time out of the sum, and the
 * window's figure could come out negative.
 */
function postgresCpuMs(): number {
  if (!postmaster) return 0;
  let total = ticks(statFields(postmaster), 11, 12, 13, 14);
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const fields = statFields(pid);
    if (Number(fields[1]) === postmaster) total += ticks(fields, 11, 12);
  }
  return total;
}

interface Figures {
  rps: number;
  /** CPU per answered request, ms: the server process, PostgreSQL's processes, this client. */
  cpu: { server: number; postgres: number; client: number };
  p50: number;
  p99: number;
  failed: number;
  /** Every answer's time, ms (pooled across rounds for the head-of-line figure). */
  latencies: number[];
}

type Target = autocannon.Options & { path: string };

/** One request of `target`, awaited (after a window: it queues behind what the window left behind). */
const once = (base: string, { path, method, headers, body }: Target) =>
  fetch(`${base}${path}`, { method: method ?? 'GET', headers, body }).then(
    (res) => res.arrayBuffer(),
    () => undefined,
  );

async function measure(base: string, target: Target, seconds = SECONDS, pid = 0): Promise<Figures> {
  // autocannon takes the path as part of the URL (a separate `path` option is ignored).
  const { path, ...rest } = target;
  const latencies: number[] = [];
  // A request is never abandoned for being slow (autocannon's 10 s): the server would go on working
  // for it while the new one waits, and a loaded machine would then measure only that waste.
  const run = autocannon({
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 120,
    ...rest,
    url: `${base}${path}`,
  });
  run.on('response', (_client, _status, _bytes, time) => latencies.push(time));
  const before = { server: cpuMs(pid), postgres: postgresCpuMs(), client: process.cpuUsage() };
  const result = await run;
  const n = Math.max(result.requests.total, 1);
  const client = process.cpuUsage(before.client);
  const cpu = {
    server: (cpuMs(pid) - before.server) / n,
    postgres: (postgresCpuMs() - before.postgres) / n,
    client: (client.user + client.system) / 1000 / n,
  };
  // The server still works through the requests autocannon abandoned at the end of the window:
  // the next window starts once they are done, so it does not pay for this one.
  await once(base, target);
  return {
    rps: result.requests.total / seconds,
    cpu,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failed: result.errors + result.timeouts + result.non2xx,
    latencies,
  };
}

/**
 * Derivations per second with the server's cost and the server's concurrency (HASHING_AT_ONCE at a
 * time in Node's thread pool, as server/lib/password.ts runs them), measured now: what the cores this
 * machine gives right now can hash, the most sign-ins per second could reach.
 */
async function scryptRate(): Promise<number> {
  const each = 3;
  const derive = () =>
    new Promise<void>((resolve, reject) =>
      scrypt('password123', 'bench-salt-16byt', 64, { ...PASSWORD_COST, maxmem: 64 * 1024 * 1024 }, (err) =>
        err ? reject(err) : resolve(),
      ),
    );
  const t = performance.now();
  await Promise.all(
    Array.from({ length: HASHING_AT_ONCE }, async () => {
      for (let i = 0; i < each; i++) await derive();
    }),
  );
  return (HASHING_AT_ONCE * each * 1000) / (performance.now() - t);
}

async function benchmark(usePostgres: boolean) {
  const label = usePostgres ? 'PostgreSQL' : 'PGlite';
  console.log(`\n${label}: seeding ${TEACHERS} demo teachers and starting the server...`);
  const server = await startBenchServer({ teachers: TEACHERS, students: 2000, usePostgres });
  const { base, pid } = server;
  postmaster = 0;
  if (usePostgres)
    try {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      const backend = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0]?.pid as number;
      postmaster = parentOf(backend);
      await client.end();
    } catch {
      // Not on this machine: no database CPU figure.
    }
  try {
    const admin = await adminToken(base);
    // An open request the matching statement runs for: one asking only for online teaching is
    // answered without a query while online teaching is unavailable, which would measure nothing.
    const list = await json(`${base}/api/v1/teacher_student_requests?limit=50&sent=false`, { token: admin });
    const requests = (list.body?.data ?? []) as {
      id: number;
      mode_of_teaching: string;
      subject_ids?: unknown;
    }[];
    const chosen = requests.find((r) => r.mode_of_teaching !== 'online');
    if (!chosen) throw new Error('no student request seeded that asks for offline teaching');
    const requestId = chosen.id;
    console.log(
      `  matching against request ${requestId}: mode ${chosen.mode_of_teaching}, subjects ${JSON.stringify(chosen.subject_ids)}`,
    );
    const email = `bench.signin.${Date.now()}@example.com`;
    await json(`${base}/api/v1/users`, {
      method: 'POST',
      body: JSON.stringify({ email, password: PASSWORD, user_role_id: 2 }),
    });
    const auth = { authorization: `Bearer ${admin}` };
    const trivial: Target = { path: '/api/v1/subjects/1' };
    const matching: Target = {
      path: `/api/v1/teacher_student_requests/${requestId}/matching_teachers`,
      headers: auth,
    };
    const adminList: Target = { path: '/api/v1/teachers?page=1&limit=20', headers: auth };
    const signIn: Target = {
      method: 'POST',
      path: '/users/tokens/sign_in',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    };
    // Each route answers 2xx once before it is measured (a wrong set-up would measure error pages).
    for (const target of [trivial, matching, adminList, signIn]) {
      const res = await fetch(`${base}${target.path}`, {
        method: target.method ?? 'GET',
        headers: target.headers,
        body: target.body,
      });
      if (!res.ok) throw new Error(`${target.path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    }
    const loadStart = load();

    const routes = [
      { name: 'GET matching_teachers', target: matching, budget: 0.3 },
      { name: 'GET /api/v1/teachers (admin list, 20)', target: adminList, budget: 0.4 },
      { name: 'POST /users/tokens/sign_in', target: signIn },
    ];
    const figures = routes.map(() => ({
      route: [] as Figures[],
      reference: [] as Figures[],
      bound: [] as number[],
    }));
    const alone: Figures[] = [];
    const beside: Figures[] = [];
    const floods: Figures[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      process.stdout.write(`  round ${round}/${ROUNDS} (load ${load()})\n`);
      for (const [i, route] of routes.entries()) {
        const slot = figures[i] as (typeof figures)[number];
        slot.reference.push(await measure(base, trivial, SECONDS, pid));
        // The hash bound is measured right before and right after the sign-in window (the machine's
        // load moves): the mean of the two rates.
        const hashBefore = route.target === signIn ? await scryptRate() : 0;
        slot.route.push(
          await measure(base, route.target, route.target === signIn ? 2 * SECONDS : SECONDS, pid),
        );
        if (route.target === signIn) slot.bound.push((hashBefore + (await scryptRate())) / 2);
      }
      // Head-of-line: one person's trivial request alone, then while matching is flooded (the flood
      // starts first and outlasts the measurement, so every trivial request meets it).
      alone.push(await measure(base, { ...trivial, connections: 1 }));
      const flood = measure(base, matching, SECONDS + 1);
      await new Promise((r) => setTimeout(r, 500));
      beside.push(await measure(base, { ...trivial, connections: 1 }));
      floods.push(await flood);
    }

    console.log(
      `\n${label}, ${TEACHERS} teachers, loopback, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s windows; load average ${loadStart} at start, ${load()} at end (${CORES} cores)\n`,
    );
    console.log(
      '| Route | req/s (median) | p50 / p99 ms (median) | CPU ms per request: server + database + client (median) | trivial req/s just before (median) | ratio per round | ratio (median) | budget |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    // Where each request's CPU goes (the 2 cores are shared by all three): the server process, the
    // database's processes (PostgreSQL only; PGlite runs inside the server) and autocannon.
    const cpuOf = (list: Figures[]) => {
      const at = (key: keyof Figures['cpu']) => median(list.map((f) => f.cpu[key])).toFixed(2);
      return `${at('server')} + ${usePostgres ? at('postgres') : '-'} + ${at('client')}`;
    };
    for (const [i, route] of routes.entries()) {
      const slot = figures[i] as (typeof figures)[number];
      const ratios = slot.route.map((f, r) => f.rps / Math.max((slot.reference[r] as Figures).rps, 1e-9));
      const ratio = median(ratios);
      const failed = slot.route.reduce((n, f) => n + f.failed, 0);
      let budget: string;
      if (route.budget !== undefined)
        budget = usePostgres
          ? `>= ${route.budget}: ${verdict(ratio >= route.budget)}`
          : `>= ${route.budget} on PostgreSQL (not judged on PGlite)`;
      else {
        // The hash bounds sign-in: one derivation per request, at most one per core at a time.
        const ofBound = median(slot.route.map((f, r) => f.rps / (slot.bound[r] as number)));
        const bound = median(slot.bound);
        budget = `${SCRYPT}: ${bound.toFixed(1)} hashes/s in this run at the server's ${HASHING_AT_ONCE} at a time on ${CORES} cores (${((HASHING_AT_ONCE * 1000) / bound).toFixed(0)} ms each), so at most ${bound.toFixed(1)} sign-ins/s; sign-in reached ${(100 * ofBound).toFixed(0)}% of that (per round: ${slot.route.map((f, r) => `${((100 * f.rps) / (slot.bound[r] as number)).toFixed(0)}%`).join(', ')}): ${verdict(ofBound >= 0.5)} (bounded by the hash when >= 50%)`;
      }
      if (i === 0)
        console.log(
          `| trivial GET /api/v1/subjects/1 (all reference windows) | ${median(figures.flatMap((f) => f.reference).map((f) => f.rps)).toFixed(1)} | | ${cpuOf(figures.flatMap((f) => f.reference))} | | | | |`,
        );
      console.log(
        `| ${route.name} | ${median(slot.route.map((f) => f.rps)).toFixed(1)} | ${median(slot.route.map((f) => f.p50)).toFixed(0)} / ${median(slot.route.map((f) => f.p99)).toFixed(0)}${failed ? ` (${failed} failed)` : ''} | ${cpuOf(slot.route)} | ${median(slot.reference.map((f) => f.rps)).toFixed(1)} | ${ratios.map((r) => r.toFixed(2)).join(', ')} | **${ratio.toFixed(2)}** | ${budget} |`,
      );
    }

    const pooledAlone = alone.flatMap((f) => f.latencies);
    const pooledBeside = beside.flatMap((f) => f.latencies);
    const aloneP99 = percentile(pooledAlone, 99);
    const besideP99 = percentile(pooledBeside, 99);
    const ratio = besideP99 / aloneP99;
    const perRound = beside.map((f, r) => (f.p99 / (alone[r] as Figures).p99).toFixed(1)).join(', ');
    const ok = pooledBeside.length > 0 && pooledAlone.length > 0 && ratio <= 3;
    console.log(
      `\nHead-of-line (${label}): trivial route at 1 connection, p50 / p99 ${percentile(pooledAlone, 50).toFixed(1)} / ${aloneP99.toFixed(1)} ms alone (${pooledAlone.length} requests); ${percentile(pooledBeside, 50).toFixed(1)} / ${besideP99.toFixed(1)} ms while matching is flooded at ${CONNECTIONS} connections (${pooledBeside.length} requests; the flood ${median(floods.map((f) => f.rps)).toFixed(1)} req/s, p99 ${median(floods.map((f) => f.p99)).toFixed(0)} ms). p99 beside / alone: x${ratio.toFixed(2)} (per round: x${perRound}); budget <= 3${usePostgres ? ' on the embedded database (not judged on PostgreSQL)' : `: ${verdict(ok)}`}`,
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
  25 * 60 * 1000,
);
hardStop.unref();

if (DB !== 'postgres') await benchmark(false);
if (DB !== 'pglite') {
  if (process.env.DATABASE_URL) await benchmark(true);
  else console.log('\n(Set DATABASE_URL to a PostgreSQL server to measure PostgreSQL too.)');
}
process.exit(0);
