import './messages';
import { Button, Group, Text } from '@mantine/core';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useTranslation } from '../../i18n';

/**
 * The foot of an onboarding step: the failure (if any), Back, and Next (busy while submitting).
 * Without `onBack` there is no Back (a new teacher's first step has nothing before it). `keepsDraft`:
 * the step keeps what is typed on this device until it is submitted, and says so.
 */
export function StepActions({
  failure,
  submitting,
  onBack,
  keepsDraft = false,
}: {
  failure?: string | null;
  submitting: boolean;
  onBack?: () => void;
  keepsDraft?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {keepsDraft ? (
        <Text size="xs" c="dimmed">
          {t('common:draftNote')}
        </Text>
      ) : null}
      {failure ? <ErrorBanner message={failure} /> : null}
      <Group justify="space-between">
        {onBack ? (
          <Button variant="default" onClick={onBack}>
            {t('teacher:back')}
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" loading={submitting}>
          {t('teacher:next')}
        </Button>
      </Group>
    </>
  );
}
