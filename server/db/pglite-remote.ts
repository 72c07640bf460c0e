import { Worker } from 'node:worker_threads';
import { Admission, workClass } from './work-class';

/**
 * A PGlite that lives in a worker thread (server/db/pglite-worker.mjs), with the part of PGlite's
 * interface drizzle's pglite driver uses: query, exec, transaction, close. The request thread only
 * sends SQL and receives rows, so a slow query (matching, a list page, a flood of them) no longer
 * blocks the event loop that answers everyone else. One database, one connection, as before:
 * PGlite runs queries one at a time, and a transaction holds the others back until it ends.
 *
 * Which statement runs next is decided in two steps, not by PGlite's own first-come queue. Here,
 * statements and transactions wait in one queue per work class (the route they serve,
 * server/db/work-class.ts), and each class hands at most PER_CLASS units to the thread (one running,
 * one ready: the thread never idles between a flood's statements waiting for this thread to send
 * the next). The thread (server/db/pglite-worker.mjs) then runs, whenever a unit ends, the unit of
 * the class that started one least recently. Fifty requests of a slow route therefore put at most
 * the one statement already running ahead of a quick route's, not fifty (or two).
 */
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: unknown };
interface Results {
  rows: unknown[];
  fields: Array<{ name: string; dataTypeID: number }>;
  affectedRows?: number;
}
interface Transaction {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** The error a statement gets when the database thread does not answer in time (a 503 for the API). */
export class DatabaseTimeoutError extends Error {
  /** PostgreSQL's query_canceled, what a statement time-out raises there too. */
  readonly code = '57014';
  constructor(ms: number) {
    super(`The database did not answer within ${ms} ms`);
    this.name = 'DatabaseTimeoutError';
  }
}

/** Units (statements or whole transactions) of one work class handed to the thread at once. */
const PER_CLASS = 2;
/**
 * Requests of one work class in their handler at once (server/lib/route.ts asks): enough to keep
 * PER_CLASS units ready for the thread, with a request's work between its statements.
 */
const REQUESTS_PER_CLASS = 4;

export class RemotePGlite {
  readonly admission = new Admission(REQUESTS_PER_CLASS);
  /** Units waiting to be handed to the thread, per work class, in order. */
  private waiting = new Map<string, Array<() => void>>();
  /** Units in the thread per work class. */
  private running = new Map<string, number>();
  private pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private nextId = 1;
  private failure: Error | null = null;
  private worker!: Worker;
  /** Resolves once the current thread has opened the database. */
  private ready: Promise<void> = Promise.resolve();
  /** Bumped each time a stuck thread is replaced: transactions of an older one are gone. */
  private generation = 0;
  private statementTimeoutMs = 0;
  private watchdog: NodeJS.Timeout | undefined;
  private closed = false;

  private constructor(
    private readonly dataDir: string | undefined,
    /** A dump of a data directory to start from when `dataDir` holds no database yet (tests). */
    private readonly template: Uint8Array | undefined,
  ) {}

  /** Starts the thread and opens the database (`dataDir` undefined: in memory). */
  static async create(dataDir?: string, template?: Blob): Promise<RemotePGlite> {
    const remote = new RemotePGlite(
      dataDir,
      template ? new Uint8Array(await template.arrayBuffer()) : undefined,
    );
    remote.ready = remote.start();
    await remote.ready;
    return remote;
  }

  private start(): Promise<void> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir: this.dataDir, template: this.template },
    });
    this.worker = worker;
    const generation = this.generation;
    const current = () => worker === this.worker && generation === this.generation;
    worker.on('message', (msg: { id: number; result?: unknown; error?: Record<string, unknown> }) => {
      if (!current()) return;
      const waiting = this.pending.get(msg.id);
      if (!waiting) return;
      this.pending.delete(msg.id);
      // Progress: the thread answered, so whatever runs next gets a full time limit of its own.
      this.arm(true);
      if (msg.error) waiting.reject(Object.assign(new Error(String(msg.error.message)), msg.error));
      else waiting.resolve(msg.result);
    });
    const stop = (error: Error) => {
      if (!current()) return;
      this.failure = error;
      this.arm(true);
      for (const { reject } of this.pending.values()) reject(error);
      this.pending.clear();
    };
    worker.on('error', stop);
    worker.on('exit', (code) => stop(new Error(`The database thread stopped (exit code ${code})`)));
    return new Promise<void>((resolve, reject) => {
      this.pending.set(0, { resolve: () => resolve(), reject });
    });
  }

  /**
   * PGlite cannot cancel a statement from inside (no signals in WebAssembly), so the guard lives
   * here: when work is waiting and the thread has answered nothing for `ms`, the statement running
   * there is over its time. Every waiting call then fails with DatabaseTimeoutError (the API answers
   * 503), the thread is stopped, and a new one opens the same data directory (PostgreSQL's crash
   * recovery: committed work stays, the interrupted transaction is rolled back). 0 turns it off.
   */
  setStatementTimeout(ms: number) {
    this.statementTimeoutMs = ms;
    this.arm(true);
  }

  /** (Re)starts the watchdog: `progress` restarts it, otherwise it starts only if not running. */
  private arm(progress: boolean) {
    if (progress && this.watchdog) {
      clearTimeout(this.watchdog);
      this.watchdog = undefined;
    }
    if (this.watchdog || !this.statementTimeoutMs || this.pending.size === 0) return;
    this.watchdog = setTimeout(() => {
      this.watchdog = undefined;
      this.replaceStuckThread();
    }, this.statementTimeoutMs);
  }

  private replaceStuckThread() {
    if (this.closed || this.pending.size === 0) return;
    const error = new DatabaseTimeoutError(this.statementTimeoutMs);
    const stuck = this.worker;
    this.generation++;
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
    this.ready = stuck
      .terminate()
      .catch(() => undefined)
      .then(() => this.start())
      .then(() => {
        this.failure = null;
      })
      .catch((failure: Error) => {
        this.failure = failure;
      });
  }

  private async call<T>(message: Record<string, unknown>, generation = this.generation): Promise<T> {
    await this.ready;
    if (this.failure) throw this.failure;
    // A transaction begun on a thread that has since been replaced no longer exists.
    if (generation !== this.generation) throw new DatabaseTimeoutError(this.statementTimeoutMs);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
      this.arm(false);
    });
  }

  /**
   * Runs `unit` (a statement, or a transaction from begin to end; `unit` gets the work class to send
   * with it) once its class has fewer than PER_CLASS units in the thread, each class's units in order.
   */
  private async scheduled<T>(unit: (cls: string) => Promise<T>): Promise<T> {
    const name = workClass();
    const running = this.running.get(name) ?? 0;
    if (running >= PER_CLASS || this.waiting.has(name)) {
      await new Promise<void>((resolve) => {
        const queue = this.waiting.get(name);
        if (queue) queue.push(resolve);
        else this.waiting.set(name, [resolve]);
      });
    } else this.running.set(name, running + 1);
    try {
      return await unit(name);
    } finally {
      // The slot goes straight to the class's next waiting unit (or is freed).
      const queue = this.waiting.get(name);
      const next = queue?.shift();
      if (queue && !queue.length) this.waiting.delete(name);
      if (next) next();
      else {
        const left = (this.running.get(name) ?? 1) - 1;
        if (left) this.running.set(name, left);
        else this.running.delete(name);
      }
    }
  }

  private querier(txId?: number, generation?: number, cls?: string) {
    return (sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
      this.call<Results>(
        {
          type: 'query',
          txId,
          cls,
          sql,
          params,
          rowMode: options.rowMode,
          // drizzle asks for timestamps, dates and intervals as text (parser functions cannot cross threads).
          rawTypes: Boolean(options.parsers),
        },
        generation,
      );
  }

  query = (sql: string, params?: unknown[], options?: QueryOptions): Promise<Results> =>
    this.scheduled((cls) => this.querier(undefined, undefined, cls)(sql, params, options));

  exec(sql: string): Promise<Results[]> {
    return this.scheduled((cls) => this.call<Results[]>({ type: 'exec', sql, cls }));
  }

  /** A transaction is one unit: its statements go straight to the thread, which holds the rest back. */
  transaction<T>(run: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.scheduled((cls) => this.runTransaction(run, cls));
  }

  private async runTransaction<T>(run: (tx: Transaction) => Promise<T>, cls: string): Promise<T> {
    await this.ready;
    const generation = this.generation;
    const { txId } = await this.call<{ txId: number }>({ type: 'begin', cls }, generation);
    let closed = false;
    const tx: Transaction = {
      query: this.querier(txId, generation),
      exec: (sql) => this.call<Results[]>({ type: 'exec', sql, txId }, generation),
      rollback: async () => {
        throw new Error('Transaction rolled back');
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await run(tx);
    } catch (error) {
      closed = true;
      await this.call({ type: 'end', txId, commit: false }, generation).catch(() => undefined);
      throw error;
    }
    closed = true;
    await this.call({ type: 'end', txId, commit: true }, generation);
    return result;
  }

  async close(): Promise<void> {
    await this.ready;
    // A statement still stuck at shutdown gets its time limit to finish, then the thread is stopped.
    const limit = this.statementTimeoutMs;
    this.closed = true;
    this.statementTimeoutMs = 0;
    this.arm(true);
    if (!this.failure) {
      const closing = this.call({ type: 'close' }).catch(() => undefined);
      await (limit
        ? Promise.race([closing, new Promise((resolve) => setTimeout(resolve, limit).unref())])
        : closing);
    }
    await this.worker.terminate();
  }
}
