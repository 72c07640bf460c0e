import { type ReactNode, use } from 'react';

/**
 * Holds the screens (the app frame shows meanwhile) until the language layer has started: the
 * remembered or browser language, with its messages when it is Bengali or Hindi, so a Bengali reader
 * never sees English flash first. The layer is imported here, not statically, so the first paint
 * stays small; every route chunk imports it anyway (and the server preloads it with the route).
 */
let started: Promise<void> | null = null;
export const startLanguageLayer = () => {
  if (!started) {
    const promise: Promise<void> & { status?: string; value?: undefined } = import('../i18n').then((i18n) =>
      i18n.startLanguage(),
    );
    // Marked the way React reads a settled promise: once started, `use` renders at once instead of
    // suspending for one more turn (src/main.tsx starts it before the first render).
    promise.then(
      () => {
        promise.status = 'fulfilled';
        promise.value = undefined;
      },
      () => undefined,
    );
    started = promise;
  }
  return started;
};

export function LanguageGate({ children }: { children: ReactNode }) {
  use(startLanguageLayer());
  return children;
}
