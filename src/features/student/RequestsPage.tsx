import '@mantine/core/styles/Badge.css';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { RequestStatus } from '../../../contract/constants';
import { REQUEST_MESSAGES, REQUEST_STATUS_LABELS } from '../../../contract/rules/request';
import type { TeacherStudentRequest } from '../../../contract/structs/request';
import {
  isOpen,
  type RequestGroup,
  studentRequestsMachine,
  timelineOf,
} from '../../../machines/student/studentRequests.machine';
import { fetchMyRequests, updateRequestStatus } from '../../api/requests';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useFlow } from '../../lib/useFlow';
import { changeRequestPath } from './change-request';
import { StudentShell } from './StudentShell';

const STATUS_COLOR: Record<string, string> = {
  request_send: 'blue',
  accepted: 'green',
  declined: 'red',
  cancelled: 'gray',
  ended: 'gray',
};
const TIMELINE_LABEL: Record<string, string> = {
  request_send: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
  ended: 'Ended',
};

export const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

const statusLabel = (status: string) => REQUEST_STATUS_LABELS[status as RequestStatus] ?? status;

function SentTo({ sent }: { sent: TeacherStudentRequest }) {
  const name = sent.teacher?.name ?? 'Teacher';
  const contact = sent.teacher?.contact;
  return (
    <Card withBorder padding="sm" component="li" aria-label={name}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{name}</Text>
          <Badge color={STATUS_COLOR[sent.status] ?? 'gray'} variant="light">
            {statusLabel(sent.status)}
          </Badge>
        </Group>
        <Stack
          component="ol"
          gap={2}
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={`Timeline with ${name}`}
        >
          {timelineOf(sent).map((step) => (
            <Text component="li" size="sm" key={step.status}>
              {TIMELINE_LABEL[step.status]} · {when(step.at)}
              {step.status === 'declined' && step.reason ? ` · Reason: ${step.reason}` : ''}
            </Text>
          ))}
        </Stack>
        {contact ? (
          <Stack gap={2} aria-label={`Contact ${name}`} role="group">
            <Text size="sm">Mobile: {contact.mobile_number}</Text>
            {contact.whatsapp_url ? (
              <Anchor href={contact.whatsapp_url} target="_blank" rel="noopener noreferrer" size="sm">
                WhatsApp {name}
              </Anchor>
            ) : null}
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              Email: <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>
            </Text>
          </Stack>
        ) : sent.status === 'request_send' ? (
          <Text size="xs" c="dimmed">
            {REQUEST_MESSAGES.contactHidden}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

function RequestCard({
  group,
  busy,
  send,
}: {
  group: RequestGroup;
  busy: boolean;
  send: (event: { type: 'request.cancel' | 'request.findMore' | 'request.change'; id: number }) => void;
}) {
  const r = group.request;
  const subjects = r.subjects.map((s) => s.name).join(', ') || 'Subjects';
  return (
    <Card withBorder padding="md" component="article" aria-label={`Request for ${subjects}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4">
            {subjects}
          </Title>
          <Badge color={r.status === 'request_send' ? 'blue' : 'gray'} variant="light">
            {r.status === 'request_send' ? 'Open' : statusLabel(r.status)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {[r.mode_of_teaching, r.preferred_group, r.preferred_medium].join(' · ')} · Made{' '}
          {when(r.created_at)}
        </Text>
        {group.sent.length ? (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {group.sent.map((s) => (
              <SentTo key={s.id} sent={s} />
            ))}
          </Stack>
        ) : (
          <Text size="sm">{REQUEST_MESSAGES.notSentToAnyone}</Text>
        )}
        <Group gap="xs">
          {isOpen(group) ? (
            <>
              <Button size="xs" disabled={busy} onClick={() => send({ type: 'request.findMore', id: r.id })}>
                {REQUEST_MESSAGES.findMoreTeachers}
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={busy}
                onClick={() => send({ type: 'request.change', id: r.id })}
              >
                Change request
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                disabled={busy}
                onClick={() => send({ type: 'request.cancel', id: r.id })}
                aria-label={`Cancel request for ${subjects}`}
              >
                Cancel request
              </Button>
            </>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

/** /requests: the student's requests, who they went to, and what each teacher answered. */
export default function RequestsPage() {
  const [, navigate] = useLocation();
  const machine = useMemo(
    () =>
      studentRequestsMachine.provide({
        actors: {
          loadRequests: fromPromise(() => fetchMyRequests()),
          cancelRequest: fromPromise(({ input }: { input: { id: number } }) =>
            updateRequestStatus(input.id, 'cancelled'),
          ),
        },
        actions: {
          goToFinder: (_, { requestId }) => navigate('/teacherfinder', { state: { requestId } }),
          goToChange: (_, { requestId }) => navigate(changeRequestPath(requestId)),
          goToNewRequest: () => navigate('/subject'),
        },
      }),
    [navigate],
  );
  const [state, send] = useFlow(machine, undefined);
  const { groups, notice, message, cancellingId } = state.context;
  const busy = !state.matches('ready');
  const cancelling = groups.find((g) => g.request.id === cancellingId);

  return (
    <StudentShell title="My requests" size="md">
      {notice ? (
        <Alert color="green" role="status">
          {notice}
        </Alert>
      ) : null}
      {state.matches('loading') ? (
        <Group justify="center" p="lg">
          <Loader aria-label="Loading your requests" />
        </Group>
      ) : null}
      {state.matches('failure') ? (
        <ErrorBanner message={message} onRetry={() => send({ type: 'requests.retry' })} />
      ) : null}
      {message && !state.matches('failure') ? <ErrorBanner message={message} /> : null}
      {!state.matches('loading') && !state.matches('failure') ? (
        <Stack gap="md">
          {groups.length === 0 ? <Text>{REQUEST_MESSAGES.noRequests}</Text> : null}
          <Group>
            <Button variant="light" onClick={() => send({ type: 'request.new' })}>
              New request
            </Button>
          </Group>
          {groups.map((g) => (
            <RequestCard key={g.request.id} group={g} busy={busy} send={send} />
          ))}
        </Stack>
      ) : null}
      <Modal
        opened={state.matches('confirmingCancel') || state.matches('cancelling')}
        onClose={() => send({ type: 'cancel.dismiss' })}
        title="Cancel request"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack>
          <Text>
            {REQUEST_MESSAGES.cancelConfirm}{' '}
            {cancelling ? `(${cancelling.request.subjects.map((s) => s.name).join(', ')})` : ''}
          </Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={state.matches('cancelling')}
              onClick={() => send({ type: 'cancel.dismiss' })}
            >
              Keep request
            </Button>
            <Button
              color="red"
              loading={state.matches('cancelling')}
              onClick={() => send({ type: 'cancel.confirm' })}
            >
              Cancel request
            </Button>
          </Group>
        </Stack>
      </Modal>
    </StudentShell>
  );
}
