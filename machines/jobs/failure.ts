import { failureBody, failureFieldErrors, firstText, isApiFailure } from '../../contract/api-failure';
import { type FieldErrors, fromServerErrors } from '../../contract/rules/common';
import { JOB_MESSAGES } from '../../contract/rules/jobs';

export const JOB_SAVE_FAILED = JOB_MESSAGES.saveFailed;

/** The message for a failed job side call: the server's description or message, else `fallback`. */
export function jobFailureMessage(error: unknown, fallback: string = JOB_SAVE_FAILED): string {
  if (isApiFailure(error)) {
    if (error.kind === 'no_response') return error.message || fallback;
    const body = failureBody(error);
    return firstText(body.error_description) ?? firstText(body.message) ?? fallback;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The server's per-field errors (422), one message per field. */
export const jobFieldErrors = (error: unknown): FieldErrors =>
  fromServerErrors(failureFieldErrors(error) ?? {});
