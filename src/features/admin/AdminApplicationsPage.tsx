import '@mantine/core/styles/Badge.css';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { fromPromise } from 'xstate';
import {
  APPLICATION_NOTE_MAX,
  APPLICATION_TRANSITIONS,
  type ApplicationStatus,
} from '../../../contract/constants';
import { adminApplicationsBoardMachine } from '../../../machines/admin/adminApplicationsBoard';
import { fetchPostingApplications, moveApplication, openResume } from '../../api/jobs';
import { useFlow } from '../../lib/useFlow';
import { STATUS_COLOURS, statusLabel, whenText } from '../jobs/jobText';
import { AdminJobsFrame } from './AdminJobsFrame';
import { useAdminGuard } from './AdminLayout';

const MOVE_LABELS: Record<ApplicationStatus, string> = {
  applied: 'Applied',
  shortlisted: 'Shortlist',
  hired: 'Hire',
  not_selected: 'Not selected',
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
        void openResume(url).catch(() => {});
      },
    },
  });

/** /admin/jobs/{id}: a posting's applications; open an applicant, their resume, and move them on. */
export default function AdminApplicationsPage() {
  const allowed = useAdminGuard();
  const params = useParams<{ id: string }>();
  const [machine] = useState(adminApplicationsBoardFlow);
  const [snapshot, send] = useFlow(machine, { postingId: Number(params.id) });
  const { posting, applications, selectedId, decision, error } = snapshot.context;
  if (!allowed) return null;
  const moving = snapshot.matches('moving');

  return (
    <AdminJobsFrame
      title={posting ? `Applications for ${posting.title}` : 'Applications'}
      top={
        <Anchor component={Link} href="/admin/jobs" size="sm">
          Back to job postings
        </Anchor>
      }
      error={error}
      failed={snapshot.matches('failure')}
      onRetry={() => send({ type: 'board.retry' })}
      loading={snapshot.matches('loading')}
      loadingLabel="Loading applications"
    >
      {posting ? (
        <Text size="sm" c="dimmed">
          {posting.organisation} · {applications.length} application{applications.length === 1 ? '' : 's'}
        </Text>
      ) : null}
      {posting && applications.length === 0 && !snapshot.matches('loading') ? (
        <Text c="dimmed">No applications yet.</Text>
      ) : null}
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Applications">
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
                    aria-expanded={open}
                    onClick={() => send({ type: 'application.select', id: a.id })}
                  >
                    {a.job_seeker.name}
                  </Anchor>
                  <Badge color={STATUS_COLOURS[a.status] ?? 'blue'}>{statusLabel(a.status)}</Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  Applied {whenText(a.created_at)}
                </Text>
                {open ? (
                  <Stack gap={4} aria-label={`Profile of ${a.job_seeker.name}`}>
                    <Text size="sm">Email: {a.job_seeker.email}</Text>
                    <Text size="sm">Mobile: {a.job_seeker.mobile_number}</Text>
                    <Text size="sm">Date of birth: {a.job_seeker.date_of_birth}</Text>
                    <Text size="sm">Address: {a.job_seeker.address}</Text>
                    {a.education ? (
                      <Text size="sm">
                        Education: {a.education.school_name}, {a.education.year_of_passing}
                      </Text>
                    ) : null}
                    {a.cover_note ? <Text size="sm">Cover note: {a.cover_note}</Text> : null}
                  </Stack>
                ) : null}
                <Group>
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`Open resume of ${a.job_seeker.name}`}
                    disabled={!snapshot.matches('board')}
                    onClick={() => send({ type: 'resume.open', url: a.resume_url })}
                  >
                    Open resume
                  </Button>
                </Group>
                {deciding && decision ? (
                  <Stack gap="xs">
                    <Textarea
                      label={`Note for ${a.job_seeker.name} (optional)`}
                      value={decision.note}
                      maxLength={APPLICATION_NOTE_MAX}
                      onChange={(e) => send({ type: 'note.change', value: e.currentTarget.value })}
                    />
                    <Group>
                      <Button size="xs" loading={moving} onClick={() => send({ type: 'decision.confirm' })}>
                        Confirm: {statusLabel(decision.status)}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        disabled={moving}
                        onClick={() => send({ type: 'decision.cancel' })}
                      >
                        Cancel
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
                        {MOVE_LABELS[status]}
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
