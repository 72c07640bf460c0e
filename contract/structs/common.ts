import { boolean, integer, literal, optional, record, string, type, unknown } from 'superstruct';

/** A record removed: `{status, data: {id}, message?}`. */
export const Deleted = type({
  status: literal('success'),
  data: type({ id: integer() }),
  message: optional(string()),
});

/** GET /api/v1/app_config: the runtime settings the client reads. */
export const AppConfigResponse = type({
  supportEmail: string(),
  maintenanceUntil: string(),
  machinesVisualiser: boolean(),
});

/** GET /api/openapi.json: the generated OpenAPI 3.1 document. */
export const OpenApiDocument = type({
  openapi: string(),
  info: record(string(), unknown()),
  paths: record(string(), unknown()),
  components: optional(record(string(), unknown())),
});

/** GET /healthz. */
export const Liveness = type({ status: literal('ok') });

/** GET /readyz (503 with an error body while not ready). */
export const Readiness = type({ status: literal('ready'), database: string(), migrations: integer() });
