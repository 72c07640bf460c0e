import { VISIBLE_FOCUS } from './keep-focus';

const CONTROL = 'input, select, textarea, button';

/**
 * The one way a form shows the field to fix after a refused submit: scrolled to the middle of the
 * screen and focused, its ring showing (after a mouse click on Submit too), so the person sees what
 * to fix and a screen reader reads it with its error. `at` is the field, or a box around it whose
 * first control takes focus (a file picker, a list of choices), or the wire name a field or its box
 * carries as `data-field="<name>"`. It happens after this event's render: the error is on screen by
 * then, and a field a failed save kept locked (the form's disabled fieldset) has opened again.
 */
export function revealField(at: HTMLElement | string | null | undefined) {
  if (!at) return;
  setTimeout(() => {
    const box = typeof at === 'string' ? document.querySelector<HTMLElement>(`[data-field="${at}"]`) : at;
    const field = box?.matches(CONTROL) ? box : box?.querySelector<HTMLElement>(CONTROL);
    if (!box || !field?.isConnected) return;
    box.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    field.focus({ preventScroll: true, ...VISIBLE_FOCUS });
  }, 0);
}

/**
 * After a submit: once the form shows a field in error (`aria-invalid="true"`, which every Mantine
 * field sets from its `error`), reveal the first one (`revealField`). The errors may come from the
 * rules at once or from the server later; watching stops at the first error shown, at the next
 * submit, or when the person types.
 */
const watching = new WeakMap<HTMLElement, () => void>();

export function revealFirstError(form: HTMLElement | null) {
  if (!form) return;
  watching.get(form)?.();
  let observer: MutationObserver | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(timer);
    observer?.disconnect();
    form.removeEventListener('input', stop);
    watching.delete(form);
  };
  const reveal = () => {
    const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return false;
    revealField(field);
    return true;
  };
  watching.set(form, stop);
  form.addEventListener('input', stop);
  // After this event's render: the rules' errors are on screen by then.
  timer = setTimeout(() => {
    if (reveal()) return stop();
    if (typeof MutationObserver === 'undefined') return stop();
    observer = new MutationObserver(() => {
      if (reveal()) stop();
    });
    observer.observe(form, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-invalid'],
    });
  }, 0);
}
