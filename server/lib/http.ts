import type { FastifyReply } from 'fastify';
import { type FieldErrors, toServerErrors } from '../../contract/rules/common';
import { HTTP_MESSAGES } from '../../contract/rules/http';
import { describeFieldErrors, ID_MAX, ID_PATTERN } from '../../contract/rules/input';

/** Thrown anywhere in a handler; the error handler (server/plugins/errors.ts) sends `body` with `statusCode`. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly body: Record<string, unknown>,
    /** Extra response headers (Retry-After on a 429 or 503). */
    public readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${statusCode}`);
  }
}

/**
 * 422 with the `errors` object (field -> [messages]) of docs/product.md#api-conventions. Its `message`
 * names every field and rule refused ('Name must be at most 200 characters; Profile photo is
 * required'), never a bare 'Validation failed': a client that shows only `message` still says what
 * to fix. `message` replaces it only where a route has a better sentence of its own.
 */
export function unprocessable(errors: FieldErrors | Record<string, string[]>, message?: string): HttpError {
  const normalised: Record<string, string[]> = Object.fromEntries(
    Object.entries(errors)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, Array.isArray(v) ? v : [v as string]]),
  );
  return new HttpError(422, { errors: normalised, message: message ?? describeFieldErrors(normalised) });
}

/** Throws a 422 when a rule set found anything. */
export function assertValid(errors: FieldErrors, message?: string): void {
  const server = toServerErrors(errors);
  if (Object.keys(server).length) throw unprocessable(server, message);
}

export const unauthorized = (description: string = HTTP_MESSAGES.signInNeeded) =>
  new HttpError(401, { error: 'unauthorized', error_description: [description], message: description });
export const forbidden = (message: string = HTTP_MESSAGES.notAllowed) =>
  new HttpError(403, { error: 'forbidden', message });
export const notFound = (message = 'Not found') => new HttpError(404, { error: 'not_found', message });
export const conflict = (message: string, extra: Record<string, unknown> = {}) =>
  new HttpError(409, { error: 'conflict', message, ...extra });

/** An id from a body or stored value -> positive 32-bit integer ('0x1', '1e0', ' 1' are not ids), or 404. */
export function parseId(value: unknown, what = 'Record'): number {
  const id =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && ID_PATTERN.test(value)
        ? Number(value)
        : NaN;
  if (!Number.isInteger(id) || id <= 0 || id > ID_MAX) throw notFound(HTTP_MESSAGES.recordNotFound(what));
  return id;
}

export function sendSuccess(
  reply: FastifyReply,
  data: unknown,
  extra: Record<string, unknown> = {},
  code = 200,
) {
  return reply.code(code).send({ status: 'success', data, ...extra });
}
