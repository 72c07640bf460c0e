import { fromPromise } from 'xstate';
import { GEOLOCATION_OPTIONS } from '../../../contract/constants';
import type { PickedFileLike } from '../../components/FilePicker';

/** The device position (high accuracy, 10 s, no cache: docs/product.md#limits-and-constants) as a machine actor. */
export const geolocationActor = fromPromise<{ latitude: number; longitude: number }>(
  () =>
    new Promise((resolve, reject) => {
      if (typeof navigator === 'undefined' || !navigator.geolocation) {
        reject({ unsupported: true });
        return;
      }
      navigator.geolocation.getCurrentPosition(
        (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
        (error) => reject({ code: error.code, message: error.message }),
        { ...GEOLOCATION_OPTIONS },
      );
    }),
);

/** The browser File a machine carries in PickedFile.blob (null when none). */
export const blobOf = (file: { blob: unknown } | null | undefined): Blob | null =>
  file && file.blob instanceof Blob ? file.blob : null;

/** What the photo and scanned-document pickers accept. */
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

/** The events an onboarding step's machine takes from a file picker. */
type FileEvent<F extends string> =
  | { type: 'file.pick'; field: F; file: PickedFileLike }
  | { type: 'file.remove'; field: F };

/**
 * The FilePicker props that a step's machine drives for one file field: the file it holds, the
 * field's error, and the `file.pick` / `file.remove` events.
 */
export const filePickerProps = <F extends string>(
  field: F,
  files: Record<F, PickedFileLike | null>,
  error: string | undefined,
  send: (event: FileEvent<F>) => void,
) => ({
  field,
  file: files[field],
  error,
  onPick: (file: PickedFileLike) => send({ type: 'file.pick', field, file }),
  onRemove: () => send({ type: 'file.remove', field }),
});
