import redaxios from 'redaxios';
import { create, type Struct, StructError } from 'superstruct';
import { REQUEST_TIMEOUT_MS } from '../../contract/constants';
import { AUTH_MESSAGES } from '../../contract/rules/auth';
import { HTTP_MESSAGES } from '../../contract/rules/http';
import { clientConfig } from '../lib/config';
import { knownProgress } from '../lib/progress';
import { session } from '../lib/session';
import type { StartedCall } from './started-calls';

/**
 * The one HTTP layer (no other module of src/ calls `fetch`): a redaxios instance (base URL from
 * configuration, JSON, Bearer token, 2-minute time-out). Every response is decoded with a
 * superstruct struct here (`request`), or handed over as a Blob for a file (`download`), so
 * machines only ever see typed data or an ApiError.
 */
export class ApiError extends Error {
  constructor(
    /** response: the server answered with an error status; no_response: network or time-out; decode: unexpected shape */
    public readonly kind: 'response' | 'no_response' | 'decode',
    public readonly status: number | null,
    public readonly body: unknown,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** The server's JSON error body, when it sent one. */
  get data(): Record<string, unknown> {
    return this.body && typeof this.body === 'object' ? (this.body as Record<string, unknown>) : {};
  }
}

const timedFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS) });

export const http = redaxios.create({
  baseURL: clientConfig().apiBaseUrl || undefined,
  headers: { Accept: 'application/json' },
  fetch: timedFetch,
});

/** Called when an authenticated call answers 401: the session is over (docs/product.md#sessions-and-storage). */
let onUnauthorized = () => {
  session.clear();
  if (window.location.pathname !== '/') window.location.assign('/');
};
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  data?: unknown;
  params?: Record<string, string | number | boolean | undefined>;
  /** Send the stored token (default true). */
  auth?: boolean;
}

/** A Blob as redaxios hands it over (the fetch implementation's own class, so no `instanceof`). */
const isBlob = (value: unknown): value is Blob =>
  Boolean(
    value &&
      typeof value === 'object' &&
      typeof (value as Blob).arrayBuffer === 'function' &&
      'size' in value,
  );

/** The JSON error body inside a downloaded Blob (or the Blob's text when it is not JSON). */
async function blobBody(blob: Blob): Promise<unknown> {
  const text = await blob.text().catch(() => '');
  try {
    return JSON.parse(text);
  } catch {
    return text || null;
  }
}

/** Writes that never change what a person completed (src/lib/progress.ts). */
const KEEPS_PROGRESS = /^\/(?:users\/tokens\/|api\/v1\/me\/language|api\/v1\/notifications)/;

/**
 * Sends one call with the stored token. Every failure becomes an ApiError here, the same way for
 * every call: `response` with the server's status, body and message (a 401 on an authenticated
 * call ends the session), or `no_response` for a network failure or the time-out.
 */
async function send(
  options: RequestOptions,
  responseType?: 'blob',
): Promise<{ status: number; data: unknown }> {
  const token = options.auth === false ? null : session.token();
  const params = options.params
    ? Object.fromEntries(Object.entries(options.params).filter(([, v]) => v !== undefined && v !== ''))
    : undefined;
  const method = options.method ?? 'GET';
  try {
    const response = await http(options.url, {
      method,
      data: options.data,
      params,
      headers: {
        ...(responseType ? { Accept: '*/*' } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      ...(responseType ? { responseType } : {}),
    });
    // A write may complete (or undo) an onboarding step: the route guard asks again (not after
    // one that cannot: the account's language, tokens, notifications read).
    if (method !== 'GET' && !KEEPS_PROGRESS.test(options.url)) knownProgress.forget();
    return response;
  } catch (failure) {
    const res = failure as { status?: number; data?: unknown };
    if (typeof res?.status === 'number' && res.status > 0) {
      if (res.status === 401 && token) onUnauthorized();
      const body = isBlob(res.data) ? await blobBody(res.data) : res.data;
      const message =
        (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
          ? (body as { message: string }).message
          : null) ?? HTTP_MESSAGES.requestFailed(res.status);
      throw new ApiError('response', res.status, body, message);
    }
    throw new ApiError('no_response', null, null, AUTH_MESSAGES.noResponse);
  }
}

/** Performs a call and decodes its body with `struct`; throws ApiError on any failure. */
export async function request<T, S>(struct: Struct<T, S>, options: RequestOptions): Promise<T> {
  const response = await send(options);
  try {
    return create(response.data, struct);
  } catch (error) {
    const detail =
      error instanceof StructError ? ` (${error.path.join('.') || 'body'}: ${error.message})` : '';
    throw new ApiError('decode', response.status, response.data, HTTP_MESSAGES.unexpectedResponse(detail));
  }
}

/**
 * Downloads a file (a private document: a certificate, a mark sheet, a resume) as a Blob, with the
 * stored token and the same failures as `request` (an ApiError; the server's JSON error body is read
 * out of the download).
 */
export async function download(options: Pick<RequestOptions, 'url' | 'params' | 'auth'>): Promise<Blob> {
  const response = await send(options, 'blob');
  if (!isBlob(response.data))
    throw new ApiError('decode', response.status, null, HTTP_MESSAGES.unexpectedResponse(' (not a file)'));
  return response.data;
}

/**
 * The answer to `url` when the page's HTML already asked for it (a signed-in home's first screen,
 * contract/api/first-screen.ts) and it came back 2xx with the expected shape; taken once. Otherwise
 * undefined, and the caller makes the call itself (errors, a refreshed token and all).
 */
export function firstScreen<T, S>(struct: Struct<T, S>, url: string): Promise<T | undefined> {
  return takeStarted('__FIRST_SCREEN__', struct, url);
}

/** The route guard's progress answer when the page's HTML already asked for it; as `firstScreen`. */
export function startedProgress<T, S>(struct: Struct<T, S>, url: string): Promise<T | undefined> {
  return takeStarted('__PROGRESS__', struct, url);
}

/**
 * The first screen's answer to `url` when it is already back (2xx, the expected shape), without
 * waiting a step: a signed-in home's machine starts from it, on screen in the page's first render,
 * instead of loading it. Whoever asks while the page first renders (React may render it twice) gets
 * the same answer; it is then dropped, so `firstScreen` and any later visit ask the server.
 */
export function firstScreenBack<T, S>(struct: Struct<T, S>, url: string): T | undefined {
  const started = typeof window === 'undefined' ? undefined : window.__FIRST_SCREEN__;
  if (!started || started.url !== url) return undefined;
  return givenOnce(started, struct, () => {
    if (window.__FIRST_SCREEN__ === started) window.__FIRST_SCREEN__ = undefined;
  });
}

/** A started call's answer once it is back, decoded once and given to every render until `drop` runs. */
function givenOnce<T, S>(started: StartedCall, struct: Struct<T, S>, drop: () => void): T | undefined {
  if (!started.done || clientConfig().apiBaseUrl) return undefined;
  if (!('given' in started)) {
    try {
      started.given = started.value === null ? undefined : create(started.value, struct);
    } catch {
      started.given = undefined;
    }
    // Given once: after this render the page's machine has it, and a reload of it asks the server.
    if (started.given !== undefined) queueMicrotask(drop);
  }
  return started.given as T | undefined;
}

async function takeStarted<T, S>(
  slot: '__FIRST_SCREEN__' | '__PROGRESS__',
  struct: Struct<T, S>,
  url: string,
): Promise<T | undefined> {
  const started = typeof window === 'undefined' ? undefined : window[slot];
  if (!started || started.url !== url || clientConfig().apiBaseUrl) return undefined;
  window[slot] = undefined;
  return decodeStarted(struct, await started.body);
}

/** A started call's body as `struct`, or undefined (not 2xx, not JSON, not of that shape). */
function decodeStarted<T, S>(struct: Struct<T, S>, body: unknown): T | undefined {
  if (body === null || body === undefined) return undefined;
  try {
    return create(body, struct);
  } catch {
    return undefined;
  }
}

/** Builds multipart form data with Rails-style bracketed names: teacher[name], teacher[subject_ids][]. */
export function toFormData(wrapper: string, fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) form.append(`${wrapper}[${key}][]`, String(item));
    else if (value instanceof Blob) form.append(`${wrapper}[${key}]`, value, (value as File).name ?? key);
    else form.append(`${wrapper}[${key}]`, String(value));
  }
  return form;
}
