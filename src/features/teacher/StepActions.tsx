import { Alert, Button, Group } from '@mantine/core';

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
      {failure ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : null}
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
