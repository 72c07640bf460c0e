import type { FieldErrors } from '../../contract/rules/common';
import type { FileFacts } from '../../contract/rules/files';
import { clearError } from './field-errors';

/**
 * Picked files and their fields' errors, for every form with a file picker (teacher onboarding, the
 * job seeker's resume). Pure functions; each machine wraps them in its own named `assign` actions.
 */

/** A file the user picked. `blob` is the browser's File: the machine only carries it to the actor. */
export interface PickedFile extends FileFacts {
  blob: unknown;
}

/**
 * What happens to a file its rule refuses. 'drop' (the default): not stored, the previous file kept;
 * for a required file, Next then reports it missing. 'hold': stored with its refusal (the picker shows
 * it as not attached, with Delete), so that an optional file refused is never saved as if absent.
 */
export type RefusedFile = 'hold' | 'drop';

/**
 * A picked file checked by `rule`: accepted (stored, error cleared) or refused (the rule's message
 * under the field; the file held or dropped as `refused` says).
 */
export function pickFile<
  F extends string,
  K extends string,
  T extends FileFacts,
  Files extends Partial<Record<K, T | null>>,
>(
  files: Files,
  errors: FieldErrors<F | K>,
  field: K,
  file: T,
  rule: (file: FileFacts) => string | undefined,
  { refused = 'drop' }: { refused?: RefusedFile } = {},
): { files: Files; errors: FieldErrors<F | K> } {
  const message = rule(file);
  if (!message) return { files: { ...files, [field]: file }, errors: clearError<F | K>(errors, field) };
  return {
    files: refused === 'hold' ? { ...files, [field]: file } : files,
    errors: { ...errors, [field]: message },
  };
}

/** The picked file let go and its error cleared. */
export function removeFile<
  F extends string,
  K extends string,
  Files extends Partial<Record<K, FileFacts | null>>,
>(files: Files, errors: FieldErrors<F | K>, field: K): { files: Files; errors: FieldErrors<F | K> } {
  return { files: { ...files, [field]: null }, errors: clearError<F | K>(errors, field) };
}
