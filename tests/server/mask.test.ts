import {
  array,
  boolean,
  enums,
  integer,
  nullable,
  number,
  object,
  optional,
  record,
  StructError,
  size,
  string,
  type,
} from 'superstruct';
import { describe, expect, it } from 'vitest';
import { anyOf, text } from '../../contract/api/fields';
import { CheckedJson, checkedJson, maskResponse, serializeResponse, strip } from '../../contract/api/route';
import { checkedTexts, derivedTexts } from '../../server/lib/checked-texts';

/**
 * Responses are checked and masked through their contract struct by a mask compiled once per
 * struct (contract/api/route.ts): what the struct does not declare never leaves the server, and a
 * response that does not match its struct is refused with superstruct's own error.
 */
const Subject = type({ id: integer(), name: size(string(), 1, 20) });
const Teacher = type({
  id: integer(),
  name: string(),
  rating: nullable(number()),
  active: boolean(),
  status: enums(['pending', 'verified']),
  bio: optional(text(50)),
  subjects: array(Subject),
  address: nullable(type({ city: string(), pin: optional(string()) })),
  contact: anyOf([type({ phone: string() }), type({ email: string() })]),
  extra: optional(record(string(), string())),
});
const Page = type({ data: array(Teacher), total: integer() });

const teacher = (overrides: Record<string, unknown> = {}) => ({
  id: 1,
  name: 'Moumita',
  password_hash: 'secret',
  rating: null,
  active: true,
  status: 'verified',
  subjects: [{ id: 3, name: 'Physics', internal: 'x' }],
  address: { city: 'Kolkata', pin: '700019', geo: [22.5, 88.3] },
  contact: { email: 'm@example.com', token: 't' },
  ...overrides,
});

describe('response masking', () => {
  it('keeps what the struct declares and drops everything else, at every depth', () => {
    const masked = maskResponse({ data: [teacher()], total: 1, debug: { sql: 'select' } }, Page);
    expect(masked).toEqual({
      data: [
        {
          id: 1,
          name: 'Moumita',
          rating: null,
          active: true,
          status: 'verified',
          subjects: [{ id: 3, name: 'Physics' }],
          address: { city: 'Kolkata', pin: '700019' },
          contact: { email: 'm@example.com' },
        },
      ],
      total: 1,
    });
    expect(JSON.stringify(masked)).not.toMatch(/password_hash|internal|geo|token|debug/);
  });

  it('gives the same answer as the reference walk', () => {
    const value = {
      data: [teacher(), teacher({ id: 2, bio: 'Teaches well', address: null, contact: { phone: '98765' } })],
      total: 2,
    };
    expect(maskResponse(value, Page)).toEqual(strip(value, Page));
  });

  it('refuses a response that does not match its struct, with superstruct’s error', () => {
    const bad = [
      teacher({ id: 'one' }),
      teacher({ status: 'unknown' }),
      teacher({ subjects: [{ id: 3, name: '' }] }),
      teacher({ bio: 'x'.repeat(51) }),
      teacher({ contact: { fax: '1' } }),
      teacher({ address: [] }),
      teacher({ extra: { a: 1 } }),
      teacher({ rating: undefined }),
    ];
    for (const value of bad)
      expect(() => maskResponse({ data: [value], total: 1 }, Page)).toThrow(StructError);
    expect(() => maskResponse(null, Page)).toThrow(StructError);
  });

  it('refuses undeclared keys where the struct is an exact object', () => {
    const Exact = object({ id: integer() });
    expect(maskResponse({ id: 1 }, Exact)).toEqual({ id: 1 });
    expect(() => maskResponse({ id: 1, secret: 'x' }, Exact)).toThrow(StructError);
  });

  it('writes the masked response as JSON directly, the same text as the masked copy gives', () => {
    const values = [
      {
        data: [
          teacher(),
          teacher({ id: 2, bio: 'Tab\there "quoted" \u2028', address: null, contact: { phone: '9' } }),
        ],
        total: 2,
      },
      { data: [], total: 0, extra: 1 },
      { data: [teacher({ extra: { a: 'b' }, rating: 4.5 })], total: 1 },
    ];
    for (const value of values) {
      const text = serializeResponse(value, Page);
      expect(text).toBe(JSON.stringify(maskResponse(value, Page)));
      expect(JSON.parse(text as string)).toEqual(strip(value, Page));
    }
    expect(serializeResponse([{ id: 1, name: 'A', x: 1 }], array(Subject))).toBe('[{"id":1,"name":"A"}]');
    expect(serializeResponse(null, nullable(Subject))).toBe('null');
    expect(() => serializeResponse({ data: [teacher({ status: 'x' })], total: 1 }, Page)).toThrow(
      StructError,
    );
    expect(() => serializeResponse({ id: 1, secret: 'x' }, object({ id: integer() }))).toThrow(StructError);
  });

  it('masks lists and nullable top-level structs', () => {
    expect(maskResponse([{ id: 1, name: 'A', x: 1 }], array(Subject))).toEqual([{ id: 1, name: 'A' }]);
    expect(maskResponse(null, nullable(Subject))).toBeNull();
  });

  it('writes a response holding exactly what its struct declares as JSON.stringify does, and masks anything more', () => {
    const exact = {
      data: [
        {
          id: 1,
          name: 'Moumita',
          rating: null,
          active: true,
          status: 'verified',
          subjects: [{ id: 3, name: 'Physics' }],
          address: { city: 'Kolkata' },
          contact: { phone: '98' },
        },
      ],
      total: 1,
    };
    expect(serializeResponse(exact, Page)).toBe(JSON.stringify(exact));
    // One undeclared field anywhere, however deep, sends the whole response through the mask.
    const deep = structuredClone(exact);
    (deep.data[0]?.subjects[0] as Record<string, unknown>).internal = 'x';
    expect(serializeResponse(deep, Page)).toBe(JSON.stringify(exact));
    // An object whose toJSON would write something else is masked too, not written by toJSON.
    const sneaky = {
      ...exact,
      data: [{ ...exact.data[0], address: { city: 'Kolkata', toJSON: () => ({ geo: 1 }) } }],
    };
    expect(JSON.parse(serializeResponse(sneaky, Page) as string)).toEqual(exact);
    // An exact object refuses an undeclared key even when a declared one is missing.
    const Exact = object({ id: optional(integer()), name: optional(string()) });
    expect(() => serializeResponse({ id: 1, secret: 'x' }, Exact)).toThrow(StructError);
    expect(serializeResponse({ id: 1 }, Exact)).toBe('{"id":1}');
  });

  it('writes checked JSON texts as they are, and only what their struct declares', () => {
    const expected = maskResponse({ data: [teacher()], total: 1 }, Page);
    // A text with undeclared fields at any depth is masked when it is checked.
    const [checked] = checkedTexts([JSON.stringify(teacher())], Teacher);
    expect(checked).toBeInstanceOf(CheckedJson);
    expect(checked?.text).not.toMatch(/password_hash|internal|geo|token/);
    const written = serializeResponse({ data: [checked], total: 1, debug: 'x' }, Page) as string;
    expect(written).toBe(JSON.stringify(expected));
    // An exact text is kept, written as JSON.stringify writes it (PostgreSQL's spacing dropped).
    const exact = JSON.stringify((expected as { data: unknown[] }).data[0]);
    const spaced = exact.replace(/,"/g, ', "').replace(/":/g, '" : ');
    expect(checkedJson(spaced, Teacher).text).toBe(exact);
    expect(checkedTexts([spaced, spaced], Teacher).map((c) => c.text)).toEqual([exact, exact]);
    // A text that does not match its struct is refused with superstruct's error.
    expect(() => checkedTexts([JSON.stringify(teacher({ status: 'unknown' }))], Teacher)).toThrow(
      StructError,
    );
    // Texts are found by their first characters and then compared whole: a changed record (same
    // start, another end) is checked afresh, every time it differs from the one remembered.
    const renamed = exact.replace(/"status":"[a-z]+"/, '"status":"pending"');
    expect(renamed.slice(0, 48)).toBe(exact.slice(0, 48));
    expect(renamed).not.toBe(exact);
    expect(checkedTexts([exact, renamed, exact], Teacher).map((c) => c.text)).toEqual([
      exact,
      renamed,
      exact,
    ]);
    const broken = exact.replace(/"status":"[a-z]+"/, '"status":"unknown"');
    expect(() => checkedTexts([broken], Teacher)).toThrow(StructError);
    expect(checkedTexts([exact], Teacher)[0]?.text).toBe(exact);
    // A checked text counts only where its own struct is expected, and is never written as an object.
    expect(() => serializeResponse({ data: [checkedJson(exact, Subject)], total: 1 }, Page)).toThrow();
    expect(() => JSON.stringify(checked)).toThrow();
    expect(
      () => new (CheckedJson as unknown as new (...a: unknown[]) => unknown)(Symbol('x'), Teacher, '{}'),
    ).toThrow();
  });

  it('writes values made from texts (a card from a stored record) checked once per distinct text', () => {
    const made: string[] = [];
    // What a response shows of a stored teacher: the name and subjects, and a fact the caller reads.
    const Card = type({ name: string(), subjects: array(Subject) });
    const cardOf = (t: ReturnType<typeof teacher>) => {
      made.push(t.subjects[0]?.name ?? '');
      return { value: { name: t.name, subjects: t.subjects }, facts: { id: t.id } };
    };
    const stored = JSON.stringify(teacher());
    const [first] = derivedTexts([stored], Card, cardOf);
    // Checked and masked like any response: the subjects' undeclared field is gone.
    expect(first?.checked.text).toBe('{"name":"Moumita","subjects":[{"id":3,"name":"Physics"}]}');
    expect(first?.facts).toEqual({ id: 1 });
    const Cards = type({ data: array(Card) });
    expect(serializeResponse({ data: [first?.checked] }, Cards)).toBe(`{"data":[${first?.checked.text}]}`);
    // The same text again is not made again; a changed text (same start) is, every time it differs.
    const renamed = stored.replace('"Physics"', '"Chemistry"');
    expect(renamed.slice(0, 48)).toBe(stored.slice(0, 48));
    const again = derivedTexts([stored, renamed, stored], Card, cardOf);
    expect(again.map((c) => JSON.parse(c.checked.text).subjects[0].name)).toEqual([
      'Physics',
      'Chemistry',
      'Physics',
    ]);
    expect(made).toEqual(['Physics', 'Chemistry', 'Physics']);
    // A made value that does not match its struct is refused; it is never written where a Teacher is.
    const badSubject = JSON.stringify(teacher({ id: 2, subjects: [{ id: 3, name: '' }] }));
    expect(() => derivedTexts([badSubject], Card, cardOf)).toThrow(StructError);
    expect(() => serializeResponse({ data: [first?.checked], total: 1 }, Page)).toThrow();
    // Another derivation of the same texts has entries of its own.
    const nameOnly = (t: ReturnType<typeof teacher>) => ({
      value: { name: t.name, subjects: [] },
      facts: null,
    });
    expect(derivedTexts([stored], Card, nameOnly)[0]?.checked.text).toBe('{"name":"Moumita","subjects":[]}');
  });
});
