import { useId as useReactId } from 'react';

/**
 * The `useId` Mantine's components get in our builds (vite.config.ts, `mantineUseId`): React's own
 * id, the same on the server, in hydration and on every render. Mantine's own returns that id on
 * the first render and then swaps in a random one from a layout effect, so every input, label and
 * alert rendered a second time, synchronously, before the browser could paint the first: on a
 * signed-in home on a slow phone that second pass held the screen back by about a tenth of its
 * load (docs/performance.md). The id is only ever used to tie a label or description to its
 * element, for which React's id is unique and stable.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
