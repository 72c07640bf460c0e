import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * Renders its children once the browser has painted what the page first rendered without them
 * (`placeholder` meanwhile, to keep their place). For what a person did not come for: the admin
 * overview's charts and notifications below a phone's first screen, the header's language choice.
 * Rendering and laying out the whole page before the first paint held back what the person came
 * for by a few hundred milliseconds on a slow phone.
 *
 * HTML rendered ahead of time (the login screens) has the children already: there, and while the
 * client hydrates it, they render at once, as the HTML has them.
 */
export function AfterFirstPaint({
  children,
  placeholder = null,
}: {
  children: ReactNode;
  placeholder?: ReactNode;
}) {
  const hydrating = !useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  const [shown, setShown] = useState(hydrating);
  useEffect(() => {
    if (shown) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's callback runs just before that frame is painted; a task it queues, after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setShown(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown]);
  return shown ? children : placeholder;
}
