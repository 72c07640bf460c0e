import { Notification } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMessage, useTranslation } from '../i18n';

/**
 * A short message over the page (the product's 3-second toasts). How long it shows is the machine's
 * business (a delayed transition); this only renders it while `message` is set. A text message (a
 * rule's message held by a machine) is shown in the person's language.
 */
export function Toast({
  message,
  color = 'blue',
  onClose,
}: {
  message: ReactNode | null;
  color?: string;
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  const m = useMessage();
  if (!message) return null;
  return (
    <Notification
      role="status"
      aria-live="polite"
      color={color}
      withCloseButton={Boolean(onClose)}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common:actions.closeMessage') }}
      style={{
        position: 'fixed',
        top: 16,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 1000,
        width: 'min(92vw, 420px)',
      }}
    >
      {typeof message === 'string' ? m(message) : message}
    </Notification>
  );
}
