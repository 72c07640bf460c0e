import '@mantine/core/styles/Badge.css';
import { Anchor, Badge, Button, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { myApplicationsMachine } from '../../../machines/jobs/myApplications';
import { fetchMyApplications, fetchMyNotifications } from '../../api/jobs';
import { ErrorBanner } from '../../components/ErrorBanner';
import { LogoutButton } from '../../components/LogoutButton';
import { PageShell } from '../../components/PageShell';
import { useFlow } from '../../lib/useFlow';
import { STATUS_COLOURS, statusLabel, whenText } from './jobText';

export const myApplicationsFlow = () =>
  myApplicationsMachine.provide({
    actors: {
      fetchApplications: fromPromise(async () => {
        const [applications, notifications] = await Promise.all([
          fetchMyApplications(),
          fetchMyNotifications(),
        ]);
        return { applications, notifications };
      }),
    },
  });

/** /myapplications: the job seeker's applications, each with its status and history, and notifications. */
export default function MyApplicationsPage() {
  const [machine] = useState(myApplicationsFlow);
  const [snapshot, send] = useFlow(machine);
  const { applications, notifications, error } = snapshot.context;

  return (
    <PageShell title="My applications" headerRight={<LogoutButton />}>
      <Anchor component={Link} href="/joblist">
        Back to job opportunities
      </Anchor>
      {snapshot.matches('loading') ? <Loader aria-label="Loading your applications" /> : null}
      {snapshot.matches('failure') ? (
        <ErrorBanner message={error} onRetry={() => send({ type: 'list.retry' })} />
      ) : null}
      {snapshot.matches('ready') ? (
        <>
          <Stack gap="xs" component="section" aria-label="Notifications">
            <Group justify="space-between">
              <Title order={2} size="h4">
                Notifications
              </Title>
              <Button size="xs" variant="subtle" onClick={() => send({ type: 'list.refresh' })}>
                Refresh
              </Button>
            </Group>
            {notifications.length ? (
              <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
                {notifications.map((n) => (
                  <Card component="li" key={n.id} withBorder padding="xs">
                    <Text fw={600} size="sm">
                      {n.title}
                    </Text>
                    <Text size="sm">{n.body}</Text>
                    <Text size="xs" c="dimmed">
                      {whenText(n.created_at)}
                    </Text>
                  </Card>
                ))}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                Nothing new yet.
              </Text>
            )}
          </Stack>
          <Stack gap="sm" component="section" aria-label="Applications">
            <Title order={2} size="h4">
              Applications
            </Title>
            {applications.length ? null : (
              <Text size="sm" c="dimmed">
                You have not applied for any job yet.{' '}
                <Anchor component={Link} href="/joblist">
                  Browse job opportunities
                </Anchor>
              </Text>
            )}
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
              {applications.map((a) => (
                <Card component="li" key={a.id} withBorder padding="md" aria-label={a.posting.title}>
                  <Stack gap={6}>
                    <Group justify="space-between" wrap="nowrap" align="start">
                      <div>
                        <Anchor component={Link} href={`/jobs/${a.posting.id}`} fw={600}>
                          {a.posting.title}
                        </Anchor>
                        <Text size="sm">{a.posting.organisation}</Text>
                      </div>
                      <Badge color={STATUS_COLOURS[a.status] ?? 'blue'}>{statusLabel(a.status)}</Badge>
                    </Group>
                    {a.status_note ? <Text size="sm">Note: {a.status_note}</Text> : null}
                    <List size="sm" aria-label={`History of ${a.posting.title}`}>
                      {a.history.map((h) => (
                        <List.Item key={`${h.status}-${h.created_at}`}>
                          {statusLabel(h.status)}, {whenText(h.created_at)}
                          {h.note ? `: ${h.note}` : ''}
                        </List.Item>
                      ))}
                    </List>
                  </Stack>
                </Card>
              ))}
            </Stack>
          </Stack>
        </>
      ) : null}
    </PageShell>
  );
}
