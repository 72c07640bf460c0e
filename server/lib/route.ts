import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { type Struct, type StructError, validate } from 'superstruct';
import {
  isFileResponse,
  methodsOf,
  type RouteInput,
  type RouteSpec,
  serializeResponse,
} from '../../contract/api/route';
import { ROLE } from '../../contract/constants';
import { INPUT_MESSAGES } from '../../contract/rules/input';
import { runInWorkClass } from '../db/work-class';
import { settleSession } from '../plugins/auth';
import { HttpError, notFound, unprocessable } from './http';
import { withStoredUploads } from './request-uploads';
import { discardUploads, type ReceivedFile, readWrappedBody } from './uploads';

/** What a multipart route's handler receives as `body`: the checked text fields and the files. */
export interface MultipartInput<F> {
  fields: F;
  files: Record<string, ReceivedFile>;
}

type HandlerInput<R extends RouteSpec> = R['multipart'] extends object
  ? Omit<RouteInput<R>, 'body'> & { body: MultipartInput<RouteInput<R>['body']> }
  : RouteInput<R>;

export type RouteHandler<R extends RouteSpec> = (
  input: HandlerInput<R>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<unknown>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract declaration this route was registered from (server/lib/route.ts). */
    declaration?: RouteSpec;
  }
}

/** superstruct's own failure texts ('Expected a string, but received: 5') -> our wording. */
function messageOf(failure: { message: string; type: string; value: unknown }): string {
  if (!failure.message.startsWith('Expected ')) return failure.message;
  if (failure.value === undefined) return INPUT_MESSAGES.required;
  if (failure.type === 'type' || failure.type === 'object') return INPUT_MESSAGES.notObject;
  if (failure.type === 'array') return INPUT_MESSAGES.notList;
  // Any other of superstruct's texts is English without a key: the rule's catalogued message instead.
  return TYPE_MESSAGES[failure.type] ?? INPUT_MESSAGES.notValid;
}

const TYPE_MESSAGES: Record<string, string> = {
  string: INPUT_MESSAGES.notText,
  number: INPUT_MESSAGES.notNumber,
  integer: INPUT_MESSAGES.notWholeNumber,
  boolean: INPUT_MESSAGES.notBoolean,
};

/** Failures -> the `errors` object of a 422: the field path (dotted) -> its messages. */
export function fieldErrors(error: StructError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const failure of error.failures()) {
    const key = failure.path.length ? failure.path.join('.') : 'base';
    const message = messageOf(failure);
    out[key] ??= [];
    if (!out[key].includes(message)) out[key].push(message);
  }
  return out;
}

/** Checks and masks one part of a request; 404 for malformed path params, 422 otherwise. */
export function parseInput<T>(
  struct: Struct<T, unknown>,
  value: unknown,
  part: 'params' | 'query' | 'body',
): T {
  const [error, result] = validate(value, struct, { coerce: true, mask: true });
  if (!error) return result as T;
  if (part === 'params') throw notFound(INPUT_MESSAGES.notFound);
  // The message names each field and rule ('Name must be at most 200 characters').
  throw unprocessable(fieldErrors(error));
}

function accessCheck(app: FastifyInstance, spec: RouteSpec) {
  switch (spec.access) {
    case 'optional':
      return app.optionalAuth;
    case 'signed_in':
      return app.authenticate;
    case 'admin':
      return app.requireAdmin;
    case 'teacher':
      return app.requireRole(ROLE.teacher);
    case 'student':
      return app.requireRole(ROLE.student);
    case 'job_seeker':
      return app.requireRole(ROLE.jobSeeker);
    default:
      return undefined;
  }
}

/**
 * Registers a declared route. (The handler's result is typed `unknown`: TypeScript widens the
 * literals of an inferred generic's return, so the check is at run time, by `serializeResponse`,
 * which every server test exercises.)
 * the access check of `spec.access` runs first, then params, query and
 * body are checked and masked against the declaration (malformed input never reaches the handler),
 * then the handler; its result is checked and written as JSON through `spec.response` (undeclared
 * fields are dropped; contract/api/route.ts). A handler may answer itself (files) by returning `reply` after `reply.send`.
 */
export function serve<R extends RouteSpec>(
  app: FastifyInstance,
  spec: R,
  handler: RouteHandler<R>,
  options: Pick<RouteOptions, 'config'> = {},
): void {
  const check = accessCheck(app, spec);
  app.route({
    method: methodsOf(spec),
    url: spec.path,
    // Everything this request does runs in its route's work class: the embedded database takes
    // turns between routes (server/db/pglite-remote.ts), so one flooded route cannot queue the rest.
    onRequest: (_request, _reply, done) => runInWorkClass(spec.id, done),
    ...(check ? { preHandler: check } : {}),
    config: { ...(options.config ?? {}), declaration: spec },
    handler: (request, reply) => {
      const stored: number[] = [];
      return withStoredUploads(stored, async () => {
        try {
          return await handle(request, reply);
        } catch (error) {
          // Files this request stored are removed when it fails (those already referenced stay).
          if (stored.length) await discardUploads(app, stored).catch(() => 0);
          // A session the handler's statement did not confirm is checked before a 4xx leaves: a
          // revoked session answers 401, as the access check would have (server/plugins/auth.ts).
          await settleSession(app, request);
          throw error;
        }
      });
    },
  });

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const params = spec.params ? parseInput(spec.params, request.params, 'params') : {};
    const query = spec.query ? parseInput(spec.query, request.query ?? {}, 'query') : {};
    let body: unknown;
    if (spec.multipart) {
      const accept = Object.fromEntries(
        Object.entries(spec.multipart.files).map(([name, file]) => [
          name,
          file.tooLarge ? { max: file.maxBytes, message: file.tooLarge } : file.maxBytes,
        ]),
      );
      const raw = await readWrappedBody(request, spec.multipart.wrapper, accept);
      body = { fields: spec.body ? parseInput(spec.body, raw.fields, 'body') : {}, files: raw.files };
    } else if (spec.body) {
      body = parseInput(spec.body, request.body ?? {}, 'body');
    }
    reply.code(spec.status ?? 200);
    // On the embedded database a flooded route's requests wait here, holding little, rather than in
    // its statement queue with their handlers half run (server/db/work-class.ts, Admission).
    const admission = app.database.admission;
    const entering = admission?.enter(spec.id);
    if (entering) await entering;
    let result: unknown;
    try {
      result = await handler({ params, query, body } as HandlerInput<R>, request, reply);
      // Nothing leaves for a session still to be confirmed before it is (a handler that did not).
      await settleSession(app, request);
    } finally {
      admission?.leave(spec.id);
    }
    if (result === reply || reply.sent) return reply;
    if (isFileResponse(spec.response)) throw new HttpError(500, { error: 'internal_error' });
    // Checked, masked and written as JSON in one walk of the response struct (compiled once).
    const json = serializeResponse(result, spec.response);
    if (json === undefined) return json;
    reply.type('application/json; charset=utf-8');
    return json;
  }
}
