import { Button, Group, Loader, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { type AdminSubjectsLists, adminSubjectsMachine } from '../../../machines/admin/adminSubjects';
import { approveSubject, fetchNewSubjects, mergeSubject, rejectSubject } from '../../api/admin';
import { ErrorBanner } from '../../components/ErrorBanner';
import { formatDateTime, useMessage, useTranslation } from '../../i18n';
import { useFlow } from '../../lib/useFlow';

export const adminSubjectsFlow = () =>
  adminSubjectsMachine.provide({
    actors: {
      fetchNewSubjects: fromPromise<AdminSubjectsLists>(() => fetchNewSubjects()),
      approveSubject: fromPromise(({ input }) => approveSubject(input.subjectId)),
      rejectSubject: fromPromise(({ input }) => rejectSubject(input.subjectId)),
      mergeSubject: fromPromise(({ input }) => mergeSubject(input.subjectId, input.intoId)),
    },
  });

/**
 * 'New subjects' (D14), beside Teacher Approvals: each subject a student added waits here until an
 * administrator approves it, merges it into a subject of the shared list, or rejects it.
 */
export function NewSubjects() {
  const [machine] = useState(adminSubjectsFlow);
  const [snapshot, send] = useFlow(machine);
  const { t } = useTranslation();
  const m = useMessage();
  const { context } = snapshot;
  const merging = snapshot.matches('merging');
  const busy =
    snapshot.matches('approving') ||
    snapshot.matches('rejecting') ||
    snapshot.matches({ merging: 'submitting' });
  const loading = snapshot.matches('loading');
  const deciding = busy || merging || loading;
  return (
    <Stack gap="sm" component="section" aria-label={t('admin:newSubjects.title')}>
      <Title order={2} size="h4">
        {t('admin:newSubjects.title')}
      </Title>
      {context.notice ? (
        <Text role="status" size="sm" c="green.9">
          {m(context.notice)}
        </Text>
      ) : null}
      {context.error ? <ErrorBanner message={m(context.error)} /> : null}
      {loading && !context.subjects.length ? (
        <Loader size="sm" aria-label={t('admin:newSubjects.loading')} />
      ) : null}
      {snapshot.matches('failure') ? (
        <Group>
          <Button size="xs" variant="light" onClick={() => send({ type: 'subjects.retry' })}>
            {t('admin:newSubjects.tryAgain')}
          </Button>
        </Group>
      ) : null}
      {!loading && !snapshot.matches('failure') && !context.subjects.length ? (
        <Stack gap={2} py="sm" align="center">
          <Text fw={500}>{t('admin:newSubjects.none')}</Text>
          <Text size="sm" c="dimmed">
            {t('admin:newSubjects.noneText')}
          </Text>
        </Stack>
      ) : null}
      {context.subjects.map((s) => (
        <Paper key={s.id} withBorder p="sm" radius="sm" component="article" aria-label={s.name}>
          <Stack gap={6}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {s.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {s.suggested_by ? `${t('admin:newSubjects.suggestedBy', { who: s.suggested_by })} | ` : ''}
              {formatDateTime(s.created_at)}
            </Text>
            {merging && context.subjectId === s.id ? (
              <Stack gap="xs">
                <NativeSelect
                  label={t('admin:newSubjects.mergeInto')}
                  value={context.intoId === null ? '' : String(context.intoId)}
                  data={[
                    { value: '', label: t('admin:newSubjects.chooseSubject') },
                    ...context.approved.map((a) => ({ value: String(a.id), label: a.name })),
                  ]}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    send({ type: 'mergeTarget.change', intoId: value ? Number(value) : null });
                  }}
                  error={m(context.intoError) || null}
                  disabled={busy}
                />
                <Group gap="xs">
                  <Button size="xs" onClick={() => send({ type: 'merge.submit' })} loading={busy}>
                    {t('admin:newSubjects.confirmMerge')}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => send({ type: 'merge.cancel' })}
                    disabled={busy}
                  >
                    {t('admin:newSubjects.cancel')}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Group gap="xs">
                <Button
                  size="xs"
                  color="green"
                  onClick={() => send({ type: 'subject.approve', subjectId: s.id })}
                  disabled={deciding}
                  loading={snapshot.matches('approving') && context.subjectId === s.id}
                  aria-label={t('admin:newSubjects.approveNamed', { name: s.name })}
                >
                  {t('admin:newSubjects.approve')}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => send({ type: 'subject.merge', subjectId: s.id })}
                  disabled={deciding}
                  aria-label={t('admin:newSubjects.mergeNamed', { name: s.name })}
                >
                  {t('admin:newSubjects.merge')}
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  onClick={() => send({ type: 'subject.reject', subjectId: s.id })}
                  disabled={deciding}
                  loading={snapshot.matches('rejecting') && context.subjectId === s.id}
                  aria-label={t('admin:newSubjects.rejectNamed', { name: s.name })}
                >
                  {t('admin:newSubjects.reject')}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
