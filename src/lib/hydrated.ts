import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React renders HTML ahead of time (src/prerender.tsx) and while the client hydrates
 * that HTML; true once the page's event handlers are attached (and from the start when the client
 * renders without prerendered HTML). A prerendered form keeps its submit button disabled until
 * then, so a press before the code has arrived is not lost to a native form submission.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
