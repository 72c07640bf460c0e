/**
 * What a failed call looks like to a machine (src/api/client.ts throws ApiError, which has this shape).
 * Machines map it to the messages of docs/product.md#validation-and-messages (in one place,
 * machines/common/failure.ts) without knowing about HTTP clients.
 */
export interface ApiFailure {
  kind: 'response' | 'no_response' | 'decode';
  status: number | null;
  body: unknown;
  message: string;
}

export function isApiFailure(error: unknown): error is ApiFailure {
  return Boolean(error && typeof error === 'object' && 'kind' in error && 'status' in error);
}

/** The JSON body of a failure as a plain record (empty when none). */
export function failureBody(error: unknown): Record<string, unknown> {
  if (!isApiFailure(error)) return {};
  return error.body && typeof error.body === 'object' ? (error.body as Record<string, unknown>) : {};
}

/** First string of a string-or-list field. */
export function firstText(value: unknown): string | undefined {
  if (typeof value === 'string' && value) return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

/** The server's `errors` object (field -> messages), if any. */
export function failureFieldErrors(error: unknown): Record<string, string[]> | null {
  const errors = failureBody(error).errors;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return null;
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(errors as Record<string, unknown>)) {
    out[k] = Array.isArray(v) ? v.map(String) : [String(v)];
  }
  return Object.keys(out).length ? out : null;
}
