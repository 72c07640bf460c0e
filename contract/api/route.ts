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
 * Responses are checked and masked through their struct by a writer compiled once per struct (a
 * struct is immutable once declared): it checks a value and writes, as JSON, only what the struct
 * declares, in one walk, or answers INVALID. It calls each struct's own validator and refiner (so
 * refinements, `nullable`, `optional` and the contract's own field structs keep their meaning) but
 * skips superstruct's generic run (a generator per node, failure objects, path arrays), which made
 * checking a page of twenty teacher records cost milliseconds. Kinds it does not know (record,
 * tuple, intersection, dynamic...) are checked by superstruct itself and written whole, as the
 * reference walk above keeps them.
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

/**
 * The writer of a struct: no masked copy in between (one allocation per value instead of a tree,
 * then a second walk by JSON.stringify). Leaves are written by JSON.stringify, and objects skip keys
 * whose value is undefined, so the text is what JSON.stringify of the reference walk's copy gives.
 * Recursive structs (lazy) go through superstruct, so a struct never refers to itself here.
 */
type Writer = (value: unknown) => string | undefined | typeof INVALID;
const writers = new WeakMap<AnyStruct, Writer>();
const whole: Writer = (value) => JSON.stringify(value);

function compileWriter(struct: AnyStruct): Writer {
  const cached = writers.get(struct);
  if (cached) return cached;
  let writer: Writer;
  const schema = struct.schema as unknown;
  if ((struct.type === 'type' || struct.type === 'object') && isPlainObject(schema)) {
    const keys = Object.keys(schema);
    const names = keys.map((key) => `${JSON.stringify(key)}:`);
    const children = keys.map((key) => compileWriter(schema[key] as AnyStruct));
    const strict = struct.type === 'object';
    const known = new Set(keys);
    writer = (value) => {
      if (!passes(struct.validator(value, CONTEXT as never))) return INVALID;
      if (Array.isArray(value)) return is(value, struct) ? whole(value) : INVALID;
      if (typeof value !== 'object' || value === null)
        return passes(struct.refiner(value, CONTEXT as never)) ? whole(value) : INVALID;
      const record = value as Record<string, unknown>;
      let out = '{';
      for (let i = 0; i < keys.length; i++) {
        const item = record[keys[i] as string];
        const written = (children[i] as Writer)(item);
        if (written === INVALID) return INVALID;
        if (item === undefined || written === undefined) continue;
        out += out.length === 1 ? `${names[i]}${written}` : `,${names[i]}${written}`;
      }
      if (strict) for (const key of Object.keys(record)) if (!known.has(key)) return INVALID;
      return passes(struct.refiner(value, CONTEXT as never)) ? `${out}}` : INVALID;
    };
  } else if (struct.type === 'array' && schema) {
    const element = compileWriter(schema as AnyStruct);
    writer = (value) => {
      if (!passes(struct.validator(value, CONTEXT as never))) return INVALID;
      if (!Array.isArray(value))
        return passes(struct.refiner(value, CONTEXT as never)) ? whole(value) : INVALID;
      let out = '[';
      for (let i = 0; i < value.length; i++) {
        const written = element(value[i]);
        if (written === INVALID) return INVALID;
        out += `${i ? ',' : ''}${written ?? 'null'}`;
      }
      return passes(struct.refiner(value, CONTEXT as never)) ? `${out}]` : INVALID;
    };
  } else if (struct.type === 'union' && Array.isArray(schema)) {
    const members = (schema as AnyStruct[]).map(compileWriter);
    writer = (value) => {
      for (const member of members) {
        const written = member(value);
        if (written !== INVALID) return passes(struct.refiner(value, CONTEXT as never)) ? written : INVALID;
      }
      return INVALID;
    };
  } else if (LEAVES.has(struct.type) || (struct.type === 'array' && !schema)) {
    writer = (value) => (own(struct, value) ? whole(value) : INVALID);
  } else {
    writer = (value) => (is(value, struct) ? whole(value) : INVALID);
  }
  writers.set(struct, writer);
  return writer;
}

/**
 * The check of a struct, compiled once like the writer: whether a value matches the struct (each
 * struct's own validator and refiner, as the writer calls them) and whether it holds only what the
 * struct declares. A value the database built in exactly the declared shape (the usual case) is then
 * written by JSON.stringify itself, as one flat string: the writer's text, built by concatenation,
 * had to be flattened again before it went out (half a millisecond for a page of twenty teacher
 * records), and JSON.stringify is native. Objects with a toJSON method count as undeclared (JSON.stringify
 * would write what toJSON gives), so they go through the writer as before.
 */
const CLEAN = 0;
const MASK = 1;
type Check = (value: unknown) => typeof CLEAN | typeof MASK | typeof INVALID;
const checks = new WeakMap<AnyStruct, Check>();

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
  checks.set(struct, check);
  return check;
}

/**
 * A response as JSON text, checked and masked through its struct (what the reference walk keeps,
 * written directly). A mismatch throws superstruct's error.
 */
export function serializeResponse(value: unknown, struct: AnyStruct): string | undefined {
  const state = compileCheck(struct)(value);
  // Exactly what the struct declares: JSON.stringify writes the same JSON value the writer would.
  if (state === CLEAN) return JSON.stringify(value);
  const written = state === MASK ? compileWriter(struct)(value) : INVALID;
  if (written !== INVALID) return written;
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
