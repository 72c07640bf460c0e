import type { FastifyRequest } from 'fastify';

/** Keys whose values never reach the log, at the top of a logged object or up to two levels down. */
const SECRET_KEYS = [
  'password',
  'password_confirmation',
  'passwordHash',
  'password_hash',
  'token',
  'refresh_token',
  'refreshToken',
  'refreshTokenHash',
  'refresh_token_hash',
  'authorization',
  'cookie',
  'tokenSecret',
  'aadhar_photo',
  'aadharPhoto',
  'aadhar_number',
  'aadharNumber',
  'params',
];

/** pino `redact` paths: passwords, hashes, tokens, authorization headers, Aadhar data, query parameters. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

/** A database error's message names the query and its parameters (emails, hashes): keep neither. */
const withoutParameters = (text: string) =>
  text
    .replace(/\nparams:[\s\S]*?(?=\n\s+at |$)/, '\nparams: [redacted]')
    .replace(/^Failed query: [\s\S]*?(?=\nparams:|\n\s+at |$)/, 'Failed query: [redacted]');

interface LoggableError {
  name?: string;
  message?: string;
  stack?: string;
  code?: unknown;
  statusCode?: unknown;
  constraint?: unknown;
  table?: unknown;
  cause?: unknown;
}

/** Errors as the log shows them: type, message, code and stack; no query text, parameters or row details. */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!error || typeof error !== 'object') return { message: String(error) };
  const e = error as LoggableError;
  const out: Record<string, unknown> = {
    type: e.name ?? 'Error',
    message: withoutParameters(String(e.message ?? '')),
  };
  if (e.code !== undefined) out.code = e.code;
  if (e.statusCode !== undefined) out.statusCode = e.statusCode;
  if (e.constraint !== undefined) out.constraint = e.constraint;
  if (e.table !== undefined) out.table = e.table;
  if (e.stack) out.stack = withoutParameters(e.stack);
  if (e.cause && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

export const logSerializers = {
  err: serializeError,
  error: serializeError,
  /** The path without the query string (a query may carry an email or a token). */
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: String(request.url ?? '').split('?')[0],
    remoteAddress: request.ip,
  }),
};
