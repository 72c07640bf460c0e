import { type FieldErrors, parseIsoDate } from '../../contract/rules/common';
import { type ResumeFile, validateResumeFile } from '../../contract/rules/jobs';
import { clearError } from '../common/field-errors';
import { pickFile, removeFile } from '../common/files';

/**
 * What the job seeker's forms share. Pure functions; each machine wraps them in its own named
 * `assign` actions.
 */

/** The draft's known text fields, normalized as if typed; the rest empty. */
export function restoreValues<V extends { [K in keyof V]: string }, F extends keyof V & string>(
  empty: V,
  fields: readonly F[],
  draft: Partial<Record<string, unknown>> | null | undefined,
  normalize: (field: F, value: string) => string,
): V {
  const values = { ...empty };
  for (const field of fields) {
    const value = draft?.[field];
    if (typeof value === 'string') values[field] = normalize(field, value) as V[F];
  }
  return values;
}

/** A field edited (normalized as typed) and its error removed. */
export function editField<V extends { [K in keyof V]: string }, E extends string, F extends keyof V & E>(
  values: V,
  errors: FieldErrors<E>,
  field: F,
  value: string,
  normalize: (field: F, value: string) => string,
): { values: V; errors: FieldErrors<E> } {
  return {
    values: { ...values, [field]: normalize(field, value) },
    errors: clearError<E>(errors, field),
  };
}

/** The day ages and years are judged against: the input's 'YYYY-MM-DD', else today. */
export const todayOf = (context: { today: string | null }) =>
  (context.today && parseIsoDate(context.today)) || new Date();

/**
 * A resume chosen (checked at once: a refused one is held with its refusal, shown as not attached,
 * so it can never be sent as if no file had been chosen) or cleared (null).
 */
export function selectResume<E extends string>(
  resume: ResumeFile | null,
  errors: FieldErrors<E | 'resume'>,
  file: ResumeFile | null,
): { resume: ResumeFile | null; errors: FieldErrors<E | 'resume'> } {
  const files = { resume };
  const picked = file
    ? pickFile(files, errors, 'resume', file, validateResumeFile, { refused: 'hold' })
    : removeFile(files, errors, 'resume');
  return { resume: picked.files.resume ?? null, errors: picked.errors };
}
