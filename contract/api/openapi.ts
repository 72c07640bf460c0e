import { is } from 'superstruct';
import type { JsonSchema } from './fields';
import { type AnyStruct, isFileResponse, methodsOf, type RouteSpec } from './route';

/**
 * superstruct -> JSON Schema (2020-12, as OpenAPI 3.1 uses it), and the route declarations -> an
 * OpenAPI 3.1 document. No kept library converts superstruct, so this small walk does: it knows the
 * struct kinds we use (type/object, array, literal, enums, union via `anyOf`, record, primitives, and
 * the input fields of ./fields.ts, which carry their own schema).
 */

export interface OpenApiOptions {
  title: string;
  version: string;
  description?: string;
  /** Structs to publish under components/schemas and refer to by name. */
  components?: Record<string, unknown>;
}

const isStruct = (value: unknown): value is AnyStruct =>
  typeof value === 'object' && value !== null && 'validator' in value && 'type' in value && 'schema' in value;

export class SchemaWriter {
  /** Named object structs, by their field table (which `optional()`/`nullable()` copies keep). */
  private readonly names = new Map<unknown, string>();
  readonly schemas: Record<string, JsonSchema> = {};

  constructor(components: Record<string, unknown> = {}) {
    const named: Array<[string, AnyStruct]> = [];
    for (const [name, value] of Object.entries(components)) {
      if (isStruct(value) && (value.type === 'type' || value.type === 'object') && value.schema) {
        if (this.names.has(value.schema)) continue;
        this.names.set(value.schema, name);
        named.push([name, value]);
      }
    }
    for (const [name, struct] of named) this.schemas[name] = this.convert(struct);
  }

  /** The schema of a struct; `null` allowed when the struct accepts null. */
  schemaOf(struct: AnyStruct): JsonSchema {
    const named =
      struct.type === 'type' || struct.type === 'object' ? this.names.get(struct.schema) : undefined;
    const base = named ? { $ref: `#/components/schemas/${named}` } : this.convert(struct);
    return this.acceptsNull(struct) ? { anyOf: [base, { type: 'null' }] } : base;
  }

  private acceptsNull(struct: AnyStruct): boolean {
    if (['any', 'unknown', 'field'].includes(struct.type)) return false;
    return is(null, struct);
  }

  private convert(struct: AnyStruct): JsonSchema {
    const schema = struct.schema as unknown;
    switch (struct.type) {
      case 'field':
        return { ...(schema as JsonSchema) };
      case 'wrapped': {
        const { wrapper, inner } = schema as { wrapper: string[]; inner: AnyStruct };
        const body = this.schemaOf(inner);
        return {
          anyOf: [
            ...wrapper.map((name) => ({ type: 'object', properties: { [name]: body }, required: [name] })),
            body,
          ],
        };
      }
      case 'type':
      case 'object': {
        if (!schema || typeof schema !== 'object') return { type: 'object' };
        const properties: Record<string, JsonSchema> = {};
        const required: string[] = [];
        for (const [key, child] of Object.entries(schema as Record<string, AnyStruct>)) {
          properties[key] = this.schemaOf(child);
          if (!is(undefined, child)) required.push(key);
        }
        return { type: 'object', properties, ...(required.length ? { required } : {}) };
      }
      case 'array':
        return { type: 'array', ...(isStruct(schema) ? { items: this.schemaOf(schema) } : {}) };
      case 'union':
        return Array.isArray(schema) ? { anyOf: schema.map((s: AnyStruct) => this.schemaOf(s)) } : {};
      case 'literal':
        return { const: schema };
      case 'enums':
        return { enum: Object.values(schema as Record<string, unknown>) };
      case 'record':
        return { type: 'object', additionalProperties: true };
      case 'string':
        return { type: 'string' };
      case 'integer':
        return { type: 'integer' };
      case 'number':
        return { type: 'number' };
      case 'boolean':
        return { type: 'boolean' };
      default:
        return {};
    }
  }
}

/** `/api/v1/teachers/:id` -> `/api/v1/teachers/{id}` */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Malformed request (e.g. JSON that does not parse)',
  401: 'Not signed in, or the session is over',
  403: 'Signed in, but not allowed to do this',
  404: 'No such record (or a malformed id)',
  409: 'Conflicts with what is stored (duplicate, already decided, …)',
  413: 'A file or the body is too large',
  422: 'Refused input: `errors` maps each field to its messages; `message` names each field and rule',
  429: 'Too many attempts; try again later',
};

const ACCESS_NOTES: Record<RouteSpec['access'], string> = {
  public: 'Anyone.',
  optional: 'Anyone; a signed-in caller may see more.',
  signed_in: 'Signed in; the record’s owner or an administrator.',
  admin: 'Administrators only.',
  teacher: 'Teachers (role 1) and administrators.',
  student: 'Students (role 2) and administrators.',
  job_seeker: 'Job seekers (role 3) and administrators.',
  refresh: 'The holder of a refresh token.',
};

/** The OpenAPI 3.1 document for a list of route declarations. */
export function toOpenApi(routes: RouteSpec[], options: OpenApiOptions, tags: Record<string, string> = {}) {
  const writer = new SchemaWriter(options.components);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of routes) {
    const path = openApiPath(spec.path);
    paths[path] ??= {};
    const parameters: JsonSchema[] = [];
    for (const [where, struct] of [
      ['path', spec.params],
      ['query', spec.query],
    ] as const) {
      if (!struct?.schema || typeof struct.schema !== 'object') continue;
      for (const [name, child] of Object.entries(struct.schema as Record<string, AnyStruct>)) {
        parameters.push({
          name,
          in: where,
          required: where === 'path' || !is(undefined, child),
          schema: writer.schemaOf(child),
        });
      }
    }
    let requestBody: JsonSchema | undefined;
    if (spec.multipart && spec.body) {
      const inner = writer.schemaOf(spec.body) as { properties?: Record<string, JsonSchema> };
      const properties: Record<string, JsonSchema> = {};
      for (const [name, schema] of Object.entries(inner.properties ?? {}))
        properties[`${spec.multipart.wrapper}[${name}]`] = schema;
      for (const [name, file] of Object.entries(spec.multipart.files))
        properties[`${spec.multipart.wrapper}[${name}]`] = {
          type: 'string',
          contentMediaType: file.type === 'pdf' ? 'application/pdf' : 'image/jpeg',
          description: `${file.type === 'pdf' ? 'PDF' : 'JPG or PNG image'}, at most ${file.maxBytes} bytes`,
        };
      requestBody = {
        content: {
          'multipart/form-data': { schema: { type: 'object', properties } },
          'application/json': { schema: { type: 'object', properties: { [spec.multipart.wrapper]: inner } } },
        },
      };
    } else if (spec.body) {
      requestBody = { content: { 'application/json': { schema: writer.schemaOf(spec.body) } } };
    }
    const success = spec.status ?? 200;
    const content = isFileResponse(spec.response)
      ? Object.fromEntries(spec.response.file.map((type) => [type, { schema: { type: 'string' } }]))
      : { 'application/json': { schema: writer.schemaOf(spec.response) } };
    const responses: Record<string, unknown> = {};
    for (const status of [success, ...(spec.alsoStatus ?? [])])
      responses[String(status)] = { description: status === 201 ? 'Created' : 'OK', content };
    const errorStatuses = new Set<number>([...(spec.errors ?? [])]);
    const open = spec.access === 'public' || spec.access === 'optional';
    if (!open) errorStatuses.add(401);
    if (!open && spec.access !== 'refresh') errorStatuses.add(403);
    if (spec.params) errorStatuses.add(404);
    if (spec.body || spec.query) errorStatuses.add(422);
    if (spec.body) errorStatuses.add(400);
    for (const status of [...errorStatuses].sort()) {
      responses[String(status)] = {
        description: ERROR_DESCRIPTIONS[status] ?? 'Error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
      };
    }
    for (const method of methodsOf(spec)) {
      paths[path][method.toLowerCase()] = {
        operationId: methodsOf(spec).length > 1 ? `${spec.id}.${method.toLowerCase()}` : spec.id,
        summary: spec.summary,
        description: [spec.description, `Who: ${ACCESS_NOTES[spec.access]}`].filter(Boolean).join('\n\n'),
        ...(tags[spec.id] ? { tags: [tags[spec.id]] } : {}),
        ...(spec.access === 'public'
          ? {}
          : spec.access === 'optional'
            ? { security: [{}, { bearer: [] }] }
            : { security: [{ bearer: [] }] }),
        ...(parameters.length ? { parameters } : {}),
        ...(requestBody ? { requestBody } : {}),
        responses,
      };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: options.title,
      version: options.version,
      ...(options.description ? { description: options.description } : {}),
    },
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        ...writer.schemas,
        ErrorBody: {
          type: 'object',
          properties: {
            error: { type: 'string' },
            error_description: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
            message: { type: 'string' },
            errors: {
              type: 'object',
              additionalProperties: { type: 'array', items: { type: 'string' } },
            },
            message_key: { type: 'string' },
            message_values: { type: 'object', additionalProperties: { type: 'string' } },
            error_keys: {
              type: 'object',
              additionalProperties: { type: 'array', items: { type: ['string', 'null'] } },
            },
          },
        },
      },
    },
  };
}
