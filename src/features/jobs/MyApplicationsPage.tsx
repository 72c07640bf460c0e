import './messages';
import '@mantine/core/styles/Badge.css';
import { Alert, Anchor, Badge, Button, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { isInProgress } from '../../../contract/rules/job-postings';
import { myApplicationsMachine } from '../../../machines/jobs/myApplications';
import { fetchMyApplications, withdrawApplication } from '../../api/jobs';
import { ErrorBanner } from '../../components/ErrorBanner';
import { OnDemandModal } from '../../components/OnDemandModal';
import { PageShell } from '../../components/PageShell';
import { SessionActions, SessionNav } from '../../components/SessionHeader';
import { formatWhen, useMessage, useTranslation } from '../../i18n';
import { useFlow } from '../../lib/useFlow';
import { STATUS_COLOURS, statusLabel } from './jobText';

export const myApplicationsFlow = () =>
  myApplicationsMachine.provide({
    actors: {
      fetchApplications: fromPromise(async () => ({ applications: await fetchMyApplications() })),
      withdrawApplication: fromPromise(({ input }) => withdrawApplication(input.id)),
    },
  });

/**
 * /myapplications: the job seeker's applications, each with its status and history (notifications:
 * the bell); one still in progress can be withdrawn, after a dialog that says what that means.
 */
export default function MyApplicationsPage() {
  const { t } = useTranslation();
  const m = useMessage();
  const [machine] = useState(myApplicationsFlow);
  const [snapshot, send] = useFlow(machine);
  const { applications, error, withdrawId, notice } = snapshot.context;
  const withdrawing = snapshot.matches('withdrawing');
  const dialogOpen = snapshot.matches('confirming') || withdrawing;
  const chosen = applications.find((a) => a.id === withdrawId);

  return (
    <PageShell title={t('jobs:applications.title')} headerRight={<SessionActions />} nav={<SessionNav />}>
      <Anchor component={Link} href="/joblist">
        {t('jobs:backToJobs')}
      </Anchor>
      {snapshot.matches('loading') ? <Loader aria-label={t('jobs:applications.loading')} /> : null}
      {snapshot.matches('failure') ? (
        <ErrorBanner message={error} onRetry={() => send({ type: 'list.retry' })} />
      ) : null}
      {snapshot.matches('ready') ? (
        <Stack gap="sm" component="section" aria-label={t('jobs:applications.applications')}>
          <Group justify="space-between">
            <Title order={2} size="h4">
              {t('jobs:applications.applications')}
            </Title>
            <Button size="xs" variant="subtle" onClick={() => send({ type: 'list.refresh' })}>
              {t('jobs:applications.refresh')}
            </Button>
          </Group>
          {notice ? (
            <Alert color="orange" role="status">
              {m(notice)}
            </Alert>
          ) : null}
          {applications.length ? null : (
            <Text size="sm" c="dimmed">
              {t('jobs:applications.none')}{' '}
              <Anchor component={Link} href="/joblist">
                {t('jobs:applications.browse')}
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
                  {a.status_note ? (
                    <Text size="sm">{t('jobs:applications.note', { note: a.status_note })}</Text>
                  ) : null}
                  <List size="sm" aria-label={t('jobs:applications.history', { title: a.posting.title })}>
                    {a.history.map((h) => (
                      <List.Item key={`${h.status}-${h.created_at}`}>
                        {h.note
                          ? t('jobs:applications.stepWithNote', {
                              status: statusLabel(h.status),
                              when: formatWhen(h.created_at),
                              note: h.note,
                            })
                          : t('jobs:applications.step', {
                              status: statusLabel(h.status),
                              when: formatWhen(h.created_at),
                            })}
                      </List.Item>
                    ))}
                  </List>
                  {isInProgress(a.status) ? (
                    <Group>
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t('jobs:applications.withdrawFor', { title: a.posting.title })}
                        onClick={() => send({ type: 'withdraw.open', id: a.id })}
                      >
                        {t('jobs:applications.withdraw')}
                      </Button>
                    </Group>
                  ) : null}
                </Stack>
              </Card>
            ))}
          </Stack>
        </Stack>
      ) : null}
      <OnDemandModal
        opened={dialogOpen}
        onClose={() => {
          if (!withdrawing) send({ type: 'withdraw.cancel' });
        }}
        title={t('jobs:applications.withdrawTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common:actions.close'), disabled: withdrawing }}
      >
        <Stack>
          {chosen ? (
            <Text size="sm">
              {t('jobs:applications.withdrawExplain', {
                title: chosen.posting.title,
                organisation: chosen.posting.organisation,
              })}
            </Text>
          ) : null}
          {error && dialogOpen ? <ErrorBanner message={error} /> : null}
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={withdrawing}
              onClick={() => send({ type: 'withdraw.cancel' })}
            >
              {t('jobs:applications.keep')}
            </Button>
            <Button color="red" loading={withdrawing} onClick={() => send({ type: 'withdraw.confirm' })}>
              {t('jobs:applications.withdrawConfirm')}
            </Button>
          </Group>
        </Stack>
      </OnDemandModal>
    </PageShell>
  );
}
