import { Worker } from 'node:worker_threads';

/**
 * A PGlite that lives in a worker thread (server/db/pglite-worker.mjs), with the part of PGlite's
 * interface drizzle's pglite driver uses: query, exec, transaction, close. The request thread only
 * sends SQL and receives rows, so a slow query (matching, a list page, a flood of them) no longer
 * blocks the event loop that answers everyone else. One database, one connection, as before:
 * PGlite runs queries one at a time, and a transaction holds the others back until it ends.
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

export class RemotePGlite {
  private pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private nextId = 1;
  private failure: Error | null = null;

  private constructor(private worker: Worker) {
    worker.on('message', (msg: { id: number; result?: unknown; error?: Record<string, unknown> }) => {
      const waiting = this.pending.get(msg.id);
      if (!waiting) return;
      this.pending.delete(msg.id);
      if (msg.error) waiting.reject(Object.assign(new Error(String(msg.error.message)), msg.error));
      else waiting.resolve(msg.result);
    });
    const stop = (error: Error) => {
      this.failure = error;
      for (const { reject } of this.pending.values()) reject(error);
      this.pending.clear();
    };
    worker.on('error', stop);
    worker.on('exit', (code) => stop(new Error(`The database thread stopped (exit code ${code})`)));
  }

  /** Starts the thread and opens the database (`dataDir` undefined: in memory). */
  static async create(dataDir?: string): Promise<RemotePGlite> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir } });
    const remote = new RemotePGlite(worker);
    await new Promise<void>((resolve, reject) => {
      remote.pending.set(0, { resolve: () => resolve(), reject });
    });
    return remote;
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private querier(txId?: number) {
    return (sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
      this.call<Results>({
        type: 'query',
        txId,
        sql,
        params,
        rowMode: options.rowMode,
        // drizzle asks for timestamps, dates and intervals as text (parser functions cannot cross threads).
        rawTypes: Boolean(options.parsers),
      });
  }

  query = this.querier();

  exec(sql: string): Promise<Results[]> {
    return this.call<Results[]>({ type: 'exec', sql });
  }

  async transaction<T>(run: (tx: Transaction) => Promise<T>): Promise<T> {
    const { txId } = await this.call<{ txId: number }>({ type: 'begin' });
    let closed = false;
    const tx: Transaction = {
      query: this.querier(txId),
      exec: (sql) => this.call<Results[]>({ type: 'exec', sql, txId }),
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
      await this.call({ type: 'end', txId, commit: false }).catch(() => undefined);
      throw error;
    }
    closed = true;
    await this.call({ type: 'end', txId, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (this.failure) return;
    await this.call({ type: 'close' });
    await this.worker.terminate();
  }
}
