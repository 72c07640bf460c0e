import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appConfigScript } from './client';

/** HSTS for responses served over HTTPS (directly or, with TRUST_PROXY, behind a TLS proxy). */
export const HSTS = 'max-age=15552000; includeSubDomains';

/**
 * Security headers on every response (API and app): a Content-Security-Policy the built app runs
 * under (its one inline script is allowed by hash; Mantine sets inline styles), no framing,
 * Referrer-Policy, nosniff; Strict-Transport-Security only when the request came over HTTPS
 * (sending it over plain HTTP on a LAN address would do nothing useful and confuse testers).
 */
export default fp(async function security(app: FastifyInstance) {
  const inlineHash = createHash('sha256').update(appConfigScript(app.config)).digest('base64');
  const apiOrigins = app.config.corsOrigins;
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", `'sha256-${inlineHash}'`],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'worker-src': ["'self'", 'blob:'],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Photos are fetched by a separately hosted client when CORS_ORIGINS names one.
    crossOriginResourcePolicy: { policy: apiOrigins.length ? 'cross-origin' : 'same-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
});
