import { type RefObject, useEffect, useRef } from 'react';

/** Whether keyboard focus has been lost: its element left the page (or was disabled) and the browser fell back to the page's start. */
export function focusLost(): boolean {
  const at = document.activeElement;
  return !at || at === document.body || !at.isConnected || (at as HTMLButtonElement).disabled === true;
}

/**
 * When `when` becomes true (a form opens, a form closes) and the element that had keyboard focus has
 * left the page with what it opened or closed, focus `target` instead of the page's start; a person
 * who moved on elsewhere keeps their place.
 */
export function useRefocusWhen(when: boolean, target: RefObject<HTMLElement | null>) {
  const was = useRef(when);
  useEffect(() => {
    const became = when && !was.current;
    was.current = when;
    if (became && focusLost()) target.current?.focus();
  });
}
