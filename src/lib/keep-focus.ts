import { type RefObject, useEffect, useRef } from 'react';

/** Whether keyboard focus has been lost: its element left the page (or was disabled) and the browser fell back to the page's start. */
export function focusLost(): boolean {
  const at = document.activeElement;
  return !at || at === document.body || !at.isConnected || (at as HTMLButtonElement).disabled === true;
}

/** Where focus goes: an element's ref, or a function that finds it when it is needed (null: stay). */
export type FocusTarget = RefObject<HTMLElement | null> | (() => HTMLElement | null | undefined);

/**
 * Focus that shows its ring whatever moved it: after a mouse click too, where the browser would
 * show none for focus a script moves (a browser without the option shows what it shows for `focus()`).
 */
export const VISIBLE_FOCUS = { focusVisible: true } as FocusOptions;

/**
 * When `when` becomes true (a form opens, a form closes, a list settles after an action) and the
 * element that had keyboard focus has left the page with what it opened or closed, focus `target`
 * instead of the page's start; a person who moved on elsewhere keeps their place. `visible` shows
 * the ring even when a mouse click led there: for a target the person could not tell apart otherwise.
 */
export function useRefocusWhen(when: boolean, target: FocusTarget, options: { visible?: boolean } = {}) {
  const was = useRef(when);
  useEffect(() => {
    const became = when && !was.current;
    was.current = when;
    if (!became || !focusLost()) return;
    (typeof target === 'function' ? target() : target.current)?.focus(
      options.visible ? VISIBLE_FOCUS : undefined,
    );
  });
}

/**
 * A pager's buttons go (or are disabled) while the next page loads, and Next stays disabled on the
 * last page: either drops keyboard focus to the page's start. Once the page has settled, focus goes
 * back to the pager: the button pressed (`data-pager`) if it can still be pressed, else the current
 * page's mark (`data-pager-current`). Focus the person moved out of the pager stays where it is.
 */
export function usePagerFocus(pager: RefObject<HTMLElement | null>, settled: boolean) {
  const pressed = useRef<string | null>(null);
  useEffect(() => {
    const remember = (e: FocusEvent) => {
      const target = e.target as HTMLElement;
      pressed.current = pager.current?.contains(target) ? (target.dataset.pager ?? null) : null;
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, [pager]);
  useEffect(() => {
    const key = pressed.current;
    const at = pager.current;
    if (!settled || key === null || !at || !focusLost()) return;
    const same = at.querySelector<HTMLElement>(`[data-pager="${key}"]:not(:disabled)`);
    (same ?? at.querySelector<HTMLElement>('[data-pager-current]'))?.focus();
  });
}
