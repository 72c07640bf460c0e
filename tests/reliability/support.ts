import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** Limits high enough that a burst from one address is not refused. */
const GENEROUS = {
  SIGN_UP_RATE_PER_HOUR: '1000000',
  SIGN_IN_RATE_PER_MINUTE: '1000000',
  SIGN_IN_RATE_PER_ACCOUNT: '1000000',
  REFRESH_RATE_PER_MINUTE: '1000000',
  UPLOAD_RATE_PER_ACCOUNT_PER_HOUR: '1000000',
  UPLOAD_RATE_PER_ADDRESS_PER_HOUR: '1000000',
};

export interface ChildServer {
  url: string;
  child: ChildProcess;
  output: () => string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `server/main.ts` in a child process on a free loopback port and waits for /readyz. */
export async function startChild(env: Record<string, string>): Promise<ChildServer> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      ...GENEROUS,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CLIENT_DIR: join(tmpdir(), 'no-client-here'),
      TOKEN_SECRET: 'reliability-secret',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start-up:\n${output}`);
    const ok = await fetch(`${url}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    output: () => output,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

export const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

/** Debian's PostgreSQL binaries (the newest version installed), or null. */
export function postgresBinaries(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length ? join(base, versions[versions.length - 1], 'bin') : null;
}

export const MISSING_POSTGRES =
  'needs PostgreSQL: neither TEST_DATABASE_URL nor initdb under /usr/lib/postgresql/*/bin ' +
  '(apt-get install -y postgresql)';

/**
 * A throwaway PostgreSQL cluster this test can stop and start, from Debian's binaries. Throws
 * MISSING_POSTGRES when they are not installed (a test that needs it fails rather than skips).
 */
export function postgresCluster() {
  const bin = postgresBinaries();
  if (!bin) throw new Error(MISSING_POSTGRES);
  const dir = tempDir('reliability-pg-');
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, cmd), args, { stdio: 'pipe' });
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  let port = 0;
  /** The postmaster (first line of postmaster.pid) and its children. */
  const clusterPids = () => {
    const postmaster = Number(readFileSync(join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((pid) => pid > 0);
    return [postmaster, ...children];
  };
  return {
    async init() {
      port = await freePort();
      run('initdb', ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
      this.start();
      return `postgres://postgres@127.0.0.1:${port}/postgres`;
    },
    start() {
      run('pg_ctl', [
        '-D',
        join(dir, 'data'),
        '-l',
        join(dir, 'log'),
        '-w',
        '-o',
        `-h 127.0.0.1 -p ${port} -k ${dir} -c fsync=off`,
        'start',
      ]);
    },
    stop(mode: 'fast' | 'immediate' = 'immediate') {
      run('pg_ctl', ['-D', join(dir, 'data'), '-m', mode, '-w', 'stop']);
    },
    /**
     * Freezes the whole cluster (SIGSTOP to the postmaster and every backend it started): connections
     * stay open and queries get no answer, as when a database host hangs. `thaw` resumes it.
     */
    freeze() {
      for (const pid of clusterPids()) process.kill(pid, 'SIGSTOP');
    },
    thaw() {
      for (const pid of clusterPids()) process.kill(pid, 'SIGCONT');
    },
    destroy() {
      try {
        this.thaw();
      } catch {
        // not running
      }
      try {
        this.stop('immediate');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh database on the PostgreSQL at `base`, dropped by the returned function. */
export async function freshDatabase(base: string): Promise<{ url: string; drop(): Promise<void> }> {
  const pg = (await import('pg')).default;
  const name = `rel_${Math.random().toString(36).slice(2, 12)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
