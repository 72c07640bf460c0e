import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY, STORAGE_KEYS } from '../../contract/constants';
import { useTestApp } from './helper';

function fakeClient() {
  const dir = mkdtempSync(join(tmpdir(), 'tutors-client-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><!--app-config--></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

/** Runs index.html's inline script as a browser would, at `path`, with `token` stored (or none). */
function runInline(
  script: string,
  path: string,
  token: string | null,
  state: unknown = null,
  kept: Record<string, string> = {},
) {
  const calls: Array<{ url: string; headers: Record<string, string> }> = [];
  const window: Record<string, unknown> = {};
  runInNewContext(script, {
    window,
    location: { pathname: path },
    history: { state },
    localStorage: { getItem: (key: string) => (key === STORAGE_KEYS.authToken ? token : null) },
    sessionStorage: { getItem: (key: string) => kept[key] ?? null },
    fetch: (url: string, init: { headers: Record<string, string> }) => {
      calls.push({ url, headers: init.headers });
      return Promise.resolve({ ok: true, json: () => Promise.resolve({ status: 'success' }) });
    },
  });
  type Started = { url: string; body: Promise<unknown>; done?: boolean; value?: unknown } | undefined;
  return {
    calls,
    started: window.__FIRST_SCREEN__ as Started,
    progress: window.__PROGRESS__ as Started,
  };
}

/** A signed-in home's HTML starts its first screen's call while the page's code downloads. */
describe('first screen call started by index.html', () => {
  const app = useTestApp({ clientDir: fakeClient() });

  async function inlineScript() {
    const res = await app().inject({ method: 'GET', url: '/dashboard' });
    const script = /<script>([^<]*)<\/script>/.exec(res.body)?.[1] ?? '';
    return { script, csp: String(res.headers['content-security-policy']) };
  }

  it('is the one inline script, allowed by its hash', async () => {
    const { script, csp } = await inlineScript();
    expect(script).toContain('window.__APP_CONFIG__=');
    const hash = createHash('sha256').update(script).digest('base64');
    expect(csp).toContain(`'sha256-${hash}'`);
  });

  it('asks for the route’s first screen with the stored token, once, and only on those routes', async () => {
    const { script } = await inlineScript();
    const first = (path: string, token: string | null, state: unknown = null) =>
      runInline(script, path, token, state).calls.filter((c) => c.url !== '/api/v1/me/progress');
    const dashboard = runInline(script, '/dashboard/', 'tok');
    expect(dashboard.calls[0]).toEqual({
      url: '/api/v1/teachers/me/dashboard',
      headers: { Accept: 'application/json', Authorization: 'Bearer tok' },
    });
    expect(dashboard.started?.url).toBe('/api/v1/teachers/me/dashboard');
    // Marked done with its value once in, so the page's first render can start from it.
    expect(dashboard.started?.done).toBeUndefined();
    expect(await dashboard.started?.body).toEqual({ status: 'success' });
    expect(dashboard.started).toMatchObject({ done: true, value: { status: 'success' } });
    expect(first('/teacherfinder', 'tok').map((c) => c.url)).toEqual(['/api/v1/students/me/finder']);
    // The admin dashboard's whole first screen is one call.
    expect(first('/Admin/', 'tok').map((c) => c.url)).toEqual(['/api/v1/admin/dashboard']);
    expect(first('/requests', 'tok').map((c) => c.url)).toEqual([
      '/api/v1/teacher_student_requests?limit=100',
    ]);

    expect(runInline(script, '/dashboard', null).calls).toEqual([]);
    expect(runInline(script, '/', 'tok').calls).toEqual([]);
    expect(first('/profile', 'tok')).toEqual([]);
    // The finder given a request id (from /subject) asks for that request's matches itself.
    expect(first('/teacherfinder', 'tok', { requestId: 4 })).toEqual([]);
  });

  it('starts the route guard’s progress call on screens that need a session, unless the tab keeps it', async () => {
    const { script } = await inlineScript();
    const progressCalls = (path: string, token: string | null, kept: Record<string, string> = {}) =>
      runInline(script, path, token, null, kept).calls.filter((c) => c.url === '/api/v1/me/progress');
    const dashboard = runInline(script, '/dashboard', 'header.payload.signature-of-the-token');
    expect(dashboard.calls.map((c) => c.url)).toEqual([
      '/api/v1/teachers/me/dashboard',
      '/api/v1/me/progress',
    ]);
    expect(dashboard.progress?.url).toBe('/api/v1/me/progress');
    expect(await dashboard.progress?.body).toEqual({ status: 'success' });
    expect(dashboard.calls[1].headers.Authorization).toBe('Bearer header.payload.signature-of-the-token');
    for (const path of [
      '/profile',
      '/teacherSubject/',
      '/slots',
      '/requests',
      '/joblist',
      '/studentdetails1',
    ])
      expect(progressCalls(path, 'tok'), path).toHaveLength(1);
    // Not on the screens anyone may open, nor without a session.
    for (const path of ['/', '/admin', '/adminsignin', '/role', '/jobs/3'])
      expect(progressCalls(path, 'tok'), path).toEqual([]);
    expect(progressCalls('/dashboard', null)).toEqual([]);
    // The tab already keeps the answer for this token (src/lib/progress.ts): not asked again.
    const token = 'header.payload.signature-of-the-token';
    const kept = (mark: string) => ({ onboarding_progress: JSON.stringify({ token: mark, progress: {} }) });
    expect(progressCalls('/dashboard', token, kept(token.slice(-16)))).toEqual([]);
    expect(progressCalls('/dashboard', token, kept('another-token-xx'))).toHaveLength(1);
    expect(progressCalls('/dashboard', token, { onboarding_progress: 'not json' })).toHaveLength(1);
  });
});

/** A Bengali or Hindi reader's page is marked before it paints: the English prerendered login stays hidden. */
describe('the reader’s language marked by index.html', () => {
  const app = useTestApp({ clientDir: fakeClient() });

  async function marked(stored: string | null, languages: string[]) {
    const res = await app().inject({ method: 'GET', url: '/' });
    const script = /<script>([^<]*)<\/script>/.exec(res.body)?.[1] ?? '';
    const attributes: string[] = [];
    runInNewContext(script, {
      window: {},
      location: { pathname: '/' },
      history: { state: null },
      navigator: { languages, language: languages[0] },
      document: { documentElement: { setAttribute: (name: string) => attributes.push(name) } },
      localStorage: { getItem: (key: string) => (key === LANGUAGE_STORAGE_KEY ? stored : null) },
      sessionStorage: { getItem: () => null },
      fetch: () => Promise.resolve({ ok: true, json: () => Promise.resolve({}) }),
    });
    return attributes.includes('data-other-language');
  }

  it('by the stored choice, else the browser’s first of en, bn, hi', async () => {
    expect(await marked('bn', ['en-IN'])).toBe(true);
    expect(await marked('hi', ['en-US'])).toBe(true);
    expect(await marked('en', ['bn-IN'])).toBe(false);
    expect(await marked(null, ['bn-IN', 'en'])).toBe(true);
    expect(await marked(null, ['fr-FR', 'hi'])).toBe(true);
    expect(await marked(null, ['en-GB', 'bn'])).toBe(false);
    expect(await marked('xx', ['fr-FR'])).toBe(false);
  });
});
