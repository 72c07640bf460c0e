import { Alert, Anchor, Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'wouter';
import { PageShell } from '../../components/PageShell';
import { visualiserAllowed } from './access';

// The visualiser (elkjs, xstate/graph, every machine) is its own chunk, loaded only once allowed.
const Visualiser = lazy(() => import('./Visualiser'));

export default function MachinesPage() {
  const params = useParams<{ name?: string }>();
  if (!visualiserAllowed()) {
    return (
      <PageShell title="Machine visualiser">
        <Alert color="yellow" title="Not available">
          The machine visualiser is available to signed-in administrators only.{' '}
          <Anchor component={Link} href="/adminsignin">
            Sign in as an administrator
          </Anchor>{' '}
          and open this page again.
        </Alert>
      </PageShell>
    );
  }
  return (
    <Suspense
      fallback={
        <Center mih="60dvh">
          <Loader aria-label="Loading the visualiser" />
        </Center>
      }
    >
      <Visualiser name={params.name ? decodeURIComponent(params.name) : undefined} />
    </Suspense>
  );
}
