import { Modal, type ModalProps } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * Mantine's Modal, mounted from the first time it opens and kept from then on, so it opens and closes
 * with its transition as before. A closed Modal still renders its transition, whose reduced-motion
 * check renders it once more right after the page's first render; on a slow phone that second render
 * of a dialog nobody has opened held back the screen a person came for. The first time, it mounts
 * closed and opens one render later, so the opening is animated (and focus returns) as Modal does.
 */
export function OnDemandModal({ opened, ...props }: ModalProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (opened) setMounted(true);
  }, [opened]);
  if (!opened && !mounted) return null;
  return <Modal opened={opened && mounted} {...props} />;
}
