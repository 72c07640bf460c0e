import { assert, is, type Struct } from 'superstruct';
import { IMAGE_MAX_BYTES, RESUME_MAX_BYTES } from '../constants';

/** Any struct (superstruct's generics are invariant; `any` is the library's own way to say "some struct"). */
// biome-ignore lint/suspicious/noExplicitAny: see above
export type AnyStruct = Struct<any, any>;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. The server attaches the matching check before validation:
 * public: anyone; optional: anyone, with the caller known when a token is sent; signed_in: any live access token; admin: administrators only;
 * teacher / student / job_seeker: that role or an administrator; refresh: a refresh token (body or Bearer).
 */
export type Access =
  | 'public'
  | 'optional'
  | 'signed_in'
  | 'admin'
  | 'teacher'
  | 'student'
  | 'job_seeker'
  | 'refresh';

/** A file a multipart route takes: its kind (checked by content) and the size over which it is refused (413). */
export interface FileField {
  type: 'image' | 'pdf';
  maxBytes: number;
  /** The 413 message when it is not the usual one for its kind. */
  tooLarge?: string;
}

/** A file the route sends instead of JSON (uploaded documents). */
export interface FileResponse {
  file: string[];
}

/**
 * One API route, declared once. The server registers it from this (server/lib/route.ts: access,
 * validation, serialisation), the OpenAPI document is generated from it (contract/api/openapi.ts),
 * and the client decodes the same `response` struct.
 */
export interface RouteSpec {
  /** Unique, `<resource>.<action>`: the operationId of the OpenAPI document. */
  id: string;
  method: Method | readonly Method[];
  /** Fastify style: `/api/v1/teachers/:id`. */
  path: string;
  summary: string;
  /** Longer notes for the reference page (rules, side effects). */
  description?: string;
  access: Access;
  params?: AnyStruct;
  query?: AnyStruct;
  /** JSON body; for multipart routes, the text fields (after the wrapper is taken off). */
  body?: AnyStruct;
  /** Multipart (or JSON) body read with Rails-style `wrapper[field]` names; files by field. */
  multipart?: { wrapper: string; files: Record<string, FileField> };
  /** Success status (200 unless given). */
  status?: number;
  /** Other success statuses the route may answer with the same body (e.g. 200 on a replace). */
  alsoStatus?: number[];
  response: AnyStruct | FileResponse;
  /** Error statuses worth documenting beyond 401/403/404/422. */
  errors?: number[];
}

export const imageFile = (): FileField => ({ type: 'image', maxBytes: IMAGE_MAX_BYTES });
export const pdfFile = (tooLarge?: string): FileField => ({
  type: 'pdf',
  maxBytes: RESUME_MAX_BYTES,
  ...(tooLarge ? { tooLarge } : {}),
});

/** Declares a route (identity, keeps the literal types for the server's handler typing). */
export const route = <const R extends RouteSpec>(spec: R): R => spec;

export const isFileResponse = (response: RouteSpec['response']): response is FileResponse =>
  'file' in response && Array.isArray((response as FileResponse).file);

export const methodsOf = (spec: RouteSpec): Method[] =>
  Array.isArray(spec.method) ? [...spec.method] : [spec.method as Method];

type InferOr<S, D = undefined> = S extends Struct<infer T, infer _S> ? T : D;

/** What a handler receives for a declaration: the validated, masked params, query and body. */
export interface RouteInput<R extends RouteSpec> {
  params: InferOr<R['params'], Record<string, never>>;
  query: InferOr<R['query'], Record<string, never>>;
  body: InferOr<R['body']>;
}

export type RouteOutput<R extends RouteSpec> = R['response'] extends Struct<infer T, infer _S> ? T : unknown;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of `value` holding only what `struct` declares (recursively). The reference walk; slow. */
export function strip(value: unknown, struct: AnyStruct): unknown {
  if (value === null || value === undefined) return value;
  const schema = struct.schema as unknown;
  switch (struct.type) {
    case 'type':
    case 'object': {
      if (!isPlainObject(value) || !isPlainObject(schema)) return value;
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema as Record<string, AnyStruct>)) {
        if (value[key] !== undefined) out[key] = strip(value[key], child);
      }
      return out;
    }
    case 'array':
      return Array.isArray(value) && schema ? value.map((item) => strip(item, schema as AnyStruct)) : value;
    case 'union': {
      if (!Array.isArray(schema)) return value;
      const member = (schema as AnyStruct[]).find((m) => is(value, m));
      return member ? strip(value, member) : value;
    }
    default:
      return value;
  }
}

/**
 * Responses are checked and masked through their struct by code compiled once per struct (a struct
 * is immutable once declared), in two steps:
 * - the check: whether the value matches the struct, calling each struct's own validator and
 *   refiner (so refinements, `nullable`, `optional` and the contract's own field structs keep their
 *   meaning) but skipping superstruct's generic run (a generator per node, failure objects, path
 *   arrays), which made checking a page of twenty teacher records cost milliseconds; and whether it
 *   holds only what the struct declares (CLEAN) or more (MASK);
 * - the write: a CLEAN value (the usual case: the database built it in exactly the declared shape)
 *   is written by JSON.stringify itself, natively and as one flat string; a MASK value by the
 *   masker, which writes as JSON only what the struct declares, without checking again.
 * Kinds it does not know (record, tuple, intersection, dynamic...) are checked by superstruct
 * itself and written whole, as the reference walk above keeps them. Recursive structs (lazy) go
 * through superstruct, so a struct never refers to itself here.
 */
const INVALID: unique symbol = Symbol('invalid');
/** Structs whose instances never have entries (superstruct's leaves and the contract's `field`). */
const LEAVES = new Set([
  'any',
  'bigint',
  'boolean',
  'date',
  'enums',
  'field',
  'func',
  'instance',
  'integer',
  'literal',
  'never',
  'number',
  'regexp',
  'string',
  'unknown',
]);
/** A validator's context; only read to describe a failure, and a failure sends us to `assert`. */
const CONTEXT = { path: [], branch: [], mask: false };

const passes = (failures: Iterable<unknown>): boolean => {
  for (const _ of failures) return false;
  return true;
};

/** Whether `struct` itself (not its children) accepts `value`: validator, then refiner. */
const own = (struct: AnyStruct, value: unknown): boolean =>
  passes(struct.validator(value, CONTEXT as never)) && passes(struct.refiner(value, CONTEXT as never));

const MADE_HERE: unique symbol = Symbol('checkedJson');

/**
 * A value's JSON text, already checked against `struct` and holding exactly what it declares: the
 * response writer puts the text in as it is wherever `struct` itself is expected (an element of a
 * list of teacher records, say), instead of walking and writing a parsed value. Made only by
 * `checkedJson`, which checks (and masks) it first; nothing undeclared can leave through one.
 */
export class CheckedJson {
  readonly struct: AnyStruct;
  readonly text: string;
  constructor(token: typeof MADE_HERE, struct: AnyStruct, text: string) {
    if (token !== MADE_HERE) throw new Error('CheckedJson is made by checkedJson()');
    this.struct = struct;
    this.text = text;
  }
  /** Never written as an object (that would write its struct): only as its text, by the masker. */
  toJSON(): never {
    throw new Error('A CheckedJson is written by serializeResponse only');
  }
}

const CLEAN = 0;
const MASK = 1;
type Check = (value: unknown) => typeof CLEAN | typeof MASK | typeof INVALID;
const checks = new WeakMap<AnyStruct, Check>();

/**
 * The check of a struct. Objects with a toJSON method count as holding more than declared
 * (JSON.stringify would write what toJSON gives): the masker writes their declared fields.
 */
function compileCheck(struct: AnyStruct): Check {
  const cached = checks.get(struct);
  if (cached) return cached;
  let check: Check;
  const schema = struct.schema as unknown;
  if ((struct.type === 'type' || struct.type === 'object') && isPlainObject(schema)) {
    const keys = Object.keys(schema);
    const children = keys.map((key) => compileCheck(schema[key] as AnyStruct));
    const strict = struct.type === 'object';
    const known = new Set(keys);
    check = (value) => {
      if (!passes(struct.validator(value, CONTEXT as never))) return INVALID;
      if (Array.isArray(value)) return is(value, struct) ? CLEAN : INVALID;
      if (typeof value !== 'object' || value === null)
        return passes(struct.refiner(value, CONTEXT as never)) ? CLEAN : INVALID;
      const record = value as Record<string, unknown>;
      let state: typeof CLEAN | typeof MASK = CLEAN;
      for (let i = 0; i < keys.length; i++) {
        const result = (children[i] as Check)(record[keys[i] as string]);
        if (result === INVALID) return INVALID;
        if (result === MASK) state = MASK;
      }
      for (const key of Object.keys(record)) {
        if (known.has(key)) continue;
        if (strict) return INVALID;
        state = MASK;
      }
      if (typeof record.toJSON === 'function') state = MASK;
      return passes(struct.refiner(value, CONTEXT as never)) ? state : INVALID;
    };
  } else if (struct.type === 'array' && schema) {
    const element = compileCheck(schema as AnyStruct);
    check = (value) => {
      if (!passes(struct.validator(value, CONTEXT as never))) return INVALID;
      if (!Array.isArray(value)) return passes(struct.refiner(value, CONTEXT as never)) ? CLEAN : INVALID;
      let state: typeof CLEAN | typeof MASK = CLEAN;
      for (let i = 0; i < value.length; i++) {
        const result = element(value[i]);
        if (result === INVALID) return INVALID;
        if (result === MASK) state = MASK;
      }
      return passes(struct.refiner(value, CONTEXT as never)) ? state : INVALID;
    };
  } else if (struct.type === 'union' && Array.isArray(schema)) {
    const members = (schema as AnyStruct[]).map(compileCheck);
    check = (value) => {
      for (const member of members) {
        const result = member(value);
        if (result !== INVALID) return passes(struct.refiner(value, CONTEXT as never)) ? result : INVALID;
      }
      return INVALID;
    };
  } else if (LEAVES.has(struct.type) || (struct.type === 'array' && !schema)) {
    check = (value) => (own(struct, value) ? CLEAN : INVALID);
  } else {
    check = (value) => (is(value, struct) ? CLEAN : INVALID);
  }
  // A checked text counts where its own struct is expected (written by the masker), nowhere else.
  const inner = check;
  check = (value) =>
    value instanceof CheckedJson ? (value.struct === struct ? MASK : INVALID) : inner(value);
  checks.set(struct, check);
  return check;
}

/**
 * The masker of a struct, for a value its check accepted: no masked copy in between (one string per
 * value instead of a tree, then a second walk by JSON.stringify). Leaves are written by
 * JSON.stringify, and objects skip keys whose value is undefined, so the text is what JSON.stringify
 * of the reference walk's copy gives. A union writes through the first member whose check accepts
 * the value, the member the reference walk keeps.
 */
type Masker = (value: unknown) => string | undefined;
const maskers = new WeakMap<AnyStruct, Masker>();
const whole: Masker = (value) => JSON.stringify(value);

function compileMasker(struct: AnyStruct): Masker {
  const cached = maskers.get(struct);
  if (cached) return cached;
  let masker: Masker;
  const schema = struct.schema as unknown;
  if ((struct.type === 'type' || struct.type === 'object') && isPlainObject(schema)) {
    const keys = Object.keys(schema);
    const names = keys.map((key) => `${JSON.stringify(key)}:`);
    const children = keys.map((key) => compileMasker(schema[key] as AnyStruct));
    masker = (value) => {
      if (Array.isArray(value) || typeof value !== 'object' || value === null) return whole(value);
      const record = value as Record<string, unknown>;
      let out = '{';
      for (let i = 0; i < keys.length; i++) {
        const item = record[keys[i] as string];
        if (item === undefined) continue;
        const written = (children[i] as Masker)(item);
        if (written === undefined) continue;
        out += out.length === 1 ? `${names[i]}${written}` : `,${names[i]}${written}`;
      }
      return `${out}}`;
    };
  } else if (struct.type === 'array' && schema) {
    const element = compileMasker(schema as AnyStruct);
    masker = (value) => {
      if (!Array.isArray(value)) return whole(value);
      let out = '[';
      for (let i = 0; i < value.length; i++) out += `${i ? ',' : ''}${element(value[i]) ?? 'null'}`;
      return `${out}]`;
    };
  } else if (struct.type === 'union' && Array.isArray(schema)) {
    const members = (schema as AnyStruct[]).map((member) => ({
      check: compileCheck(member),
      mask: compileMasker(member),
    }));
    masker = (value) => {
      for (const member of members) if (member.check(value) !== INVALID) return member.mask(value);
      return whole(value);
    };
  } else {
    masker = whole;
  }
  const inner = masker;
  masker = (value) => (value instanceof CheckedJson && value.struct === struct ? value.text : inner(value));
  maskers.set(struct, masker);
  return masker;
}

/**
 * `text` (JSON) checked against `struct`: a CheckedJson of the JSON text of what the struct declares,
 * written as serializeResponse writes it (so the bytes sent are the same either way). A mismatch
 * throws superstruct's error.
 */
export function checkedJson(text: string, struct: AnyStruct): CheckedJson {
  const value: unknown = JSON.parse(text);
  const state = compileCheck(struct)(value);
  if (state === CLEAN) return new CheckedJson(MADE_HERE, struct, JSON.stringify(value));
  if (state === MASK) return new CheckedJson(MADE_HERE, struct, compileMasker(struct)(value) ?? 'null');
  assert(value, struct);
  return new CheckedJson(MADE_HERE, struct, JSON.stringify(strip(value, struct)));
}

/**
 * `value` checked against `struct` and written as serializeResponse writes it, kept as a CheckedJson
 * (so the same text can be sent again without walking the value). A mismatch throws superstruct's error.
 */
export function checkedValue(value: unknown, struct: AnyStruct): CheckedJson {
  return new CheckedJson(MADE_HERE, struct, serializeResponse(value, struct) ?? 'null');
}

/**
 * A response as JSON text, checked and masked through its struct (what the reference walk keeps,
 * written directly). A mismatch throws superstruct's error.
 */
export function serializeResponse(value: unknown, struct: AnyStruct): string | undefined {
  const state = compileCheck(struct)(value);
  // Exactly what the struct declares: JSON.stringify writes the same JSON value the masker would.
  if (state === CLEAN) return JSON.stringify(value);
  if (state === MASK) return compileMasker(struct)(value);
  // The compiled check said no: superstruct says why (and throws). Should it accept the value after
  // all, the reference walk masks it, so a disagreement can cost time but never leak a field.
  assert(value, struct);
  return JSON.stringify(strip(value, struct));
}

/**
 * A response checked and masked through its struct, as the value the client receives (the JSON
 * `serializeResponse` writes, read back): a field the struct does not declare never leaves the
 * server. superstruct's own `mask` strips only `object` structs; the response structs are `type`
 * structs (the client tolerates additions), so the compiled writer strips them too.
 */
export function maskResponse<T>(value: unknown, struct: Struct<T, unknown>): T {
  const json = serializeResponse(value, struct);
  return (json === undefined ? undefined : JSON.parse(json)) as T;
}
