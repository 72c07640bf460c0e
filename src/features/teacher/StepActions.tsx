import { Button, Group } from '@mantine/core';
import { ErrorBanner } from '../../components/ErrorBanner';

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
  return (
    <>
      {failure ? <ErrorBanner message={failure} /> : null}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" loading={submitting}>
          Next
        </Button>
      </Group>
    </>
  );
}
