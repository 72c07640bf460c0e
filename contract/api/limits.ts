import { validate } from 'superstruct';
import type { FieldErrors } from '../rules/common';
import type { AnyStruct } from './route';

/** The declared fields of a route's body or query (a wrapper, `{ student: {...} }`, taken off). */
function shapeOf(body: AnyStruct | undefined): Record<string, AnyStruct> {
  if (!body) return {};
  const inner = body.type === 'wrapped' ? (body.schema as { inner: AnyStruct }).inner : body;
  const shape = inner.schema as Record<string, AnyStruct> | null;
  return shape && typeof shape === 'object' ? shape : {};
}

/**
 * The maximum length of each text field a route's body declares (`text(max)`, `formText(max)`), read
 * from the declaration itself: the browser's inputs take their `maxLength` from here, so a form can
 * never hold more than the server accepts, and both always say the same number.
 */
export function maxLengthsOf(body: AnyStruct | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, struct] of Object.entries(shapeOf(body))) {
    const schema = (struct as AnyStruct | undefined)?.schema as { maxLength?: unknown } | null | undefined;
    if (schema && typeof schema.maxLength === 'number') out[name] = schema.maxLength;
  }
  return out;
}

/**
 * What the route's declaration refuses among the values a form is about to send, field by field, in
 * the words of the server's 422 for them ('must be at most 200 characters', 'must not contain NUL
 * characters'): each declared field's own check runs on the value of the same name. A form's
 * machine checks these with the form's own rules, so a value the server would refuse at its
 * boundary is refused before any call. Values the body does not declare, and absent ones, are not
 * looked at.
 */
export function declaredFieldErrors<V extends object>(
  body: AnyStruct | undefined,
  values: V,
): FieldErrors<Extract<keyof V, string>> {
  const out: Record<string, string> = {};
  const given = values as Record<string, unknown>;
  for (const [name, struct] of Object.entries(shapeOf(body))) {
    if (!(name in given) || given[name] === undefined) continue;
    const [error] = validate(given[name], struct, { coerce: true });
    const message = error?.failures()[0]?.message;
    if (message) out[name] = message;
  }
  return out as FieldErrors<Extract<keyof V, string>>;
}
