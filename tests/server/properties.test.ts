import fc from 'fast-check';
import { type Struct, validate } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { API_ROUTES, methodsOf, type RouteSpec } from '../../contract/api';
import { call, useTestApp } from './helper';
import { adminToken } from './teacher-helpers';

/**
 * For every declared route, inputs built from the negation of its declaration (wrong types, text over
 * its maximum, NUL characters, malformed ids and numbers, non-objects, malformed JSON) get a
 * documented 4xx in the one error shape, never a 5xx. Few runs per route keep it fast.
 */
type AnyStruct = Struct<unknown, unknown>;

const fieldsOf = (struct: AnyStruct | undefined): Record<string, AnyStruct> => {
  if (!struct) return {};
  const schema = struct.schema as { inner?: AnyStruct } | Record<string, AnyStruct> | null;
  if (struct.type === 'wrapped') return fieldsOf((schema as { inner: AnyStruct }).inner);
  return schema && typeof schema === 'object' ? (schema as Record<string, AnyStruct>) : {};
};

const maxLengthOf = (struct: AnyStruct): number => {
  const s = struct.schema as { maxLength?: number } | null;
  return typeof s?.maxLength === 'number' ? s.maxLength : 1000;
};

/** Values that the field's struct refuses (checked with the struct itself). */
function badValues(parent: AnyStruct, key: string, field: AnyStruct): unknown[] {
  const candidates: unknown[] = [
    42,
    -1,
    1.5,
    2 ** 31,
    true,
    {},
    { a: 1 },
    [],
    [{}],
    'x'.repeat(maxLengthOf(field) + 1),
    'a\u0000b',
    '0x1',
    '1e0',
    '+1',
    ' 1',
  ];
  return candidates.filter((value) => validate({ [key]: value }, parent, { coerce: true, mask: true })[0]);
}

function badQueryValues(parent: AnyStruct, key: string, field: AnyStruct): string[] {
  const candidates = ['x'.repeat(maxLengthOf(field) + 1), 'a\u0000b', '0x1', '1e3', '-5', '+1', ' 1', 'abc'];
  return candidates.filter((value) => validate({ [key]: value }, parent, { coerce: true, mask: true })[0]);
}

const BAD_IDS = ['0x1', '1e0', '+1', '%201', '01', '0', '-1', '2147483648', 'abc', '1%00'];

type Case =
  | { kind: 'param'; value: string }
  | { kind: 'query'; key: string; value: string; twice: boolean }
  | { kind: 'body'; key: string; value: unknown; extra: boolean }
  | { kind: 'shape'; payload: unknown }
  | { kind: 'json'; raw: string };

function casesFor(spec: RouteSpec): fc.Arbitrary<Case>[] {
  const arbs: fc.Arbitrary<Case>[] = [];
  if (spec.params && spec.path.includes(':id'))
    arbs.push(fc.constantFrom(...BAD_IDS).map((value) => ({ kind: 'param', value }) as Case));
  if (spec.query) {
    for (const [key, field] of Object.entries(fieldsOf(spec.query))) {
      const values = badQueryValues(spec.query, key, field);
      if (values.length)
        arbs.push(
          fc
            .tuple(fc.constantFrom(...values), fc.boolean())
            .map(([value, twice]) => ({ kind: 'query', key, value, twice }) as Case),
        );
      arbs.push(fc.constant({ kind: 'query', key, value: 'a', twice: true } as Case));
    }
  }
  if (spec.body) {
    for (const [key, field] of Object.entries(fieldsOf(spec.body))) {
      const values = badValues(spec.multipart ? spec.body : spec.body, key, field);
      if (values.length)
        arbs.push(
          fc
            .tuple(fc.constantFrom(...values), fc.boolean())
            .map(([value, extra]) => ({ kind: 'body', key, value, extra }) as Case),
        );
    }
    arbs.push(
      fc.constantFrom<unknown>([], [1, 2], 'text', 7).map((payload) => ({ kind: 'shape', payload }) as Case),
    );
    arbs.push(
      fc.constantFrom('{"a":', '{', '[1,', '{"a": tru}').map((raw) => ({ kind: 'json', raw }) as Case),
    );
  }
  return arbs;
}

const urlFor = (spec: RouteSpec, id = '1') => spec.path.replace(':id', id).replace(':stored', 'x'.repeat(36));

describe('bad input on every declared route', () => {
  const app = useTestApp();
  let token = '';

  for (const spec of API_ROUTES) {
    const arbs = casesFor(spec);
    if (!arbs.length) continue;
    const method = methodsOf(spec)[0];
    it(`${method} ${spec.path} answers a documented 4xx`, async () => {
      token ||= await adminToken(app());
      await fc.assert(
        fc.asyncProperty(fc.oneof(...arbs), async (c) => {
          let url = urlFor(spec);
          let payload: unknown;
          let raw: string | undefined;
          if (c.kind === 'param') url = urlFor(spec, c.value);
          if (c.kind === 'query') {
            const v = encodeURIComponent(c.value);
            url += `?${c.key}=${v}${c.twice ? `&${c.key}=${v}` : ''}`;
          }
          if (c.kind === 'body') payload = { [c.key]: c.value, ...(c.extra ? { not_declared: 'x' } : {}) };
          if (c.kind === 'shape') payload = c.payload;
          if (c.kind === 'json') raw = c.raw;
          const res = await call(app(), {
            method,
            url,
            token,
            ...(raw !== undefined
              ? { payload: raw, headers: { 'content-type': 'application/json' } }
              : payload !== undefined
                ? { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }
                : {}),
          });
          const what = `${JSON.stringify(c)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          if (c.kind === 'shape') {
            // Not an object: refused, or (multipart routes, which also read JSON) read as no fields.
            expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
            expect(res.statusCode, what).toBeLessThan(500);
          } else {
            const expected = c.kind === 'param' ? [404] : c.kind === 'json' ? [400] : [422];
            expect(expected, what).toContain(res.statusCode);
          }
          expect(typeof res.body_?.message).toBe('string');
          if (res.statusCode === 422) expect(typeof res.body_.errors).toBe('object');
          if (c.kind === 'body' || c.kind === 'query')
            expect(
              Object.keys(res.body_.errors).some((k) => k === c.key || k.startsWith(`${c.key}.`)),
              what,
            ).toBe(true);
        }),
        { numRuns: 6 },
      );
    });
  }
});
