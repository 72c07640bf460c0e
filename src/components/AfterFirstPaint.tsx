import { type ReactNode, useEffect, useState } from 'react';

/**
 * Renders its children once the browser has painted what the page first rendered without them. For
 * what sits below a phone's first screen (the admin overview's charts, its notifications): rendering
 * and laying out the whole page before the first paint held back what the person came for by a few
 * hundred milliseconds on a slow phone. Nothing above moves when it appears: it comes after.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's callback runs just before that frame is painted; a task it queues, after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setShown(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return shown ? children : null;
}
