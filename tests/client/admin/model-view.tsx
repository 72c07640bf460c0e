import { HttpResponse, http } from 'msw';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { FIRST_SCREEN_CALLS } from '../../../contract/api/first-screen';
import type { MachineEntry } from '../../../machines/registry';
import { type MachinePath, startSnapshot, step } from '../../../src/features/machines/analysis';
import { adminDashboardAnswer } from '../../msw/handlers/admin';
import { server } from '../../msw/server';

/** Helpers shared by the admin model tests (tests/model/kit.ts drives the real admin pages). */
export { failureOf, outputOf, type PageView, renderPage } from '../teacher/model-view';

/** An administrator's session as a successful admin login stores it (role 4, D3). */
export function signInAdmin() {
  localStorage.setItem('auth_token', 'admin-token');
  localStorage.setItem('user_id', '3');
  localStorage.setItem('role_id', '4');
  localStorage.setItem('userEmail', 'admin@example.com');
}

/**
 * The dashboard's first-screen answer already back when the page first renders, as the page's HTML
 * leaves it (its promise never settles: a page that waited for it would fail).
 */
export function dashboardAnswerBack(parts: Parameters<typeof adminDashboardAnswer>[0]) {
  window.__FIRST_SCREEN__ = {
    url: FIRST_SCREEN_CALLS['/admin'],
    body: new Promise(() => {}),
    done: true,
    value: adminDashboardAnswer(parts),
  };
}

interface Waiting {
  url: URL;
  resolve: (response: Response) => void;
}

/**
 * Like the kit's heldResponse, but a step answers the request that asks for what the model asks
 * for (its query string), and every waiting request that matches: a call the machine has already
 * abandoned (a filter change while a page loads) may still be waiting, and answering the oldest
 * would answer that one instead of the one the screen waits for.
 */
export function heldRequests(method: 'get' | 'post' | 'patch', url: string) {
  const waiting: Waiting[] = [];
  const arrived: (() => void)[] = [];
  const seen: URL[] = [];
  server.use(
    http[method](url, ({ request }) => {
      const at = new URL(request.url);
      seen.push(at);
      return new Promise<Response>((resolve) => {
        waiting.push({ url: at, resolve });
        for (const notify of arrived.splice(0)) notify();
      });
    }),
  );
  return {
    /** Every request made so far. */
    seen,
    /** Answers the waiting requests `match` accepts (waiting for one to arrive first). */
    async respond(status: number, body: unknown, match: (url: URL) => boolean = () => true) {
      const deadline = Date.now() + 3000;
      while (!waiting.some((w) => match(w.url))) {
        if (Date.now() > deadline)
          throw new Error(
            `No matching ${method.toUpperCase()} ${url} is waiting (waiting: ${waiting.map((w) => w.url.search).join(', ') || 'none'})`,
          );
        await new Promise<void>((resolve) => {
          arrived.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      for (const w of waiting.filter((x) => match(x.url))) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(HttpResponse.json(body as never, { status }));
      }
    },
  };
}

/**
 * Makes generated paths takeable on the screen: before each step, `before` may name events a person
 * has to cause first (e.g. wait for a page to load before its page buttons are enabled, type a value
 * before its Clear button shows). The path's model snapshots are recomputed with them.
 */
export function takeable(
  entry: MachineEntry,
  paths: MachinePath[],
  before: (snapshot: AnyMachineSnapshot, event: EventObject) => EventObject[],
): MachinePath[] {
  return paths.map((path) => {
    const steps: MachinePath['steps'] = [];
    let snapshot = startSnapshot(entry);
    const add = (event: EventObject) => {
      snapshot = step(entry.machine as AnyStateMachine, snapshot, event).snapshot;
      steps.push({ event, value: snapshot.value });
    };
    for (const { event } of path.steps) {
      for (const first of before(snapshot, event)) add(first);
      add(event);
    }
    return { ...path, steps };
  });
}

/** The registry's first sample of an event (the payload a path would use). */
export function sampleOf(entry: MachineEntry, type: string): EventObject {
  const sample = entry.sampleEvents?.[type];
  const first = Array.isArray(sample) ? sample[0] : sample;
  return { ...(first ?? {}), type } as EventObject;
}
