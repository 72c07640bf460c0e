import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { enums, number, object, validate } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../contract/api';
import { RECORD_NAMES } from '../../contract/constants';
import { catalogueEntries, messageKeyOf } from '../../contract/messages';
import { INPUT_MESSAGES } from '../../contract/rules/input';
import { fieldErrors } from '../../server/lib/route';
import { clientErrorResponse, refusalOf, withMessageKeys } from '../../server/plugins/errors';
import bnValidation from '../../src/i18n/locales/bn/validation.json';
import hiValidation from '../../src/i18n/locales/hi/validation.json';
import { buildTestApp, call, signUpAndIn } from './helper';
import { fixture, multipart } from './teacher-helpers';

const SERVER = fileURLToPath(new URL('../../server', import.meta.url));

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'migrations') yield* sourceFiles(path);
    } else if (name.endsWith('.ts')) yield path;
  }
}

const STRING = String.raw`('(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|\x60(?:\\.|[^\x60\\])*\x60)`;
/** Where the server's code writes a text people may read: error helpers, `message:`, field errors. */
const TEXT_SITES = [
  new RegExp(
    String.raw`\b(?:notFound|forbidden|conflict|unauthorized|tooMany|conflictWith)\(\s*${STRING}`,
    'g',
  ),
  new RegExp(String.raw`\bmessage:\s*${STRING}`, 'g'),
  new RegExp(String.raw`\berror_description:\s*\[\s*${STRING}`, 'g'),
  new RegExp(String.raw`\berrorBody\(\s*'[^']*',\s*${STRING}`, 'g'),
  // (not a computed field name: `[cond ? 'reason_key' : 'reason']: message`)
  new RegExp(String.raw`\bunprocessable\(\{[^}]*?:\s*\[?\s*${STRING}(?!\s*\]\s*:)`, 'g'),
];
/** Data, not messages: the administrator's notification list is worded by the client from its kind. */
const DATA_FILES = new Set(['services/admin-notifications.ts']);

/** The message's key, and a value that names a record is one the client can name in every language. */
function expectCatalogued(text: string, where: string) {
  const ref = messageKeyOf(text);
  expect(
    ref,
    `${where}: "${text}" has no message key (add it to a catalogue of contract/rules/)`,
  ).not.toBeNull();
  if (ref?.key === 'http.recordNotFound')
    expect(RECORD_NAMES as readonly string[], `${where}: "${text}"`).toContain(ref.values?.p1);
}

describe('every text the server writes has a message key', () => {
  it('in the source: each error, refusal and field message of server/ is a catalogued message', () => {
    let sites = 0;
    for (const file of sourceFiles(SERVER)) {
      const name = file.slice(SERVER.length + 1);
      if (DATA_FILES.has(name)) continue;
      const text = readFileSync(file, 'utf8');
      for (const pattern of TEXT_SITES)
        for (const match of text.matchAll(pattern)) {
          sites++;
          // A template's ${…} stands for a value: 'X' fills it (the catalogue matches it as a value).
          expectCatalogued(match[1].slice(1, -1).replace(/\$\{[^}]*\}/g, 'X'), name);
        }
    }
    expect(sites).toBeGreaterThan(20);
  });

  it("the boundary's field messages of every declared route's body and query are catalogued", () => {
    const garbage: unknown[] = [
      { x: [1] },
      [{ x: 1 }],
      123456789012,
      -1,
      1.5,
      true,
      'x'.repeat(100_000),
      'nul\u0000',
      'not-a-value',
      '',
      null,
    ];
    let checked = 0;
    for (const spec of API_ROUTES)
      for (const struct of [spec.body, spec.query]) {
        const schema = (struct as { schema?: unknown } | undefined)?.schema;
        if (!struct || !schema || typeof schema !== 'object') continue;
        for (const field of Object.keys(schema))
          for (const value of garbage) {
            const [error] = validate({ [field]: value }, struct, { coerce: true, mask: true });
            if (!error) continue;
            for (const [key, messages] of Object.entries(fieldErrors(error)))
              for (const message of messages) {
                checked++;
                expect(
                  messageKeyOf(message),
                  `${spec.id} ${key} = ${JSON.stringify(value)?.slice(0, 30)}: "${message}"`,
                ).not.toBeNull();
              }
          }
      }
    expect(checked).toBeGreaterThan(100);
    // superstruct's own texts ('Expected one of `"x"`, but received: "z"') never reach people.
    const [plain] = validate({ a: 'z', b: 'y' }, object({ a: enums(['x']), b: number() }));
    expect(fieldErrors(plain!)).toEqual({ a: [INPUT_MESSAGES.notValid], b: [INPUT_MESSAGES.notNumber] });
  });

  it('every message of the catalogue has its Bengali and Hindi text, not the English', () => {
    const lookup = (file: unknown, key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], file);
    for (const { key, english } of catalogueEntries())
      for (const [language, file] of [
        ['bn', bnValidation],
        ['hi', hiValidation],
      ] as const) {
        const text = lookup(file, key);
        expect(typeof text, `${language} validation:${key}`).toBe('string');
        // Bengali and Hindi sentences are written in their own scripts (a few English words stay).
        if (/[a-z]{3}/i.test(english.replace(/\{\{p\d+\}\}/g, '')))
          expect(text, `${language} validation:${key}`).not.toBe(english);
      }
  });

  it('refusals the HTTP layer raises (before our code runs) answer catalogued messages', () => {
    for (const code of ['HPE_HEADER_OVERFLOW', 'ERR_HTTP_REQUEST_TIMEOUT', 'HPE_INVALID_METHOD', undefined]) {
      const { error, message } = clientErrorResponse(code);
      const body = withMessageKeys({ error, message });
      expect(body.message_key, `${code}: ${message}`).toBeTruthy();
    }
    // A library's own words (no key) become the status's catalogued message; they stay as `detail`.
    for (const status of [400, 401, 403, 404, 405, 406, 408, 409, 413, 414, 415, 418, 429, 431]) {
      const refusal = refusalOf(status, { message: 'Some library text' });
      expect(messageKeyOf(refusal.message), `${status}: ${refusal.message}`).not.toBeNull();
      expect(refusal.detail).toBe('Some library text');
    }
    expect(
      refusalOf(400, { code: 'FST_ERR_CTP_EMPTY_JSON_BODY', message: 'Body cannot be empty' }).message,
    ).toBe('The request body is empty');
    // A catalogued message of its own is kept as it is.
    expect(
      refusalOf(429, { message: 'Too many requests. Please wait a few minutes and try again.' }),
    ).toEqual({
      message: 'Too many requests. Please wait a few minutes and try again.',
    });
  });
});

describe('every error answer the server sends carries message keys', () => {
  let app: FastifyInstance & { cleanup(): Promise<void> };
  beforeAll(async () => {
    app = await buildTestApp({
      signInRateLimit: { perClientPerMinute: 6, perAccountPer15Minutes: 100 },
    });
    app.get('/api/v1/__test/library-refusal', async () => {
      throw Object.assign(new Error("Route GET:/x can't be served: some library detail"), {
        statusCode: 418,
      });
    });
    app.get('/api/v1/__test/raw-413', async () => {
      throw Object.assign(new Error('request entity too large'), { statusCode: 413 });
    });
    app.get('/api/v1/__test/raw-429', async () => {
      throw Object.assign(new Error('Rate limit exceeded, retry in 1 minute'), { statusCode: 429 });
    });
    app.get('/api/v1/__test/schema', {
      schema: { querystring: { type: 'object', required: ['q'], properties: { q: { type: 'string' } } } },
      handler: async () => ({}),
    });
    app.get('/api/v1/__test/db-down', async () => {
      throw Object.assign(new Error('Failed query'), {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      });
    });
    app.get('/api/v1/__test/boom', async () => {
      throw new Error('kaboom');
    });
  });
  afterAll(async () => {
    await app?.cleanup();
  });

  /** The answer's `message` and every field message have their keys, and the keys' English is the text. */
  function expectKeyed(res: { statusCode: number; body_: any }, what: string, status?: number) {
    if (status) expect(res.statusCode, `${what}: ${JSON.stringify(res.body_)}`).toBe(status);
    expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
    const body = res.body_;
    expect(typeof body.message, `${what}: ${JSON.stringify(body)}`).toBe('string');
    // A 422's `message` sums up its field errors ('Name is required; …'): the keys are per field.
    if (!(res.statusCode === 422 && body.errors && Object.keys(body.errors).length > 1)) {
      expect(body.message_key, `${what}: ${body.message}`).toBeTruthy();
      expect(messageKeyOf(body.message)?.key, what).toBe(body.message_key);
    }
    for (const [field, messages] of Object.entries((body.errors ?? {}) as Record<string, string[]>))
      (messages as string[]).forEach((message, i) => {
        expect(body.error_keys?.[field]?.[i], `${what}: ${field}: ${message}`).toBeTruthy();
      });
  }

  it('for each class of error: too large, unreadable, uploads, not found, sign-in, forbidden, conflicts, limits, the database', async () => {
    const teacher = await signUpAndIn(app, 1);
    const student = await signUpAndIn(app, 2);
    const json = { 'content-type': 'application/json' };
    const cases: Array<[string, Parameters<typeof call>[1], number, string?]> = [
      [
        'a JSON body over 1MB',
        {
          method: 'POST',
          url: '/api/v1/users',
          headers: json,
          payload: JSON.stringify({ password: 'x'.repeat(1024 * 1024 + 10) }),
        },
        413,
        'http.bodyTooLarge',
      ],
      [
        'malformed JSON',
        { method: 'POST', url: '/api/v1/users', headers: json, payload: '{"email": ' },
        400,
        'http.malformedJson',
      ],
      [
        'an empty JSON body',
        { method: 'POST', url: '/api/v1/users', headers: json, payload: '' },
        400,
        'http.emptyBody',
      ],
      [
        'a body of another type',
        { method: 'POST', url: '/api/v1/users', headers: { 'content-type': 'text/xml' }, payload: '<a/>' },
        415,
        'http.unsupportedMediaType',
      ],
      [
        'an address too long',
        { method: 'GET', url: `/api/v1/subjects?q=${'x'.repeat(9000)}` },
        414,
        'http.addressTooLong',
      ],
      ['an unknown API address', { method: 'GET', url: '/api/v1/nothing-here' }, 404],
      ['an unknown record', { method: 'GET', url: '/api/v1/teachers/999999', token: teacher.token }, 404],
      ['a malformed id', { method: 'GET', url: '/api/v1/teachers/0x1', token: teacher.token }, 404],
      ['no session', { method: 'GET', url: '/users/tokens/info' }, 401],
      ['a forged session', { method: 'GET', url: '/users/tokens/info', token: 'not-a-token' }, 401],
      [
        'a refused refresh token',
        { method: 'POST', url: '/users/tokens/refresh', payload: { refresh_token: 'nope' } },
        401,
      ],
      [
        'an administrator route',
        { method: 'GET', url: '/api/v1/admin/teacher_approvals', token: teacher.token },
        403,
      ],
      [
        'the job side, as a teacher',
        { method: 'GET', url: '/api/v1/job_applications', token: teacher.token },
        403,
      ],
      [
        'signing up twice (409)',
        {
          method: 'POST',
          url: '/api/v1/users',
          payload: { email: teacher.email, password: 'password123', user_role_id: 1 },
        },
        409,
      ],
      [
        'a library refusal without a message of ours',
        { method: 'GET', url: '/api/v1/__test/library-refusal' },
        418,
        'http.requestRefused',
      ],
      ['a bare 413', { method: 'GET', url: '/api/v1/__test/raw-413' }, 413, 'http.bodyTooLarge'],
      ['a bare 429', { method: 'GET', url: '/api/v1/__test/raw-429' }, 429, 'http.tooManyRequests'],
      ['a schema refusal', { method: 'GET', url: '/api/v1/__test/schema' }, 422, 'input.invalidQuery'],
      [
        'the database unreachable',
        { method: 'GET', url: '/api/v1/__test/db-down' },
        503,
        'http.serviceUnavailable',
      ],
      ['a failure of ours', { method: 'GET', url: '/api/v1/__test/boom' }, 500],
    ];
    for (const [what, request, status, key] of cases) {
      const res = await call(app, request);
      expectKeyed(res, what, status);
      if (key) expect(res.body_.message_key, what).toBe(key);
    }

    expectKeyed(
      await call(app, { method: 'POST', url: '/api/v1/students', token: student.token, payload: {} }),
      'student details, nothing given',
      422,
    );
    expectKeyed(
      await call(app, {
        method: 'PUT',
        url: '/api/v1/me/language',
        token: student.token,
        payload: { language: 'fr' },
      }),
      'another language',
      422,
    );
  });

  it('for uploads: a file field the form does not take, too many files, a file too large', async () => {
    const teacher = await signUpAndIn(app, 1);
    const upload = (parts: Parameters<typeof multipart>[0]) => ({
      method: 'POST' as const,
      url: '/api/v1/teachers',
      token: teacher.token,
      ...multipart(parts),
    });
    const photo = { filename: 'me.png', data: fixture('photo.png'), type: 'image/png' };
    expectKeyed(
      await call(app, upload([['teacher[something_else]', photo]])),
      'an unexpected file field',
      400,
    );
    expectKeyed(
      await call(
        app,
        upload(Array.from({ length: 7 }, () => ['teacher[profile_photo]', photo] as [string, typeof photo])),
      ),
      'too many files',
      413,
    );
    expectKeyed(
      await call(
        app,
        upload([
          [
            'teacher[profile_photo]',
            { filename: 'big.png', data: Buffer.alloc(6 * 1024 * 1024), type: 'image/png' },
          ],
        ]),
      ),
      'a file too large',
      413,
    );
  });

  it('for the sign-in limit (429) and the sign-in rules', async () => {
    const person = await signUpAndIn(app, 2);
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 5; i++)
      last = await call(app, {
        method: 'POST',
        url: '/users/tokens/sign_in',
        payload: { email: person.email, password: 'wrong-password' },
      });
    expectKeyed(last!, 'too many sign-ins', 429);
    expect(last!.body_.message_key).toBe('http.tooManyAttempts');
  });
});
