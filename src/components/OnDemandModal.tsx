import type { ModalProps } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../lib/idle';

const loadModal = () => import('./LoadedModal');
const LoadedModal = lazy(loadModal);

/**
 * Mantine's Modal, mounted from the first time it opens and kept from then on, so it opens and closes
 * with its transition as before. A closed Modal still renders its transition, whose reduced-motion
 * check renders it once more right after the page's first render; on a slow phone that second render
 * of a dialog nobody has opened held back the screen a person came for. Its code (70 KB minified, with
 * the focus trap, scroll lock and scroll area) is not evaluated before the page's first render
 * either: it is fetched when the browser is idle after the page has shown, or when the dialog first
 * opens if that comes sooner (LoadedModal then opens it once the code is in).
 */
export function OnDemandModal({ opened, ...props }: ModalProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (opened) setMounted(true);
  }, [opened]);
  useEffect(() => whenIdle(() => void loadModal().catch(() => undefined)), []);
  if (!opened && !mounted) return null;
  return (
    <Suspense fallback={null}>
      <LoadedModal opened={opened} {...props} />
    </Suspense>
  );
}
