import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http';

/** Every error leaves as JSON with the status DECISIONS.md section 4 gives; bad input is never a 500. */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send(error.body);
    const status = error.statusCode ?? 500;
    if (
      error.code === 'FST_REQ_FILE_TOO_LARGE' ||
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
      status === 413
    )
      return reply
        .code(413)
        .send({ error: 'payload_too_large', message: 'File size must be less than 500KB' });
    if (error.validation) {
      return reply.code(422).send({ errors: { base: [error.message] }, message: 'Validation failed' });
    }
    if (status === 429) return reply.code(429).send({ error: 'too_many_requests', message: error.message });
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: error.code ?? 'bad_request', message: error.message });
    }
    request.log.error(error);
    return reply
      .code(500)
      .send({ error: 'internal_error', message: 'Something went wrong on our side. Please try again.' });
  });
});
