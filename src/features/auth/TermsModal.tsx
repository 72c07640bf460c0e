import { Button, Group, Modal, ScrollArea } from '@mantine/core';
import { TermsContent, termsTitle } from './TermsContent';

/** The scrollable terms modal of sign-up; loaded only when opened. */
export default function TermsModal({ onCancel, onAgree }: { onCancel: () => void; onAgree: () => void }) {
  return (
    <Modal opened onClose={onCancel} title={termsTitle()} size="lg" centered>
      <ScrollArea.Autosize mah="60dvh" type="auto" offsetScrollbars>
        <TermsContent headingOrder={3} />
      </ScrollArea.Autosize>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onAgree}>I Agree</Button>
      </Group>
    </Modal>
  );
}
