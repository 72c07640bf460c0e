import type { AnyStruct } from './route';

/**
 * The maximum length of each text field a route's body declares (`text(max)`, `formText(max)`), read
 * from the declaration itself: the browser's inputs take their `maxLength` from here, so a form can
 * never hold more than the server accepts, and both always say the same number.
 */
export function maxLengthsOf(body: AnyStruct | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  if (!body) return out;
  const inner = body.type === 'wrapped' ? (body.schema as { inner: AnyStruct }).inner : body;
  const shape = inner.schema as Record<string, AnyStruct> | null;
  if (!shape || typeof shape !== 'object') return out;
  for (const [name, struct] of Object.entries(shape)) {
    const schema = (struct as AnyStruct | undefined)?.schema as { maxLength?: unknown } | null | undefined;
    if (schema && typeof schema.maxLength === 'number') out[name] = schema.maxLength;
  }
  return out;
}
