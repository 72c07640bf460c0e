/**
 * After a submit: once the form shows a field in error (`aria-invalid="true"`, which every Mantine
 * field sets from its `error`), scroll to the first one and focus it, so the person sees what to fix
 * and a screen reader reads it. The errors may come from the rules at once or from the server later;
 * watching stops at the first error shown, at the next submit, or when the person types.
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
    field.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    field.focus({ preventScroll: true });
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
