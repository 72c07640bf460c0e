// The calls index.html's inline script starts for a signed-in home's first screen
// (server/plugins/client.ts). Kept apart from the API client, with no imports: the app's entry
// (src/main.tsx) waits for them, and the entry must not carry the client's code.

/** A call index.html's inline script started (server/plugins/client.ts), and its JSON body (null when not 2xx). */
export interface StartedCall {
  url: string;
  body: Promise<unknown>;
  /** Set by the same script once the body is in, with it (`value`, null when not 2xx). */
  done?: boolean;
  value?: unknown;
  /** `firstScreenBack`'s answer, decoded once (undefined: not usable, the page asks itself). */
  given?: unknown;
}
declare global {
  interface Window {
    /** The first screen's call, started by index.html's inline script (server/plugins/client.ts). */
    __FIRST_SCREEN__?: StartedCall;
    /** The route guard's progress call, started by the same script on a screen that needs a session. */
    __PROGRESS__?: StartedCall;
  }
}

/** The first screen's call the page's HTML started, while its answer is still on its way. */
const callOut = () => {
  const call = typeof window === 'undefined' ? undefined : window.__FIRST_SCREEN__;
  return call && !call.done ? call : undefined;
};

/** Whether the page's HTML started the first screen's call and it is back already. */
export const startedCallsBack = () =>
  typeof window !== 'undefined' && window.__FIRST_SCREEN__ !== undefined && !callOut();

/**
 * Settles once the call the page's HTML started for its first screen is back (or failed), or after
 * `atMostMs`: the page's first render can then show the answer instead of loaders that it replaces
 * a moment later, each in a render of its own.
 */
export function startedCallsIn(atMostMs: number): Promise<unknown> {
  const call = callOut();
  if (!call) return Promise.resolve();
  return Promise.race([
    call.body.then(
      () => undefined,
      () => undefined,
    ),
    new Promise((resolve) => setTimeout(resolve, atMostMs)),
  ]);
}
