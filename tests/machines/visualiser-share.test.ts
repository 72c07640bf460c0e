import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { findMachine, machineRegistry } from '../../machines';
import { coveragePaths, fakeTimeOf, valueText } from '../../src/features/machines/analysis';
import { walkFromSearch, walkSearch } from '../../src/features/machines/share';
import { modelTestSnippet } from '../../src/features/machines/snippet';
import { currentSnapshot, startWalk, trySend, type WalkState } from '../../src/features/machines/walker';

/** A path walked with the visualiser's own code (what its buttons call). */
function walked(entry: (typeof machineRegistry)[number], events: EventObject[], setup?: WalkState['setup']) {
  let w = startWalk(entry, setup);
  for (const event of events) {
    const result = trySend(entry, w, event);
    if (result.error !== undefined) throw new Error(result.error);
    w = result.walk;
  }
  return w;
}

/** Context as JSON, with the times a machine reads from the real clock (new Date()) left out. */
const contextText = (context: unknown) =>
  JSON.stringify(context).replace(/"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"/g, '"<time>"');

describe.each(machineRegistry.map((e) => [e.name, e] as const))('a link to a walk of %s', (_name, entry) => {
  it('reopens its longest coverage path in the same state with the same context', () => {
    // The longest path of each machine (every path of every machine costs tens of seconds).
    const paths = coveragePaths(entry).sort((a, b) => b.steps.length - a.steps.length);
    for (const path of paths.slice(0, 1)) {
      const original = walked(
        entry,
        path.steps.map((s) => s.event),
      );
      const search = walkSearch(original);
      const reopened = walkFromSearch(entry, search);
      expect(reopened.error).toBeUndefined();
      expect(reopened.walk.steps.map((s) => s.label)).toEqual(original.steps.map((s) => s.label));
      const [a, b] = [currentSnapshot(original), currentSnapshot(reopened.walk)];
      expect(valueText(b.value)).toBe(valueText(a.value));
      expect(contextText(b.context)).toBe(contextText(a.context));
    }
  });
});

describe('walk links', () => {
  const maintenance = findMachine('maintenance');
  if (!maintenance) throw new Error('maintenance is not registered');

  it('carry the input and the fake clock, and the clock moves only with delays', () => {
    // The registry's walk starts three seconds before the end: counting, then elapsed after 3 ticks.
    const start = startWalk(maintenance);
    expect(valueText(start.start.value)).toBe('counting');
    expect(fakeTimeOf(start.start)).toBe(Date.parse('2025-04-25T17:59:57+05:30'));
    const tick = { type: 'xstate.after.1000.maintenance.counting' };
    const edited = walked(maintenance, [tick], {
      input: { until: '2030-01-01T00:00:00Z' },
      clock: '2029-12-31T23:59:58Z',
    });
    expect(fakeTimeOf(currentSnapshot(edited))).toBe(Date.parse('2029-12-31T23:59:59Z'));
    const search = walkSearch(edited);
    expect(new URLSearchParams(search).get('input')).toBe('{"until":"2030-01-01T00:00:00Z"}');
    expect(new URLSearchParams(search).get('clock')).toBe('2029-12-31T23:59:58Z');
    const reopened = walkFromSearch(maintenance, search).walk;
    expect(valueText(currentSnapshot(reopened).value)).toBe('counting');
    const done = trySend(maintenance, reopened, tick).walk as WalkState;
    expect(valueText(currentSnapshot(done).value)).toBe('elapsed');
  });

  it('open as far as they fit and say why when they do not', () => {
    const door = findMachine('auth');
    if (!door) throw new Error('auth is not registered');
    expect(walkFromSearch(door, '?input={oops').error).toMatch(/^The link's input is not valid JSON/);
    expect(walkFromSearch(door, '?events=[{"nope":1}]').error).toBe(
      "The link's step 1 is not an event (an object with a type).",
    );
    const refused = walkFromSearch(
      maintenance,
      `?events=${encodeURIComponent(JSON.stringify([{ type: 'xstate.after.1000.maintenance.counting' }, 7]))}`,
    );
    expect(refused.walk.steps).toHaveLength(1);
    expect(refused.error).toBe("The link's step 2 is not an event (an object with a type).");
  });
});

describe('the model-test snippet of a walk', () => {
  it('replays the walked events with the kit, with a failing placeholder per state and event', () => {
    const auth = findMachine('auth');
    if (!auth) throw new Error('auth is not registered');
    const path = coveragePaths(auth).find((p) => p.steps.length >= 3);
    if (!path) throw new Error('no path of 3 steps');
    const w = walked(
      auth,
      path.steps.map((s) => s.event),
    );
    const text = modelTestSnippet(auth, w, 'http://qa.example/__machines/auth?events=…');
    expect(text).toContain("const entry = findMachine('auth');");
    expect(text).toContain('paths: [walked],');
    expect(text).toContain('render: () => renderRoute("/")');
    for (const s of w.steps) expect(text).toContain(s.label);
    // The steps' events are the walk's own, payloads included.
    const steps = [...text.matchAll(/\{ event: (\{[\s\S]*?\}), value: /g)].map((m) => JSON.parse(m[1]));
    expect(steps).toEqual(w.steps.map((s) => s.event));
    expect(text).toMatch(/expect\.fail\('Write what the screen shows in /);
    expect(text).not.toContain('xstate.after.');
  });

  it('starts the page clock where the walk clock started, for a machine with a fake clock', () => {
    const maintenance = findMachine('maintenance');
    if (!maintenance) throw new Error('maintenance is not registered');
    const w = walked(maintenance, [{ type: 'xstate.after.1000.maintenance.counting' }]);
    const text = modelTestSnippet(maintenance, w, 'link');
    expect(text).toContain('clock: { now: Date.parse("2025-04-25T17:59:57+05:30") },');
    expect(text).toContain('Delays (after …) have no executor');
  });
});
