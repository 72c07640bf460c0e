import { type RefObject, useEffect, useRef } from 'react';

/** Whether keyboard focus has been lost: its element left the page (or was disabled) and the browser fell back to the page's start. */
function focusLost(): boolean {
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
 * When `when` becomes true (a form opens or closes, a list settles after an action, a dialog's answer
 * is in) and the element that had keyboard focus has left the page with what it opened or closed,
 * focus `target` instead of the page's start; a person who moved on elsewhere keeps their place.
 * `from` is what acted and may still hold focus without meaning any more (the form just sent, the
 * button that loaded more, a dialog that closed): focus within it counts as lost too. `visible`
 * shows the ring even when a mouse click led there: for a place the person did not click (another
 * item, a heading, the first new card), which they could not tell apart otherwise; as a function it
 * decides per target (no ring back on the very button they pressed). `when` may also be a value
 * that changes with each action (a list that lost an item): focus is then placed at each change.
 */
export function useRefocusWhen(
  when: unknown,
  target: FocusTarget,
  options: { visible?: boolean | ((target: HTMLElement) => boolean); from?: FocusTarget } = {},
) {
  const was = useRef(when);
  useEffect(() => {
    const became = Boolean(when) && !Object.is(when, was.current);
    was.current = when;
    if (!became) return;
    if (!focusLost() && !elementOf(options.from)?.contains(document.activeElement)) return;
    const to = elementOf(target);
    if (!to) return;
    const { visible } = options;
    to.focus((typeof visible === 'function' ? visible(to) : visible) ? VISIBLE_FOCUS : undefined);
  });
}

const elementOf = (target: FocusTarget | undefined) =>
  (typeof target === 'function' ? target() : target?.current) ?? null;

/**
 * 'Show more' below a list: the button is disabled while the next items load (and goes after the
 * last), which drops keyboard focus to the page's start. Once the load is over, focus goes to the
 * first item added, ring showing (the person pressed the button, not that item), or back to the
 * button when none came (the load failed and says so). The button takes `button` as its ref and
 * calls `pressed(mark)` in its onClick with what was shown then (how many, or the last item's id
 * where newer items may come in front meanwhile); `added(mark)` finds the first item after it.
 */
export function useShowMoreFocus<Mark = number>(
  loading: boolean,
  added: (shown: Mark) => HTMLElement | null | undefined,
) {
  const shown = useRef<{ mark: Mark } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  useRefocusWhen(!loading, () => (shown.current ? added(shown.current.mark) : null) ?? button.current, {
    from: button,
    visible: (to) => to !== button.current,
  });
  return {
    button,
    pressed: (mark: Mark) => {
      shown.current = { mark };
    },
  };
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
