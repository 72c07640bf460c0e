import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which kind of work a database call belongs to: the declared route it serves (server/lib/route.ts
 * runs each request of a route inside its route id), or none (start-up, background jobs). The
 * embedded database runs one statement at a time; its scheduler (server/db/pglite-remote.ts) takes
 * turns between these classes, so a flood of one route's queries does not queue every other route
 * behind it.
 */
const current = new AsyncLocalStorage<string>();

export const runInWorkClass = <T>(workClass: string, run: () => T): T => current.run(workClass, run);

/** The class of the calling code ('' outside any route). */
export const workClass = (): string => current.getStore() ?? '';

/**
 * How many requests of one work class run their handler at once; the rest wait, in order, before
 * theirs starts. The embedded database runs one statement at a time, so a flooded route's fiftieth
 * request gains nothing by starting early: it would wait in the statement queue anyway, and while it
 * waits there it holds everything its handler has built (parsed input, half-built statements, the
 * first statement's rows). Every young-generation collection of the request thread copies what is
 * still held, so fifty such requests made each pause about twice as long; a waiting request that has
 * not started its handler holds little. Other classes are not held back: each has its own count.
 */
export class Admission {
  private readonly inside = new Map<string, number>();
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(private readonly perClass: number) {}

  /** Resolves once `cls` has a place (at once while it has fewer than `perClass` inside). */
  enter(cls: string): Promise<void> | undefined {
    const inside = this.inside.get(cls) ?? 0;
    if (inside < this.perClass && !this.waiting.has(cls)) {
      this.inside.set(cls, inside + 1);
      return undefined;
    }
    return new Promise<void>((resolve) => {
      const queue = this.waiting.get(cls);
      if (queue) queue.push(resolve);
      else this.waiting.set(cls, [resolve]);
    });
  }

  /** Gives the place back: to the class's next waiting request, or frees it. */
  leave(cls: string): void {
    const queue = this.waiting.get(cls);
    const next = queue?.shift();
    if (queue && !queue.length) this.waiting.delete(cls);
    if (next) {
      next();
      return;
    }
    const left = (this.inside.get(cls) ?? 1) - 1;
    if (left > 0) this.inside.set(cls, left);
    else this.inside.delete(cls);
  }
}
