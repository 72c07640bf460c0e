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
      return payload;
    });
    await docs.register(scalar, {
      routePrefix: '/api/docs',
      configuration: { content: current, title: 'Bengal Tutors API', withDefaultFonts: false },
    });
  });
}
