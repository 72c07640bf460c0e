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

/**
 * The generated OpenAPI document (GET /api/openapi.json) and a browsable reference (Scalar) at
 * /api/docs. Scalar's script is served from /api/docs/js/scalar.js, so only that page loads it.
 */
export default async function apiDocsRoutes(app: FastifyInstance) {
  let document: ReturnType<typeof apiDocument> | undefined;
  const current = () => {
    document ??= apiDocument();
    return document;
  };
  serve(app, referenceRoutes.openApi, async () => current());
  await app.register(scalar, {
    routePrefix: '/api/docs',
    configuration: { content: current, title: 'Bengal Tutors API' },
  });
}
