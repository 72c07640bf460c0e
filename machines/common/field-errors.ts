import type { FieldErrors } from '../../contract/rules/common';

/** The field's error removed (a field's error clears when the field is edited). */
export function clearError<F extends string>(errors: FieldErrors<F>, field: F): FieldErrors<F> {
  if (!(field in errors)) return errors;
  const { [field]: _removed, ...rest } = errors as Record<string, string | undefined>;
  return rest as unknown as FieldErrors<F>;
}
