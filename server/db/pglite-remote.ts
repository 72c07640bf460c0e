import { Worker } from 'node:worker_threads';
import { workClass } from './work-class';

/**
 * A PGlite that lives in a worker thread (server/db/pglite-worker.mjs), with the part of PGlite's
 * interface drizzle's pglite driver uses: query, exec, transaction, close. The request thread only
 * sends SQL and receives rows, so a slow query (matching, a list page, a flood of them) no longer
 * blocks the event loop that answers everyone else. One database, one connection, as before:
 * PGlite runs queries one at a time, and a transaction holds the others back until it ends.
 *
 * Which statement runs next is decided here, not by PGlite's own first-come queue: statements and
 * transactions wait in one queue per work class (the route they serve, server/db/work-class.ts) and
 * the classes take turns, with at most IN_FLIGHT of them handed to the thread at once. Fifty
 * requests of a slow route then put one statement ahead of a quick route's, not fifty.
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

/** Units (statements or whole transactions) handed to the thread at once: one running, one ready. */
const IN_FLIGHT = 2;

export class RemotePGlite {
  /** Units waiting for their turn, per work class (Map order: the classes' turn order). */
  private waiting = new Map<string, Array<() => void>>();
  private inFlight = 0;
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
   * Runs `unit` (a statement, or a transaction from begin to end) when its class's turn comes: the
   * waiting class with the fewest units in the thread goes first (of equals, the one that has waited
   * longest since it last ran), each class's own units in order.
   */
  private async scheduled<T>(unit: () => Promise<T>): Promise<T> {
    const name = workClass();
    if (this.inFlight >= IN_FLIGHT) {
      await new Promise<void>((resolve) => {
        const queue = this.waiting.get(name);
        if (queue) queue.push(resolve);
        else this.waiting.set(name, [resolve]);
      });
    } else this.inFlight++;
    this.running.set(name, (this.running.get(name) ?? 0) + 1);
    try {
      return await unit();
    } finally {
      const left = (this.running.get(name) ?? 1) - 1;
      if (left) this.running.set(name, left);
      else this.running.delete(name);
      this.next();
    }
  }

  /** A unit has finished: its slot goes to the next class in turn (or is freed). */
  private next() {
    let chosen: string | undefined;
    let fewest = Number.POSITIVE_INFINITY;
    for (const name of this.waiting.keys()) {
      const running = this.running.get(name) ?? 0;
      if (running < fewest) {
        chosen = name;
        fewest = running;
        if (running === 0) break;
      }
    }
    if (chosen === undefined) {
      this.inFlight--;
      return;
    }
    const queue = this.waiting.get(chosen) as Array<() => void>;
    const start = queue.shift() as () => void;
    // The class goes to the back of the turn order (Map keeps insertion order), or leaves it.
    this.waiting.delete(chosen);
    if (queue.length) this.waiting.set(chosen, queue);
    start();
  }

  private querier(txId?: number, generation?: number) {
    return (sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
      this.call<Results>(
        {
          type: 'query',
          txId,
          sql,
          params,
          rowMode: options.rowMode,
          // drizzle asks for timestamps, dates and intervals as text (parser functions cannot cross threads).
          rawTypes: Boolean(options.parsers),
        },
        generation,
      );
  }

  private direct = this.querier();

  query = (sql: string, params?: unknown[], options?: QueryOptions): Promise<Results> =>
    this.scheduled(() => this.direct(sql, params, options));

  exec(sql: string): Promise<Results[]> {
    return this.scheduled(() => this.call<Results[]>({ type: 'exec', sql }));
  }

  /** A transaction is one unit: its statements go straight to the thread, which holds the rest back. */
  transaction<T>(run: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.scheduled(() => this.runTransaction(run));
  }

  private async runTransaction<T>(run: (tx: Transaction) => Promise<T>): Promise<T> {
    await this.ready;
    const generation = this.generation;
    const { txId } = await this.call<{ txId: number }>({ type: 'begin' }, generation);
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
