import { Modal, type ModalProps } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * Mantine's Modal as OnDemandModal loads it (this module is its own chunk, with the dialog code:
 * Modal, FocusTrap, ScrollArea, floating-ui, react-remove-scroll). It mounts closed and opens one
 * render later, so the first opening is animated and focus goes in and returns as Modal does, also
 * when the dialog was asked for before this code had arrived.
 */
export default function LoadedModal({ opened, ...props }: ModalProps) {
  const [attached, setAttached] = useState(false);
  useEffect(() => setAttached(true), []);
  return <Modal opened={opened && attached} {...props} />;
}
