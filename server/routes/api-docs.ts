import { createHash } from 'node:crypto';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import { apiDocument, referenceRoutes } from '../../contract/api';
import { serve } from '../lib/route';

/** The reference page's own paths: the HTML page, its script and the copies of the document it reads. */
export const DOCS_PAGE_PATHS = [
  '/api/docs',
  '/api/docs/',
  '/api/docs/js/scalar.js',
  '/api/docs/openapi.json',
  '/api/docs/openapi.yaml',
];

/** Each inline script of an HTML page as a CSP source ('sha256-…'). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
  );
}

/**
 * Scalar's text colours darkened (light) or lightened (dark) to WCAG AA contrast (4.5:1) on its own
 * backgrounds (#fff and #f6f6f6; #0f0f0f and #1a1a1a): the stock greys and the HTTP methods' colours
 * read at 3.3-4.0:1.
 */
export const DOCS_CONTRAST_CSS = `
.light-mode {
  --scalar-color-2: #595959;
  --scalar-color-3: #636363;
  --scalar-color-green: #00704a;
  --scalar-color-blue: #005fa3;
  --scalar-color-orange: #b03c00;
  --scalar-color-red: #c40005;
  --scalar-color-yellow: #7a5d00;
}
.dark-mode {
  --scalar-color-3: #a0a0a0;
  --scalar-color-red: #ff6161;
}
`;

/** The reference page's HTML names its language (English), which Scalar's template leaves out. */
export const withLanguage = (html: string) => html.replace(/<html(?![^>]*\blang=)/, '<html lang="en"');

/**
 * The generated OpenAPI document (GET /api/openapi.json) and a browsable reference (Scalar) at
 * /api/docs. Scalar's script is served from /api/docs/js/scalar.js, so only that page loads it.
 * The page starts Scalar from an inline script: its hash joins the page's own script-src, so the
 * app's policy stays as strict everywhere else.
 */
export default async function apiDocsRoutes(app: FastifyInstance) {
  let document: ReturnType<typeof apiDocument> | undefined;
  const current = () => {
    document ??= apiDocument();
    return document;
  };
  serve(app, referenceRoutes.openApi, async () => current());
  await app.register(async (docs) => {
    docs.addHook('onSend', async (_request, reply, payload) => {
      const policy = reply.getHeader('content-security-policy');
      if (typeof payload !== 'string' || typeof policy !== 'string') return payload;
      const hashes = inlineScriptHashes(payload);
      if (hashes.length) {
        reply.header(
          'content-security-policy',
          policy.replace(/script-src ([^;]*)/, `script-src $1 ${hashes.join(' ')}`),
        );
      }
      const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
      return html ? withLanguage(payload) : payload;
    });
    await docs.register(scalar, {
      routePrefix: '/api/docs',
      configuration: {
        content: current,
        title: 'Bengal Tutors API',
        withDefaultFonts: false,
        customCss: DOCS_CONTRAST_CSS,
      },
    });
  });
}
