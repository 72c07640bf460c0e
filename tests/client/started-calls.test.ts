import { afterEach, describe, expect, it, vi } from 'vitest';
import { startedCallsBack, startedCallsIn } from '../../src/api/started-calls';

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

/** A signed-in home's first render waits for the answers its HTML asked for, for a bounded time. */
describe('startedCallsIn', () => {
  afterEach(() => {
    vi.useRealTimers();
    (globalThis as { window?: unknown }).window = undefined;
  });

  it('settles once the started call is back, or has failed', async () => {
    vi.useFakeTimers();
    let answer!: (value: unknown) => void;
    (globalThis as { window?: unknown }).window = {
      __FIRST_SCREEN__: { url: '/a', body: new Promise((resolve) => (answer = resolve)) },
    };
    const waiting = startedCallsIn(1000);
    expect(await settled(waiting)).toBe(false);
    answer({ data: 1 });
    expect(await settled(waiting)).toBe(true);

    let fail!: (error: unknown) => void;
    (globalThis as { window?: unknown }).window = {
      __FIRST_SCREEN__: { url: '/a', body: new Promise((_, reject) => (fail = reject)) },
    };
    const failing = startedCallsIn(1000);
    expect(await settled(failing)).toBe(false);
    fail(new Error('offline'));
    expect(await settled(failing)).toBe(true);
  });

  it('waits no longer than it is given', async () => {
    vi.useFakeTimers();
    (globalThis as { window?: unknown }).window = {
      __FIRST_SCREEN__: { url: '/a', body: new Promise(() => {}) },
    };
    const waiting = startedCallsIn(1000);
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
  });

  it('settles at once when nothing was started or everything is already back', async () => {
    vi.useFakeTimers();
    (globalThis as { window?: unknown }).window = {};
    expect(await settled(startedCallsIn(1000))).toBe(true);
    (globalThis as { window?: unknown }).window = {
      __FIRST_SCREEN__: { url: '/a', body: new Promise(() => {}), done: true, value: null },
    };
    expect(await settled(startedCallsIn(1000))).toBe(true);
  });
});

/** Whether a signed-in home can skip its app frame: every call its HTML started is back already. */
describe('startedCallsBack', () => {
  afterEach(() => {
    (globalThis as { window?: unknown }).window = undefined;
  });

  it('is true only when the HTML started a call and it is back', () => {
    (globalThis as { window?: unknown }).window = {};
    expect(startedCallsBack()).toBe(false);
    (globalThis as { window?: unknown }).window = {
      __FIRST_SCREEN__: { url: '/a', body: new Promise(() => {}) },
    };
    expect(startedCallsBack()).toBe(false);
    (globalThis as { window?: unknown }).window = {
      __FIRST_SCREEN__: { url: '/a', body: Promise.resolve(null), done: true, value: null },
    };
    expect(startedCallsBack()).toBe(true);
  });
});
