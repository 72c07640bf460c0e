/**
 * Reading what `db.execute(sql`…`)` returns, the same way on node-postgres and PGlite: the rows of
 * a result, and a json column's value.
 */

/** The rows of a raw statement's result (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** A json value: it arrives parsed from both drivers; a string is parsed here just in case. */
export const jsonOf = <T = unknown>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : (value ?? null)) as T;
