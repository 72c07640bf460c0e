import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMessage, useTranslation } from '../i18n';

/**
 * The one way a screen reports a failure (a call that failed, a form the server refused): a light
 * red box announced to screen readers (role="alert"), with an optional 'Try again'. Field errors
 * stay under their fields; this is for what belongs to the whole screen or section. A text message
 * (a rule's message held by a machine) is shown in the person's language.
 */
export function ErrorBanner({
  message,
  title,
  onRetry,
  retryLabel,
  children,
}: {
  message: ReactNode;
  title?: string;
  onRetry?: () => void;
  retryLabel?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const m = useMessage();
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Stack gap="xs">
        <Text size="sm" c="red.9">
          {typeof message === 'string' ? m(message) : message}
        </Text>
        {children}
        {onRetry ? (
          <Group>
            <Button size="xs" color="red" variant="light" onClick={onRetry}>
              {retryLabel ?? t('common:actions.tryAgain')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}
