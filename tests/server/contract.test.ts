import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { API_PREFIXES, API_ROUTES, methodsOf } from '../../contract/api';
import { openApiPath } from '../../contract/api/openapi';
import { DOCS_PAGE_PATHS, inlineScriptHashes } from '../../server/routes/api-docs';
import { call, useTestApp } from './helper';

/**
 * Every route the server answers under an API path is registered from a declaration in contract/api/
 * (server/lib/route.ts `serve`), every declaration is registered, and the OpenAPI document generated
 * from them is valid and lists them all.
 */
describe('the API contract', () => {
  const app = useTestApp();

  const apiRoutes = () =>
    app()
      .routeTable.filter((r) =>
        API_PREFIXES.some((p) => r.url === p.replace(/\/$/, '') || r.url.startsWith(p)),
      )
      .filter((r) => !DOCS_PAGE_PATHS.includes(r.url))
      .flatMap((r) =>
        (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({ method, route: r })),
      )
      .filter(({ method }) => method !== 'HEAD' && method !== 'OPTIONS');

  it('declares every API route the server registers', () => {
    const undeclared = apiRoutes()
      .filter(({ route }) => !route.config?.declaration)
      .map(({ method, route }) => `${method} ${route.url}`);
    expect(undeclared).toEqual([]);
    expect(apiRoutes().length).toBeGreaterThan(60);
  });

  it('registers every declaration, once', () => {
    const registered = apiRoutes().map(({ method, route }) => `${method} ${route.url}`);
    const declared = API_ROUTES.flatMap((spec) => methodsOf(spec).map((m) => `${m} ${spec.path}`));
    expect(new Set(declared).size).toBe(declared.length);
    expect([...registered].sort()).toEqual([...declared].sort());
    const ids = API_ROUTES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('serves a valid OpenAPI 3.1 document listing every route', async () => {
    const res = await call(app(), { method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.body_;
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    for (const spec of API_ROUTES)
      for (const method of methodsOf(spec))
        expect(
          document.paths[openApiPath(spec.path)]?.[method.toLowerCase()],
          `${method} ${spec.path}`,
        ).toBeTruthy();
  });

  it("lists a teacher record's review_version as required (the server always sends it)", async () => {
    const { components } = (await call(app(), { method: 'GET', url: '/api/openapi.json' })).body_;
    const record = components.schemas.TeacherRecord;
    expect(record.properties.review_version).toEqual({ type: 'integer' });
    expect(record.required).toContain('review_version');
    expect(record.required).not.toContain('review_changes');
  });

  it('shows the reference page at /api/docs, with its script only there', async () => {
    const page = await call(app(), { method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('openapi.json');
    // Accessible as served: the page names its language; Scalar's colours come with AA contrast.
    expect(page.body).toMatch(/<html lang="en"/);
    expect(page.body).toContain('--scalar-color-3: #636363');
    // The page starts Scalar inline: its policy allows that script by hash, the app's does not.
    const [hash] = inlineScriptHashes(page.body);
    expect(page.headers['content-security-policy']).toContain(hash);
    const home = await call(app(), { method: 'GET', url: '/api/openapi.json' });
    expect(home.headers['content-security-policy']).not.toContain(hash);
    const copy = await call(app(), { method: 'GET', url: '/api/docs/openapi.json' });
    expect(copy.body_.paths).toEqual(
      (await call(app(), { method: 'GET', url: '/api/openapi.json' })).body_.paths,
    );
    const script = await call(app(), { method: 'GET', url: '/api/docs/js/scalar.js' });
    expect(script.statusCode).toBe(200);
  });
});
