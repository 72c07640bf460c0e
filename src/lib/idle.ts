/**
 * Runs `task` when the browser is idle (or after a short delay where requestIdleCallback is
 * missing); returns a cancel function, so it can be returned from a React effect.
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}
