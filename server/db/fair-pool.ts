import pg from 'pg';
import { workClass } from './work-class';

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: Error | boolean) => void,
) => void;

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
}

/**
 * node-postgres' pool, handing its connections out in turns between work classes (the route each
 * request serves, server/db/work-class.ts) instead of first come, first served. With fifty requests
 * of a slow route waiting for the pool's ten connections, a quick route's statement used to queue
 * behind all fifty; now, when a connection comes free, the class that was given one least recently
 * goes next (each class's own callers in their order), so it waits for one connection to come free,
 * not for the queue.
 *
 * Only the order of handing out changes. A caller holds its connection exactly as before: a
 * transaction keeps its one connection from begin to end, and nothing else runs on it meanwhile.
 * `pool.query` takes a connection through `connect` too, so every statement goes through the turns.
 * The wait in the turns counts against `connectionTimeoutMillis`, with the error node-postgres gives
 * (the API answers 503).
 */
export class FairPool extends pg.Pool {
  /** Connections not handed out (at most the pool's size). */
  private free: number;
  private readonly waiting = new Map<string, Waiter[]>();
  /** The turn at which each class was last given a connection. */
  private readonly lastGiven = new Map<string, number>();
  private turn = 0;
  private readonly waitMs: number;

  constructor(config: pg.PoolConfig) {
    super(config);
    this.free = config.max ?? 10;
    this.waitMs = config.connectionTimeoutMillis ?? 0;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    const connected = this.take(workClass()).then(() =>
      super.connect().then(
        (client) => {
          const release = client.release;
          let released = false;
          client.release = (error?: Error | boolean) => {
            const result = release.call(client, error);
            if (!released) {
              released = true;
              this.giveBack();
            }
            return result;
          };
          return client;
        },
        (error: Error) => {
          this.giveBack();
          throw error;
        },
      ),
    );
    if (!callback) return connected;
    connected.then(
      (client) => callback(undefined, client, client.release),
      (error: Error) => callback(error, undefined, () => {}),
    );
    return undefined;
  }

  override end(): Promise<void>;
  override end(callback: () => void): void;
  // biome-ignore lint/suspicious/noExplicitAny: node-postgres' overloads
  override end(callback?: () => void): any {
    const error = new Error('Cannot use a pool after calling end on the pool');
    for (const queue of this.waiting.values())
      for (const waiter of queue) {
        clearTimeout(waiter.timer);
        waiter.reject(error);
      }
    this.waiting.clear();
    return callback ? super.end(callback) : super.end();
  }

  /** Resolves once `cls` may take a connection. */
  private take(cls: string): Promise<void> {
    if (this.ending) return Promise.reject(new Error('Cannot use a pool after calling end on the pool'));
    if (this.free > 0 && this.waiting.size === 0) {
      this.free--;
      this.lastGiven.set(cls, this.turn++);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject };
      if (this.waitMs)
        waiter.timer = setTimeout(() => {
          const queue = this.waiting.get(cls);
          const at = queue?.indexOf(waiter) ?? -1;
          if (!queue || at < 0) return;
          queue.splice(at, 1);
          if (!queue.length) this.waiting.delete(cls);
          reject(new Error('timeout exceeded when trying to connect'));
        }, this.waitMs);
      const queue = this.waiting.get(cls);
      if (queue) queue.push(waiter);
      else this.waiting.set(cls, [waiter]);
    });
  }

  /** A connection came back: to the waiting class given one least recently, or freed. */
  private giveBack() {
    let chosen: string | undefined;
    let oldest = Number.POSITIVE_INFINITY;
    for (const cls of this.waiting.keys()) {
      const at = this.lastGiven.get(cls) ?? -1;
      if (at < oldest) {
        chosen = cls;
        oldest = at;
      }
    }
    if (chosen === undefined) {
      this.free++;
      return;
    }
    const queue = this.waiting.get(chosen) as Waiter[];
    const waiter = queue.shift() as Waiter;
    if (!queue.length) this.waiting.delete(chosen);
    this.lastGiven.set(chosen, this.turn++);
    // Classes that have not asked for a while are forgotten (their next request starts afresh).
    if (this.lastGiven.size > 1000)
      for (const cls of this.lastGiven.keys())
        if (!this.waiting.has(cls) && cls !== chosen) this.lastGiven.delete(cls);
    clearTimeout(waiter.timer);
    waiter.resolve();
  }
}
