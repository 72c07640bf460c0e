import type { FieldErrors } from '../../../contract/rules/common';

/** Element id of a job form field, so labels, errors and focus all point at the same input. */
export const fieldId = (field: string) => `job-${field.replace(/_/g, '-')}`;

/** The first field (in form order) with an error, for `revealField`. */
export function firstFieldInError(order: readonly string[], errors: FieldErrors) {
  const first = order.find((field) => errors[field]);
  return first ? document.getElementById(fieldId(first)) : null;
}
