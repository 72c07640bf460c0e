import { useEffect, useState, useSyncExternalStore } from 'react';

const never = () => () => {};

const rootInputs = () => [...(document.getElementById('root')?.querySelectorAll('input') ?? [])];

/**
 * What was typed into the prerendered form before the page's code attached: [position among the
 * page's inputs, value] (ids are no key: Mantine replaces them once mounted).
 */
function typedBeforeHydration(): Array<[number, string]> {
  if (typeof document === 'undefined') return [];
  if (!document.getElementById('root')?.hasAttribute('data-prerendered')) return [];
  return rootInputs().flatMap(
    (input, i): Array<[number, string]> =>
      input.value && input.type !== 'checkbox' && input.type !== 'radio' ? [[i, input.value]] : [],
  );
}

/**
 * False while React renders HTML ahead of time (src/prerender.tsx) and while the client hydrates
 * that HTML; true once the page's event handlers are attached (and from the start when the client
 * renders without prerendered HTML). A prerendered form keeps its submit button disabled until
 * then, so a press before the code has arrived is not lost to a native form submission; what the
 * visitor typed meanwhile is read while hydrating and given back to the form (as input events, so
 * the page's flow receives it) once it is attached.
 */
export function useHydrated(): boolean {
  const hydrated = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  const [typed] = useState(() => (hydrated ? [] : typedBeforeHydration()));
  useEffect(() => {
    if (!typed.length) return;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    const inputs = rootInputs();
    for (const [i, value] of typed) {
      const input = inputs[i];
      if (!(input instanceof HTMLInputElement) || !setValue) continue;
      // React took the typed text as the field's last value while hydrating, and the form's state
      // still holds ''. Reset its record ('' through the element), put the text back underneath
      // (the prototype's setter), and the input event then reads as a change: onChange fires.
      input.value = '';
      setValue.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }, [typed]);
  return hydrated;
}
