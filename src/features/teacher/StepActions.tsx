import { Alert, Button, Group } from '@mantine/core';
import { useMessage, useTranslation } from '../../i18n';

/** The foot of an onboarding step: the failure (if any), Back, and Next (busy while submitting). */
export function StepActions({
  failure,
  submitting,
  onBack,
}: {
  failure?: string | null;
  submitting: boolean;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const m = useMessage();
  return (
    <>
      {failure ? (
        <Alert color="red" role="alert">
          {m(failure)}
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          {t('teacher:back')}
        </Button>
        <Button type="submit" loading={submitting}>
          {t('teacher:next')}
        </Button>
      </Group>
    </>
  );
}
