import type { FieldErrors } from '../../../contract/rules/common';

/** Element id of a job form field, so labels, errors and focus all point at the same input. */
export const fieldId = (field: string) => `job-${field.replace(/_/g, '-')}`;

/** Moves focus to the first field (in form order) that has an error, once the errors are rendered. */
export function focusFirstError(order: readonly string[], errors: FieldErrors) {
  const first = order.find((field) => errors[field]);
  if (!first) return;
  setTimeout(() => {
    const element = document.getElementById(fieldId(first));
    element?.focus();
    element?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, 0);
}
