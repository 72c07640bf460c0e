import { array, type Infer, is, object, Struct, union } from 'superstruct';
import { ID_MAX, ID_PATTERN, INPUT_MESSAGES, INTEGER_PATTERN } from '../rules/input';
import type { AnyStruct } from './route';

/**
 * Input field structs for route declarations. Each one checks a value the way the server accepts it
 * (type, maximum length, no NUL characters, ids and whole numbers in range) and carries its JSON
 * Schema in `schema`, which `optional()` and `nullable()` keep, so the OpenAPI converter
 * (contract/api/openapi.ts) can describe it. Struct type 'field' marks them.
 */
export type JsonSchema = Record<string, unknown>;

const field = <T>(
  schema: JsonSchema,
  check: (value: unknown) => true | string,
  coerce?: (value: unknown) => unknown,
): Struct<T, JsonSchema> =>
  new Struct<T, JsonSchema>({
    type: 'field',
    schema,
    validator: (value) => check(value),
    coercer: coerce ? (value) => coerce(value) : (value) => value,
  }) as Struct<T, JsonSchema>;

/** Whether an instance validator (which yields failures) found nothing. */
const passes = (failures: Iterable<unknown>) => {
  for (const _ of failures) return false;
  return true;
};

const hasNul = (value: string) => value.includes('\u0000');

function checkText(value: unknown, max: number): true | string {
  if (typeof value !== 'string') return INPUT_MESSAGES.notText;
  if (hasNul(value)) return INPUT_MESSAGES.nul;
  if (value.length > max) return INPUT_MESSAGES.tooLong(max);
  return true;
}

/** Text of at most `max` characters (no NUL). Blank is allowed: the product rules say what is required. */
export const text = (max: number) =>
  field<string>({ type: 'string', maxLength: max }, (value) => checkText(value, max));

/**
 * A form value: text, or a number or boolean sent as JSON, read as text (multipart bodies carry only
 * text; the same routes also take JSON). null reads as blank.
 */
export const formText = (max: number) =>
  field<string>(
    { type: ['string', 'number', 'boolean', 'null'], maxLength: max },
    (value) => checkText(value, max),
    (value) =>
      value === null
        ? ''
        : typeof value === 'number' && Number.isFinite(value)
          ? String(value)
          : typeof value === 'boolean'
            ? String(value)
            : value,
  );

/** A form value that may be repeated (`subject_ids[]`): a list of form texts, or one. */
export const formList = (max: number, maxItems: number) =>
  field<string[] | string>(
    {
      anyOf: [
        { type: 'array', items: { type: ['string', 'number'], maxLength: max }, maxItems },
        { type: ['string', 'number'], maxLength: max },
      ],
    },
    (value) => {
      if (!Array.isArray(value)) return checkText(value, max);
      if (value.length > maxItems) return INPUT_MESSAGES.tooMany(maxItems);
      for (const item of value) {
        const result = checkText(item, max);
        if (result !== true) return result;
      }
      return true;
    },
    (value) => {
      const one = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v);
      return Array.isArray(value) ? value.map(one) : one(value);
    },
  );

function parseId(value: unknown): number | null {
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= 1 && value <= ID_MAX ? value : null;
  if (typeof value === 'string' && ID_PATTERN.test(value)) {
    const n = Number(value);
    return n <= ID_MAX ? n : null;
  }
  return null;
}

/** An id: a positive 32-bit integer, as a JSON number or a plain decimal string ('12'). */
export const id = () =>
  field<number>(
    { type: 'integer', minimum: 1, maximum: ID_MAX },
    (value) => (parseId(value) === value ? true : INPUT_MESSAGES.notId),
    (value) => parseId(value) ?? value,
  );

/** A list of ids (at most `maxItems`); `messages` lets a product rule's wording stand. */
export const ids = (maxItems: number, messages: { notList?: string; notId?: string } = {}) =>
  field<number[]>(
    { type: 'array', items: { type: 'integer', minimum: 1, maximum: ID_MAX }, maxItems },
    (value) => {
      if (!Array.isArray(value)) return messages.notList ?? INPUT_MESSAGES.notList;
      if (value.length > maxItems) return INPUT_MESSAGES.tooMany(maxItems);
      return value.every((v) => parseId(v) === v) ? true : (messages.notId ?? INPUT_MESSAGES.notId);
    },
    (value) => (Array.isArray(value) ? value.map((v) => parseId(v) ?? v) : value),
  );

function parseInteger(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value === 'string' && INTEGER_PATTERN.test(value)) return Number(value);
  return null;
}

/** A whole number from `min` to `max`, as a JSON number or a plain decimal string. */
export const int = (min: number, max: number) =>
  field<number>(
    { type: 'integer', minimum: min, maximum: max },
    (value) => {
      const n = parseInteger(value);
      return n !== null && n === value && n >= min && n <= max ? true : INPUT_MESSAGES.notInteger(min, max);
    },
    (value) => parseInteger(value) ?? value,
  );

/** A query-string whole number; blank reads as absent. */
export const queryInt = (min: number, max: number) => {
  const inner = int(min, max);
  return new Struct<number | undefined, JsonSchema>({
    type: inner.type,
    schema: inner.schema,
    coercer: (value, ctx) => (value === '' ? undefined : inner.coercer(value, ctx)),
    validator: (value, ctx) => value === undefined || inner.validator(value, ctx),
  });
};

/** true or false (JSON booleans only). */
export const flag = () =>
  field<boolean>({ type: 'boolean' }, (value) =>
    typeof value === 'boolean' ? true : INPUT_MESSAGES.notBoolean,
  );

/** A list of items checked by `item`, at most `maxItems` long. */
export const listOf = <T, S>(item: Struct<T, S>, maxItems: number) => {
  const inner = array(item);
  return new Struct<T[], Struct<T, S>>({
    ...inner,
    validator: (value, ctx) => {
      if (!passes(inner.validator(value, ctx))) return INPUT_MESSAGES.notList;
      return (value as unknown[]).length <= maxItems || INPUT_MESSAGES.tooMany(maxItems);
    },
  }) as Struct<T[], Struct<T, S>> & { maxItems?: number };
};

/** An object of declared fields; undeclared ones are dropped (superstruct `mask`). */
export const fields = <S extends Record<string, AnyStruct>>(schema: S) => {
  const inner = object(schema);
  return new Struct<Infer<typeof inner>, S>({
    ...inner,
    validator: (value, ctx) => (passes(inner.validator(value, ctx)) ? true : INPUT_MESSAGES.notObject),
  }) as unknown as typeof inner;
};

/**
 * A body sent under a wrapper key (`{ student: {...} }`) or bare (`{...}`), as the clients do: the
 * wrapper is taken off before the fields are checked. Several wrapper names may be accepted.
 */
export function wrapped<T, S>(wrapper: string | string[], inner: Struct<T, S>): Struct<T, S> {
  const names = Array.isArray(wrapper) ? wrapper : [wrapper];
  const isPlain = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  return new Struct<T, S>({
    ...inner,
    type: 'wrapped',
    schema: { wrapper: names, inner } as unknown as S,
    coercer: (value, ctx) => {
      if (isPlain(value)) {
        for (const name of names) if (isPlain(value[name])) return inner.coercer(value[name], ctx);
      }
      return inner.coercer(value, ctx);
    },
  });
}

/** A union whose members the OpenAPI converter can see (superstruct's own keeps them private). */
export function anyOf<A extends AnyStruct[]>(members: [...A]): Struct<Infer<A[number]>, A> {
  const inner = union(members as unknown as [AnyStruct]);
  return new Struct({ ...inner, schema: members }) as unknown as Struct<Infer<A[number]>, A>;
}

/** Whether a struct accepts `undefined` (an optional field). */
export const isOptional = (struct: AnyStruct) => is(undefined, struct);
