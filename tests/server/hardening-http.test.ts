import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { parseTrustProxy } from '../../server/config';
import { buildTestApp, call } from './helper';
import { multipart } from './teacher-helpers';

describe('HTTP hardening: error shape, headers, logs, health, time-outs', () => {
  let app: FastifyInstance & { cleanup(): Promise<void> };
  let proxied: FastifyInstance | undefined;
  const log: string[] = [];
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk) => log.push(...String(chunk).split('\n').filter(Boolean)));
    app = await buildTestApp({}, { logStream: stream });
    app.get('/api/v1/__test/boom', async () => {
      throw new Error('kaboom');
    });
    app.get('/api/v1/__test/db-down', async () => {
      throw Object.assign(new Error('Failed query: select 1\nparams: '), {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      });
    });
    app.get('/api/v1/__test/failed-insert', async () => {
      const row = { email: 'secret.person@example.com', passwordHash: 'scrypt$SECRET-HASH-VALUE', roleId: 1 };
      // A query that fails for a reason no mapping covers (a duplicate would be a 409), carrying secrets.
      await app.db.execute(
        sql`select ${row.email}::text as e, ${row.passwordHash}::text as h, 1 / 0 as boom`,
      );
      return {};
    });
  });
  afterAll(async () => {
    await proxied?.close();
    await app?.cleanup();
  });

  it('says what was too large, in the one error shape', async () => {
    const json = await call(app, {
      method: 'POST',
      url: '/api/v1/users',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(json.statusCode).toBe(413);
    expect(json.body_).toEqual({
      error: 'payload_too_large',
      message: 'Request body is too large (at most 1MB)',
      message_key: 'http.bodyTooLarge',
      message_values: { p1: '1' },
    });

    const fields = multipart(
      Array.from({ length: 61 }, (_, i) => [`teacher[f${i}]`, 'x'] as [string, string]),
    );
    const tooManyFields = await call(app, {
      method: 'POST',
      url: '/api/v1/teachers',
      ...fields,
      token: await token(),
    });
    expect(tooManyFields.statusCode).toBe(413);
    expect(tooManyFields.body_).toEqual({
      error: 'payload_too_large',
      message: 'Too many form fields in one request (at most 60)',
      message_key: 'http.tooManyFields',
      message_values: { p1: '60' },
    });

    const longUrl = await call(app, { method: 'GET', url: `/api/v1/subjects?q=${'x'.repeat(9000)}` });
    expect(longUrl.statusCode).toBe(414);
    expect(longUrl.body_).toEqual({
      error: 'uri_too_long',
      message: 'The address is too long (at most 8192 characters)',
      message_key: 'http.addressTooLong',
      message_values: { p1: '8192' },
    });
  });

  it('answers 431 in the same shape when the headers are too large', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (d) => {
        data += d;
      });
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1.1 431 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      error: 'request_header_fields_too_large',
      message: 'The request headers (or the address) are too large',
      message_key: 'http.headersTooLarge',
    });
  });

  it('answers 500 without internals and 503 with Retry-After when the database is unreachable', async () => {
    const boom = await call(app, { method: 'GET', url: '/api/v1/__test/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.body_).toEqual({
      error: 'internal_error',
      message: 'Something went wrong on our side. Please try again.',
      message_key: 'http.internalError',
    });
    const down = await call(app, { method: 'GET', url: '/api/v1/__test/db-down' });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.body_).toEqual({
      error: 'service_unavailable',
      message: 'The service is briefly unavailable. Please try again in a moment.',
      message_key: 'http.serviceUnavailable',
    });
  });

  it('never logs query parameters (hashes, emails); every line carries the request id sent back', async () => {
    const res = await call(app, {
      method: 'GET',
      url: '/api/v1/__test/failed-insert?email=secret.person@example.com',
    });
    expect(res.statusCode).toBe(500);
    const id = String(res.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const lines = log.filter((line) => line.includes(id));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.some((line) => line.includes('"level":50'))).toBe(true);
    const all = log.join('\n');
    expect(all).not.toContain('SECRET-HASH-VALUE');
    expect(all).not.toContain('secret.person@example.com');
    for (const line of lines) expect(JSON.parse(line).reqId).toBe(id);
  });

  it('sends security headers; HSTS only over HTTPS (a trusted proxy saying so)', async () => {
    const res = await call(app, {
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body_).toEqual({ status: 'ok' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();

    proxied = await buildApp({ ...app.config, trustProxy: ['127.0.0.1'] }, { database: app.database });
    const https = await call(proxied, {
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    const http = await call(proxied, { method: 'GET', url: '/healthz' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });

  it('is ready once the database answers with every migration applied', async () => {
    const ready = await call(app, { method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.body_).toMatchObject({ status: 'ready' });
  });

  it('sets HTTP time-outs on the server', () => {
    expect(app.server.requestTimeout).toBe(120_000);
    expect(app.server.headersTimeout).toBe(10_000);
    expect(app.server.keepAliveTimeout).toBe(5_000);
  });

  it('reads TRUST_PROXY: off by default, a hop count, or addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 10.0.0.0/8')).toEqual(['10.0.0.1', '10.0.0.0/8']);
  });

  async function token() {
    const email = `t.${Date.now()}@example.com`;
    await call(app, {
      method: 'POST',
      url: '/api/v1/users',
      payload: { email, password: 'password123', user_role_id: 1 },
    });
    const res = await call(app, {
      method: 'POST',
      url: '/users/tokens/sign_in',
      payload: { email, password: 'password123' },
    });
    return res.body_.token as string;
  }
});
