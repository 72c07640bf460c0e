import './messages';
import '@mantine/core/styles/Badge.css';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { fromPromise } from 'xstate';
import {
  APPLICATION_NOTE_MAX,
  APPLICATION_TRANSITIONS,
  type ApplicationStatus,
} from '../../../contract/constants';
import { POSTING_MESSAGES } from '../../../contract/rules/job-postings';
import { adminApplicationsBoardMachine } from '../../../machines/admin/adminApplicationsBoard';
import { openPrivateDocument } from '../../api/admin';
import { fetchPostingApplications, moveApplication } from '../../api/jobs';
import { Textarea } from '../../components/TextField';
import { formatDigits, formatNumber, formatWhen, useMessage, useTranslation } from '../../i18n';
import { useFlow } from '../../lib/useFlow';
import { STATUS_COLOURS, statusLabel } from '../jobs/jobText';
import { AdminJobsFrame } from './AdminJobsFrame';
import { useAdminGuard } from './AdminLayout';

/** The hiring side's moves (withdrawn is the job seeker's own, never a move offered here). */
const MOVE_LABELS: Record<Exclude<ApplicationStatus, 'withdrawn'>, string> = {
  applied: 'admin:applications.move.applied',
  shortlisted: 'admin:applications.move.shortlisted',
  hired: 'admin:applications.move.hired',
  not_selected: 'admin:applications.move.notSelected',
};

export const adminApplicationsBoardFlow = () =>
  adminApplicationsBoardMachine.provide({
    actors: {
      fetchBoard: fromPromise(async ({ input }) => {
        const res = await fetchPostingApplications(input.postingId);
        return { posting: res.posting, applications: res.data };
      }),
      moveApplication: fromPromise(({ input }) =>
        moveApplication(input.applicationId, input.status, input.note),
      ),
    },
    actions: {
      openResume: (_, { url }) => {
        void openPrivateDocument(url).catch(() => {});
      },
    },
  });

/** /admin/jobs/{id}: a posting's applications; open an applicant, their resume, and move them on. */
export default function AdminApplicationsPage() {
  const allowed = useAdminGuard();
  const { t } = useTranslation();
  const params = useParams<{ id: string }>();
  const [machine] = useState(adminApplicationsBoardFlow);
  const [snapshot, send] = useFlow(machine, { postingId: Number(params.id) });
  const m = useMessage();
  const { posting, applications, selectedId, decision, noteError, error } = snapshot.context;
  if (!allowed) return null;
  const moving = snapshot.matches('moving');

  return (
    <AdminJobsFrame
      title={
        posting ? t('admin:jobs.applicationsFor', { title: posting.title }) : t('admin:jobs.applications')
      }
      top={
        <Anchor component={Link} href="/admin/jobs" size="sm">
          {t('admin:applications.back')}
        </Anchor>
      }
      error={error}
      failed={snapshot.matches('failure')}
      onRetry={() => send({ type: 'board.retry' })}
      loading={snapshot.matches('loading')}
      loadingLabel={t('admin:applications.loading')}
    >
      {posting ? (
        <Text size="sm" c="dimmed">
          {t('admin:applications.summary', {
            organisation: posting.organisation,
            count: applications.length,
            formatted: formatNumber(applications.length),
          })}
        </Text>
      ) : null}
      {posting && applications.length === 0 && !snapshot.matches('loading') ? (
        <Text c="dimmed">{t('admin:applications.none')}</Text>
      ) : null}
      <Stack
        component="ul"
        gap="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('admin:jobs.applications')}
      >
        {applications.map((a) => {
          const open = selectedId === a.id;
          const moves = APPLICATION_TRANSITIONS[a.status as ApplicationStatus] ?? [];
          const deciding = decision?.applicationId === a.id;
          return (
            <Card component="li" key={a.id} withBorder padding="md" aria-label={a.job_seeker.name}>
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap" align="start">
                  <Anchor
                    component="button"
                    type="button"
                    fw={600}
                    ta="start"
                    aria-expanded={open}
                    onClick={() => send({ type: 'application.select', id: a.id })}
                  >
                    {a.job_seeker.name}
                  </Anchor>
                  <Badge color={STATUS_COLOURS[a.status] ?? 'blue'}>{statusLabel(a.status)}</Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {t('admin:applications.applied', { when: formatWhen(a.created_at) })}
                </Text>
                {open ? (
                  <Stack gap={4} aria-label={t('admin:applications.profileOf', { name: a.job_seeker.name })}>
                    <Text size="sm">{t('admin:applications.email', { value: a.job_seeker.email })}</Text>
                    <Text size="sm">
                      {t('admin:applications.mobile', {
                        value: formatDigits(a.job_seeker.mobile_number ?? ''),
                      })}
                    </Text>
                    <Text size="sm">
                      {t('admin:applications.dateOfBirth', {
                        value: formatDigits(a.job_seeker.date_of_birth ?? ''),
                      })}
                    </Text>
                    <Text size="sm">{t('admin:applications.address', { value: a.job_seeker.address })}</Text>
                    {a.education ? (
                      <Text size="sm">
                        {t('admin:applications.education', {
                          school: a.education.school_name,
                          year: formatDigits(a.education.year_of_passing ?? ''),
                        })}
                      </Text>
                    ) : null}
                    {a.cover_note ? (
                      <Text size="sm">{t('admin:applications.coverNote', { value: a.cover_note })}</Text>
                    ) : null}
                  </Stack>
                ) : null}
                <Group>
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={t('admin:applications.openResumeOf', { name: a.job_seeker.name })}
                    disabled={!snapshot.matches('board')}
                    onClick={() => send({ type: 'resume.open', url: a.resume_url })}
                  >
                    {t('admin:applications.openResume')}
                  </Button>
                </Group>
                {deciding && decision ? (
                  <Stack gap="xs">
                    <Textarea
                      label={t('admin:applications.noteFor', { name: a.job_seeker.name })}
                      value={decision.note}
                      maxLength={APPLICATION_NOTE_MAX}
                      tooLong={POSTING_MESSAGES.noteTooLong}
                      error={noteError ? m(noteError) : undefined}
                      // Sent as it stands once confirmed: it waits, unchanged, while the move is saved.
                      readOnly={moving}
                      onChange={(e) => send({ type: 'note.change', value: e.currentTarget.value })}
                    />
                    <Group>
                      <Button size="xs" loading={moving} onClick={() => send({ type: 'decision.confirm' })}>
                        {t('admin:applications.confirm', { status: statusLabel(decision.status) })}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        disabled={moving}
                        onClick={() => send({ type: 'decision.cancel' })}
                      >
                        {t('admin:newSubjects.cancel')}
                      </Button>
                    </Group>
                  </Stack>
                ) : moves.length && snapshot.matches('board') ? (
                  <Group gap="xs">
                    {moves.map((status) => (
                      <Button
                        key={status}
                        size="xs"
                        variant={status === 'not_selected' ? 'default' : 'filled'}
                        onClick={() => send({ type: 'status.choose', id: a.id, status })}
                      >
                        {t(MOVE_LABELS[status as keyof typeof MOVE_LABELS])}
                      </Button>
                    ))}
                  </Group>
                ) : null}
              </Stack>
            </Card>
          );
        })}
      </Stack>
    </AdminJobsFrame>
  );
}
