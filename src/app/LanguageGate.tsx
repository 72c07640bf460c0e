import { type ReactNode, use } from 'react';

/**
 * Holds the screens (the app frame shows meanwhile) until the language layer has started: the
 * remembered or browser language, with its messages when it is Bengali or Hindi, so a Bengali reader
 * never sees English flash first. The layer is imported here, not statically, so the first paint
 * stays small; every route chunk imports it anyway (and the server preloads it with the route).
 */
let started: Promise<void> | null = null;
const start = () => {
  started ??= import('../i18n').then((i18n) => i18n.startLanguage());
  return started;
};

export function LanguageGate({ children }: { children: ReactNode }) {
  use(start());
  return children;
}
