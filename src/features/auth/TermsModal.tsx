import { Button, Group, Modal, ScrollArea } from '@mantine/core';
import { useTranslation } from '../../i18n';
import { TermsContent, useTermsTitle } from './TermsContent';

/** The scrollable terms modal of sign-up; loaded only when opened. */
export default function TermsModal({ onCancel, onAgree }: { onCancel: () => void; onAgree: () => void }) {
  const { t } = useTranslation();
  const title = useTermsTitle();
  return (
    <Modal
      opened
      onClose={onCancel}
      title={title}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {/* The scrolling text is focusable, so it scrolls with the keyboard too. */}
      <ScrollArea.Autosize
        mah="60dvh"
        type="auto"
        offsetScrollbars
        viewportProps={{ tabIndex: 0, 'aria-label': title }}
      >
        <TermsContent headingOrder={3} />
      </ScrollArea.Autosize>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>
          {t('common:actions.cancel')}
        </Button>
        <Button onClick={onAgree}>{t('auth:terms.agree')}</Button>
      </Group>
    </Modal>
  );
}
