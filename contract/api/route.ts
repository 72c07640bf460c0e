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

/** A copy of `value` holding only what `struct` declares (recursively). */
function strip(value: unknown, struct: AnyStruct): unknown {
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
 * Serialises a response through its struct: checks it (a mismatch is a bug on our side and throws)
 * and masks it, so a field the struct does not declare never leaves the server. superstruct's own
 * `mask` strips only `object` structs; the response structs are `type` structs (the client tolerates
 * additions), so the walk above does the same for them.
 */
export function maskResponse<T>(value: unknown, struct: Struct<T, unknown>): T {
  assert(value, struct);
  return strip(value, struct) as T;
}
