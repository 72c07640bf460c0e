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
