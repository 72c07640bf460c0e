import { not } from 'xstate';
import type { FieldErrors } from '../../contract/rules/common';
import { type DocumentsOnFile, missingDocuments, type ReviewedDocument } from '../../contract/rules/files';

/**
 * What the teacher onboarding steps share: field errors and the way between steps (picked files are
 * machines/common/files.ts, re-exported here; a failed call becomes fields and a banner in
 * machines/common/failure.ts). Pure functions; each machine wraps them in its own named `assign`
 * actions.
 */

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
export { clearError } from '../common/field-errors';
export { type PickedFile, pickFile, removeFile } from '../common/files';

/** What a step reads of the teacher's record (GET /api/v1/teachers/{id}) to say why it was refused. */
export interface ReviewedRecord extends DocumentsOnFile {
  verification_status?: string;
  rejection_reason?: string | null;
}

/** A refused review as a step shows it at its top: the administrator's reason and what is not on file. */
export interface Refusal {
  reason: string;
  missing: ReviewedDocument[];
}

/** The refusal of a rejected teacher's record (null for any other status, or no record). */
export function refusalOf(record: ReviewedRecord | null | undefined): Refusal | null {
  if (record?.verification_status !== 'rejected') return null;
  return { reason: record.rejection_reason ?? '', missing: missingDocuments(record) };
}

/**
 * The step 'Fix documents' opens (D13): step 3 when all that is missing is there (the mark sheet or
 * certificate, with the Aadhar photo on file); otherwise step 1, which holds the Aadhar photo and the
 * name and date of birth an administrator checks against it (the reason is the administrator's own
 * words, so it cannot say which step it means).
 */
export function fixStepOf(record: ReviewedRecord | null | undefined): 1 | 3 {
  const missing = refusalOf(record)?.missing ?? [];
  return missing.length > 0 && !missing.includes('aadhar_photo') ? 3 : 1;
}
