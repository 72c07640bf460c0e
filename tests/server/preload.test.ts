import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadRoutePreloads } from '../../server/lib/preload';
import { useTestApp } from './helper';

/** A built client in miniature: index.html, Vite's manifest and the route table the build writes. */
function fakeClient() {
  const dir = mkdtempSync(join(tmpdir(), 'tutors-client-'));
  mkdirSync(join(dir, '.vite'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><!--app-config--><script type="module" crossorigin src="/assets/index.js"></script>\n<link rel="stylesheet" crossorigin href="/assets/style.css"></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets/style.css'), 'main{color:#123456}.modal{color:#654321}');
  writeFileSync(join(dir, 'assets/index.js'), '');
  const manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_frame.js'],
      css: ['assets/index.css'],
    },
    '_frame.js': { file: 'assets/frame.js' },
    '_ui.js': { file: 'assets/ui.js', imports: ['_frame.js'] },
    '_app.js': { file: 'assets/app.js', imports: ['_frame.js'] },
    'src/features/auth/LoginPage.tsx': { file: 'assets/LoginPage.js', imports: ['_ui.js', '_app.js'] },
    'src/features/teacher/DashboardPage.tsx': {
      file: 'assets/DashboardPage.js',
      imports: ['_ui.js', '_app.js', '_Modal.js'],
      css: ['assets/DashboardPage.css'],
    },
    '_Modal.js': { file: 'assets/Modal.js' },
    'src/features/machines/MachinesPage.tsx': { file: 'assets/MachinesPage.js', imports: ['_app.js'] },
    'src/app/NotFoundPage.tsx': { file: 'assets/NotFoundPage.js' },
    'src/features/admin/AdminDashboardPage.tsx': {
      file: 'assets/AdminDashboardPage.js',
      imports: ['_app.js'],
      dynamicImports: ['src/features/admin/OverviewCharts.tsx'],
    },
    'src/features/admin/OverviewCharts.tsx': { file: 'assets/OverviewCharts.js', imports: ['_app.js'] },
    // A page in one chunk with its flow (vite.config.ts, `pageWithFlow`): no key of its own.
    '_RequestsPage.js': { file: 'assets/RequestsPage.js', imports: ['_ui.js', '_app.js'] },
  };
  writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  writeFileSync(
    join(dir, '.vite/modules.json'),
    JSON.stringify({
      'assets/RequestsPage.js': [
        'machines/student/studentRequests.ts',
        'src/features/student/RequestsPage.tsx',
      ],
    }),
  );
  writeFileSync(
    join(dir, '.vite/routes.json'),
    JSON.stringify({
      routes: [
        { path: '/', module: 'src/features/auth/LoginPage.tsx' },
        { path: '/dashboard', module: 'src/features/teacher/DashboardPage.tsx' },
        { path: '/__machines/:name', module: 'src/features/machines/MachinesPage.tsx' },
        { path: '/admin', module: 'src/features/admin/AdminDashboardPage.tsx' },
        { path: '/requests', module: 'src/features/student/RequestsPage.tsx' },
      ],
      fallback: 'src/app/NotFoundPage.tsx',
    }),
  );
  // The login screen as the build prerenders it (the support address in its slot).
  writeFileSync(
    join(dir, '.vite/prerendered.json'),
    JSON.stringify({
      'src/features/auth/LoginPage.tsx':
        '<main><h1>Welcome back</h1><a href="mailto:__SUPPORT_EMAIL__">__SUPPORT_EMAIL__</a></main>',
    }),
  );
  return dir;
}

const preloaded = (html: string) =>
  [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

describe('route-aware preloading', () => {
  const dir = fakeClient();
  const preloads = loadRoutePreloads(dir);

  it("lists a route's chunks (static imports included), leaving out what the entry already loads", () => {
    expect(preloaded(preloads.linksFor('/'))).toEqual([
      '/assets/LoginPage.js',
      '/assets/ui.js',
      '/assets/app.js',
    ]);
    const dashboard = preloads.linksFor('/dashboard');
    expect(preloaded(dashboard)).toEqual([
      '/assets/DashboardPage.js',
      '/assets/ui.js',
      '/assets/app.js',
      '/assets/Modal.js',
    ]);
    expect(dashboard).toContain('<link rel="stylesheet" crossorigin href="/assets/DashboardPage.css">');
    expect(dashboard).not.toContain('index.css');
  });

  it('finds a page that shares its chunk with its flow through the list of modules per chunk', () => {
    expect(preloaded(preloads.linksFor('/requests'))).toEqual([
      '/assets/RequestsPage.js',
      '/assets/ui.js',
      '/assets/app.js',
    ]);
  });

  it('matches paths as the client router does (case, trailing slash, parameters, unknown paths)', () => {
    expect(preloads.linksFor('/Dashboard/')).toBe(preloads.linksFor('/dashboard'));
    expect(preloaded(preloads.linksFor('/__machines/auth'))).toEqual([
      '/assets/MachinesPage.js',
      '/assets/app.js',
    ]);
    expect(preloaded(preloads.linksFor('/no/such/page'))).toEqual(['/assets/NotFoundPage.js']);
  });

  it("leaves out what a page loads itself later (the admin overview's charts come after its first paint)", () => {
    expect(preloaded(preloads.linksFor('/admin'))).toEqual([
      '/assets/AdminDashboardPage.js',
      '/assets/app.js',
    ]);
    expect(preloads.linksFor('/admin')).not.toContain('OverviewCharts');
  });

  it('adds nothing without a manifest (a client built elsewhere, or none)', () => {
    expect(loadRoutePreloads(join(dir, 'missing')).linksFor('/')).toBe('');
  });

  describe('served index.html', () => {
    const app = useTestApp({ clientDir: dir });

    it('carries the preloads of the route asked for, SPA fallback included', async () => {
      const login = await app().inject({ method: 'GET', url: '/' });
      expect(login.statusCode).toBe(200);
      expect(login.headers['cache-control']).toBe('no-cache');
      expect(preloaded(login.body)).toEqual(['/assets/LoginPage.js', '/assets/ui.js', '/assets/app.js']);
      expect(login.body).toContain('window.__APP_CONFIG__');

      const deepLink = await app().inject({ method: 'GET', url: '/dashboard?tab=requests' });
      expect(preloaded(deepLink.body)).toContain('/assets/DashboardPage.js');
      expect(preloaded(deepLink.body)).not.toContain('/assets/LoginPage.js');

      const unknown = await app().inject({ method: 'GET', url: '/somewhere' });
      expect(preloaded(unknown.body)).toEqual(['/assets/NotFoundPage.js']);
    });

    it('writes the prerendered login screen into the root element on its paths only', async () => {
      const email = app().config.supportEmail;
      for (const url of ['/', '/?next=/dashboard']) {
        const login = await app().inject({ method: 'GET', url });
        expect(login.body).toContain(
          `<div id="root" data-prerendered><main><h1>Welcome back</h1><a href="mailto:${email}">${email}</a></main></div>`,
        );
        expect(login.body).not.toContain('__SUPPORT_EMAIL__');
      }
      const dashboard = await app().inject({ method: 'GET', url: '/dashboard' });
      expect(dashboard.body).toContain('<div id="root"></div>');
      expect(loadRoutePreloads(dir).htmlFor('/Dashboard')).toBeUndefined();
    });

    it('inlines the rules a prerendered screen uses, the whole stylesheet following without holding its paint', async () => {
      const login = await app().inject({ method: 'GET', url: '/' });
      expect(login.body).toContain(
        '<style>main{color:#123456}</style><link rel="stylesheet" crossorigin href="/assets/style.css" media="print" data-later-stylesheet>',
      );
      expect(login.body).not.toContain('<link rel="stylesheet" crossorigin href="/assets/style.css">');
      const dashboard = await app().inject({ method: 'GET', url: '/dashboard' });
      expect(dashboard.body).toContain('<link rel="stylesheet" crossorigin href="/assets/style.css">');
      expect(dashboard.body).not.toContain('<style>');
      expect(dashboard.body).not.toContain('media="print"');
    });

    it('sends each page compressed when the browser accepts it, the same page once decoded', async () => {
      for (const url of ['/', '/dashboard']) {
        const plain = await app().inject({ method: 'GET', url });
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.headers.vary).toContain('accept-encoding');
        const br = await app().inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': 'gzip, deflate, br' },
        });
        expect(br.headers['content-encoding']).toBe('br');
        expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
        const gzip = await app().inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
        expect(gzip.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      }
    });

    it('keeps hashed assets immutable and API 404s as JSON', async () => {
      const asset = await app().inject({ method: 'GET', url: '/assets/index.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      const api = await app().inject({ method: 'GET', url: '/api/v1/nothing-here' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ error: 'not_found' });
    });
  });
});
