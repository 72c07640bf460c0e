import { Loader, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorBanner } from '../../components/ErrorBanner';
import { AdminLayout } from './AdminLayout';

/**
 * What the administrator's job screens share: the layout with Jobs active, the page heading, what
 * goes above everything (a way back), the failure banner (with 'Try again' when the list could
 * not be loaded) and the loader; the screen's own content follows.
 */
export function AdminJobsFrame({
  title,
  top,
  error,
  failed,
  onRetry,
  loading,
  loadingLabel,
  children,
}: {
  title: ReactNode;
  top?: ReactNode;
  error: string | null;
  failed: boolean;
  onRetry: () => void;
  loading: boolean;
  loadingLabel: string;
  children: ReactNode;
}) {
  return (
    <AdminLayout
      active="jobs"
      header={
        <Title order={1} size="h2">
          {title}
        </Title>
      }
    >
      <Stack gap="md">
        {top}
        {error || failed ? <ErrorBanner message={error} onRetry={failed ? onRetry : undefined} /> : null}
        {loading ? <Loader aria-label={loadingLabel} /> : null}
        {children}
      </Stack>
    </AdminLayout>
  );
}
