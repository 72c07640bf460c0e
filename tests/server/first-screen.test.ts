import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../contract/constants';
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
function runInline(script: string, path: string, token: string | null, state: unknown = null) {
  const calls: Array<{ url: string; headers: Record<string, string> }> = [];
  const window: Record<string, unknown> = {};
  runInNewContext(script, {
    window,
    location: { pathname: path },
    history: { state },
    localStorage: { getItem: (key: string) => (key === STORAGE_KEYS.authToken ? token : null) },
    fetch: (url: string, init: { headers: Record<string, string> }) => {
      calls.push({ url, headers: init.headers });
      return Promise.resolve({ ok: true, json: () => Promise.resolve({ status: 'success' }) });
    },
  });
  return { calls, started: window.__FIRST_SCREEN__ as { url: string; body: Promise<unknown> } | undefined };
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
    const dashboard = runInline(script, '/dashboard/', 'tok');
    expect(dashboard.calls).toEqual([
      {
        url: '/api/v1/teachers/me/dashboard',
        headers: { Accept: 'application/json', Authorization: 'Bearer tok' },
      },
    ]);
    expect(dashboard.started?.url).toBe('/api/v1/teachers/me/dashboard');
    expect(await dashboard.started?.body).toEqual({ status: 'success' });
    expect(runInline(script, '/teacherfinder', 'tok').calls[0].url).toBe('/api/v1/students/me/finder');
    expect(runInline(script, '/admin', 'tok').calls[0].url).toBe('/api/v1/admin/overview');
    expect(runInline(script, '/requests', 'tok').calls[0].url).toBe(
      '/api/v1/teacher_student_requests?limit=100',
    );

    expect(runInline(script, '/dashboard', null).calls).toEqual([]);
    expect(runInline(script, '/', 'tok').calls).toEqual([]);
    expect(runInline(script, '/profile', 'tok').calls).toEqual([]);
    // The finder given a request id (from /subject) asks for that request's matches itself.
    expect(runInline(script, '/teacherfinder', 'tok', { requestId: 4 }).calls).toEqual([]);
  });
});
