import { not } from 'xstate';
import type { FieldErrors } from '../../contract/rules/common';
import type { FileFacts } from '../../contract/rules/files';

/**
 * What the teacher onboarding steps share: picked files and field errors (a failed call becomes
 * fields and a banner in machines/common/failure.ts). Pure functions; each machine wraps them in
 * its own named `assign` actions.
 */

/** A file the user picked. `blob` is the browser's File: the machine only carries it to the actor. */
export interface PickedFile extends FileFacts {
  blob: unknown;
}

/** The field's error removed (a field's error clears when the field is edited). */
export function clearError<F extends string>(errors: FieldErrors<F>, field: F): FieldErrors<F> {
  if (!(field in errors)) return errors;
  const { [field]: _removed, ...rest } = errors as Record<string, string | undefined>;
  return rest as unknown as FieldErrors<F>;
}

/**
 * A picked file checked by `rule`: accepted (stored, error cleared) or refused (not stored, the rule's
 * message under the field, the previous file kept).
 */
export function pickFile<F extends string, Files extends Partial<Record<F, PickedFile | null>>>(
  files: Files,
  errors: FieldErrors<F>,
  field: F,
  file: PickedFile,
  rule: (file: FileFacts) => string | undefined,
): { files: Files; errors: FieldErrors<F> } {
  const message = rule(file);
  if (message) return { files, errors: { ...errors, [field]: message } };
  return { files: { ...files, [field]: file }, errors: clearError(errors, field) };
}

/**
 * Errors of a submit that keep what a refused pick said: a photo refused as too large stays 'File
 * size must be less than 500KB' rather than turning into '... is required' (nothing was taken), so
 * the two messages never contradict each other. Only where the new check finds a fault as well.
 */
export function keepPickErrors<F extends string>(
  previous: FieldErrors<F>,
  next: FieldErrors<F>,
  fileFields: readonly F[],
): FieldErrors<F> {
  const out: FieldErrors<F> = { ...next };
  for (const f of fileFields) if (next[f] && previous[f]) out[f] = previous[f];
  return out;
}

export function removeFile<F extends string, Files extends Partial<Record<F, PickedFile | null>>>(
  files: Files,
  errors: FieldErrors<F>,
  field: F,
): { files: Files; errors: FieldErrors<F> } {
  return { files: { ...files, [field]: null }, errors: clearError(errors, field) };
}

/** The first field, in form order, that has an error (the view scrolls to it). */
export function firstErrorField<F extends string>(errors: FieldErrors<F>, order: readonly F[]): F | null {
  return order.find((f) => errors[f]) ?? null;
}

/**
 * What an onboarding step's navigation actions are told (edit mode, D11): opened from the dashboard's
 * Edit or 'Fix documents', each save leads to the next step in edit mode, the last one and every way
 * out back to the dashboard; otherwise the first-time onboarding paths.
 */
export interface StepExit {
  editing: boolean;
}

/** The navigation actions' params: whether the step runs in edit mode. */
export const exitParams = ({ context }: { context: { editing: boolean } }): StepExit => ({
  editing: context.editing,
});

/** The `scrollToField` action after a refused submit: to the first field, in form order, with an error. */
export const scrollToFirstError = <F extends string>(order: readonly F[]) =>
  ({
    type: 'scrollToField',
    params: ({ context }: { context: { errors: FieldErrors<F> } }) => ({
      field: firstErrorField(context.errors, order),
    }),
  }) as const;

/**
 * Next on a step saved for the stored teacher: every rule checked (errors shown, scrolled to the
 * first), then saved if a teacher id is stored, else the missing teacher's failure. The machine
 * names the guards `isValid` and `hasTeacherId` and the actions `validate` and `setMissingTeacher`.
 */
export const submitForTeacher = <F extends string>(order: readonly F[]) =>
  [
    { guard: not('isValid'), target: 'editing', actions: ['validate', scrollToFirstError(order)] },
    { guard: 'hasTeacherId', target: 'submitting', actions: 'validate' },
    { target: 'failure', actions: ['validate', 'setMissingTeacher'] },
  ] as const;

export { errorOf, notProvided, outputOf } from '../common/actors';
