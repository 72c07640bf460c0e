import type { ReactNode } from 'react';

/**
 * A form's fields while what they hold is being saved: locked (a disabled fieldset), so nothing typed,
 * picked or ticked then looks taken and is silently dropped; once the save fails they are open again
 * with everything as it was. In `src/lib/` so it travels with the code every route loads.
 */
export function FormLock({ locked, children }: { locked: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={locked} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      {children}
    </fieldset>
  );
}
