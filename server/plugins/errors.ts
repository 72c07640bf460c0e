import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messageKeyOf } from '../../contract/messages';
import { HTTP_MESSAGES } from '../../contract/rules/http';
import { INPUT_MESSAGES } from '../../contract/rules/input';
import { mapDatabaseError } from '../lib/db-errors';
import { HttpError } from '../lib/http';
import { REQUEST_FILES_MAX_BYTES } from '../lib/uploads';

/** JSON bodies larger than this are refused with 413 (Fastify's bodyLimit). */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;
/** Longer request addresses are refused with 414. */
export const MAX_URL_LENGTH = 8192;
/** Multipart limits (besides each file's own size limit). */
export const MULTIPART_LIMITS = { files: 6, fields: 60, parts: 70, fieldSize: 64 * 1024 };

/** Seconds a client should wait before retrying while the database is unreachable. */
export const DB_RETRY_AFTER_SECONDS = 5;

/** The one error body every status uses: `error` (a code), `message` (for people), `errors` for fields. */
export function errorBody(error: string, message: string, extra: Record<string, unknown> = {}) {
  return { error, message, ...extra };
}

/**
 * Adds the message keys of the contract's catalogue to an error body, beside the English texts
 * (which stay as they are for older clients): `message_key` (+ `message_values`) for `message`, and
 * `error_keys` (field -> key of each message, null for a text without one) for `errors`.
 */
export function withMessageKeys(body: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body };
  const ref = messageKeyOf(body.message);
  if (ref && out.message_key === undefined) {
    out.message_key = ref.key;
    if (ref.values) out.message_values = ref.values;
  }
  const errors = body.errors;
  if (errors && typeof errors === 'object' && !Array.isArray(errors) && out.error_keys === undefined) {
    const keys: Record<string, Array<string | null>> = {};
    for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
      const list = Array.isArray(messages) ? messages : [messages];
      keys[field] = list.map((m) => messageKeyOf(m)?.key ?? null);
    }
    out.error_keys = keys;
  }
  return out;
}

/** What a too-large or too-many refusal says, by Fastify/multipart error code. */
const TOO_LARGE: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: HTTP_MESSAGES.bodyTooLarge(JSON_BODY_MAX_BYTES / (1024 * 1024)),
  FST_FILES_LIMIT: HTTP_MESSAGES.tooManyFiles(MULTIPART_LIMITS.files),
  FST_FIELDS_LIMIT: HTTP_MESSAGES.tooManyFields(MULTIPART_LIMITS.fields),
  FST_PARTS_LIMIT: HTTP_MESSAGES.tooManyParts(MULTIPART_LIMITS.parts),
  FST_REQ_FILE_TOO_LARGE: HTTP_MESSAGES.fileTooLarge(REQUEST_FILES_MAX_BYTES / (1024 * 1024)),
};

/**
 * Refusals of a request Fastify or multipart could not read, by error code: a catalogued message
 * each (their own texts are for developers and have no translation; they travel as `detail`).
 */
const UNREADABLE: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: HTTP_MESSAGES.unsupportedMediaType,
  FST_ERR_CTP_INVALID_TYPE: HTTP_MESSAGES.unsupportedMediaType,
  FST_ERR_CTP_EMPTY_JSON_BODY: HTTP_MESSAGES.emptyBody,
  FST_ERR_CTP_INVALID_JSON_BODY: HTTP_MESSAGES.malformedJson,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: HTTP_MESSAGES.unreadableRequest,
  FST_INVALID_MULTIPART_CONTENT_TYPE: HTTP_MESSAGES.notMultipart,
  FST_PROTO_VIOLATION: HTTP_MESSAGES.unreadableRequest,
  FST_ERR_BAD_URL: HTTP_MESSAGES.unreadableRequest,
};

/** A refusal's message by status, when neither its code nor its own text has a catalogued message. */
const BY_STATUS: Record<number, string> = {
  400: HTTP_MESSAGES.unreadableRequest,
  401: HTTP_MESSAGES.signInNeeded,
  403: HTTP_MESSAGES.notAllowed,
  404: INPUT_MESSAGES.notFound,
  405: HTTP_MESSAGES.methodNotAllowed,
  406: HTTP_MESSAGES.unsupportedMediaType,
  408: HTTP_MESSAGES.requestTimeout,
  409: HTTP_MESSAGES.duplicate,
  413: HTTP_MESSAGES.bodyTooLarge(JSON_BODY_MAX_BYTES / (1024 * 1024)),
  414: HTTP_MESSAGES.addressTooLong(MAX_URL_LENGTH),
  415: HTTP_MESSAGES.unsupportedMediaType,
  429: HTTP_MESSAGES.tooManyRequests,
  431: HTTP_MESSAGES.headersTooLarge,
};

/**
 * What a refusal (4xx) that did not come from our own code says: every message a person may read
 * is in the catalogue (so it has a key and a Bengali and Hindi text). The library's own words stay
 * in `detail` for developers.
 */
export function refusalOf(status: number, error: { code?: string; message?: string; name?: string }) {
  const own = typeof error.message === 'string' ? error.message : '';
  const message =
    (error.code && UNREADABLE[error.code]) ||
    (messageKeyOf(own) ? own : undefined) ||
    (error.name === 'SyntaxError' && status === 400 ? HTTP_MESSAGES.malformedJson : undefined) ||
    BY_STATUS[status] ||
    HTTP_MESSAGES.requestRefused(status);
  return { message, ...(own && own !== message ? { detail: own } : {}) };
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '57014', // query_canceled (statement time-out)
  '53300', // too_many_connections
]);

/**
 * True when an error means the database could not be reached or did not answer in time (rather
 * than refusing the query): the API answers 503 with Retry-After and the pool reconnects by itself.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (CONNECTION_CODES.has(code) || code.startsWith('08')) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (
      /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connect ECONNREFUSED|Client has encountered a connection error/i.test(
        message,
      )
    )
      return true;
  }
  return false;
}

/** Every error leaves as JSON in one shape with the status docs/product.md#api-conventions gives; bad input is never a 500. */
export default fp(async function errors(app: FastifyInstance) {
  // Every JSON error body (from a handler or the error handler) carries its message keys.
  app.addHook('preSerialization', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || !payload || typeof payload !== 'object' || Array.isArray(payload))
      return payload;
    return withMessageKeys(payload as Record<string, unknown>);
  });
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError)
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    const status = error.statusCode ?? 500;
    if (error.code && TOO_LARGE[error.code])
      return reply.code(413).send(errorBody('payload_too_large', TOO_LARGE[error.code]));
    if (status === 413) {
      const { message, ...detail } = refusalOf(413, error);
      return reply.code(413).send(errorBody('payload_too_large', message, detail));
    }
    if (error.validation) {
      const message =
        error.validationContext === 'querystring' ? INPUT_MESSAGES.invalidQuery : INPUT_MESSAGES.invalidBody;
      return reply
        .code(422)
        .send(
          errorBody('validation_failed', message, { errors: { base: [message] }, detail: error.message }),
        );
    }
    if (status === 429) {
      const { message, ...detail } = refusalOf(429, error);
      return reply.code(429).send(errorBody('too_many_requests', message, detail));
    }
    if (status >= 400 && status < 500) {
      const { message, ...detail } = refusalOf(status, error);
      return reply.code(status).send(errorBody(error.code ?? 'bad_request', message, detail));
    }
    const refused = mapDatabaseError(error);
    if (refused) return reply.code(refused.statusCode).send(refused.body);
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DB_RETRY_AFTER_SECONDS))
        .send(errorBody('service_unavailable', HTTP_MESSAGES.serviceUnavailable));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody('internal_error', HTTP_MESSAGES.internalError));
  });
});

/** The status line reason and message for errors Node's HTTP parser raises before Fastify sees a request. */
export function clientErrorResponse(code: string | undefined): {
  status: number;
  error: string;
  message: string;
} {
  if (code === 'HPE_HEADER_OVERFLOW')
    return {
      status: 431,
      error: 'request_header_fields_too_large',
      message: HTTP_MESSAGES.headersTooLarge,
    };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, error: 'request_timeout', message: HTTP_MESSAGES.requestTimeout };
  return { status: 400, error: 'bad_request', message: HTTP_MESSAGES.unreadableRequest };
}
