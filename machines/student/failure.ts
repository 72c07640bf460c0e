import { failureBody, failureFieldErrors, firstText, isApiFailure } from '../../contract/api-failure';
import { type FieldErrors, fromServerErrors } from '../../contract/rules/common';

/**
 * The message for a failed student call (docs/product.md#validation-and-messages): the server's string body, its `error`,
 * its `message`, else `fallback`. An Error thrown by the screen itself (not an HTTP failure) carries
 * its own message.
 */
export function studentFailureMessage(error: unknown, fallback: string): string {
  if (isApiFailure(error)) {
    if (error.kind === 'no_response') return error.message || fallback;
    if (typeof error.body === 'string' && error.body.trim()) return error.body;
    const body = failureBody(error);
    return firstText(body.error_description) ?? firstText(body.message) ?? fallback;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The server's per-field errors, one message per field. */
export const studentFieldErrors = (error: unknown): FieldErrors =>
  fromServerErrors(failureFieldErrors(error) ?? {});
