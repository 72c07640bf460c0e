import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The uploads a request has stored so far (server/lib/route.ts opens one list per declared route):
 * when the handler fails after storing files, the route removes them again, so a refused or failed
 * write leaves no orphaned file or row behind.
 */
const stored = new AsyncLocalStorage<number[]>();

export const withStoredUploads = <T>(ids: number[], run: () => Promise<T>): Promise<T> =>
  stored.run(ids, run);

export function noteStoredUpload(id: number): void {
  stored.getStore()?.push(id);
}
