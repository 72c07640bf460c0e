import './messages';
import '@mantine/core/styles/Badge.css';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { REQUEST_MESSAGES } from '../../../contract/rules/request';
import type { TeacherStudentRequest } from '../../../contract/structs/request';
import {
  isOpen,
  type RequestGroup,
  sentCopy,
  studentRequestsMachine,
  timelineOf,
} from '../../../machines/student/studentRequests';
import { fetchMyRequests, myRequestsBack, updateRequestStatus } from '../../api/requests';
import { ErrorBanner } from '../../components/ErrorBanner';
import { OnDemandModal } from '../../components/OnDemandModal';
import { PhoneLink } from '../../components/PhoneLink';
import { formatDigits, formatList, formatWhen, subjectNames, useMessage, useTranslation } from '../../i18n';
import { declineReasonText } from '../../lib/decline-reasons';
import { useRefocusWhen } from '../../lib/keep-focus';
import { useFlow } from '../../lib/useFlow';
import { changeRequestPath } from './change-request';
import { requestWord, STATUS_KEYS } from './labels';
import { StudentShell } from './StudentShell';

const STATUS_COLOR: Record<string, string> = {
  request_send: 'blue',
  accepted: 'green',
  declined: 'red',
  cancelled: 'gray',
  ended: 'gray',
};
const TIMELINE_KEYS: Record<string, string> = {
  request_send: 'student:requests.timeline.request_send',
  accepted: 'student:requests.timeline.accepted',
  declined: 'student:requests.timeline.declined',
  cancelled: 'student:requests.timeline.cancelled',
  ended: 'student:requests.timeline.ended',
};

/** A moment as the requests page shows it ('22 Nov 2026, 10:30 am'), in the person's language. */
export const when = (iso: string) => formatWhen(iso);

type T = (key: string, values?: Record<string, unknown>) => string;
const statusLabel = (t: T, status: string) => (STATUS_KEYS[status] ? t(STATUS_KEYS[status]) : status);

type Send = (event: {
  type: 'request.cancel' | 'request.findMore' | 'request.change' | 'tutoring.end';
  id: number;
}) => void;

function SentTo({ sent, busy, send }: { sent: TeacherStudentRequest; busy: boolean; send: Send }) {
  const { t } = useTranslation();
  const m = useMessage();
  const name = sent.teacher?.name ?? t('student:requests.teacher');
  const contact = sent.teacher?.contact;
  return (
    <Card withBorder padding="sm" component="li" aria-label={name}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{name}</Text>
          <Badge color={STATUS_COLOR[sent.status] ?? 'gray'} variant="light">
            {statusLabel(t, sent.status)}
          </Badge>
        </Group>
        <Stack
          component="ol"
          gap={2}
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('student:requests.timelineWith', { name })}
        >
          {timelineOf(sent).map((step) => {
            // A preset reason in the student's language; the teacher's own words as typed.
            const reason =
              step.status === 'declined' ? declineReasonText(t, step.reasonKey, step.reason) : null;
            return (
              <Text component="li" size="sm" key={step.status}>
                {reason
                  ? t('student:requests.stepWithReason', {
                      label: t(TIMELINE_KEYS[step.status]),
                      when: when(step.at),
                      reason,
                    })
                  : t('student:requests.step', {
                      label: TIMELINE_KEYS[step.status] ? t(TIMELINE_KEYS[step.status]) : step.status,
                      when: when(step.at),
                    })}
              </Text>
            );
          })}
        </Stack>
        {contact ? (
          <Stack gap={2} aria-label={t('student:requests.contact', { name })} role="group">
            <PhoneLink
              number={contact.mobile_number}
              text={t('student:requests.mobile', { number: formatDigits(contact.mobile_number) })}
            />
            {contact.whatsapp_url ? (
              <Anchor href={contact.whatsapp_url} target="_blank" rel="noopener noreferrer" size="sm">
                {t('student:requests.whatsapp', { name })}
              </Anchor>
            ) : null}
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {t('student:requests.email')} <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>
            </Text>
          </Stack>
        ) : sent.status === 'request_send' ? (
          <Text size="xs" c="dimmed">
            {m(REQUEST_MESSAGES.contactHidden)}
          </Text>
        ) : null}
        {sent.status === 'accepted' ? (
          <Group>
            <Button
              size="xs"
              variant="light"
              color="red"
              disabled={busy}
              onClick={() => send({ type: 'tutoring.end', id: sent.id })}
              aria-label={t('student:requests.endFor', { name })}
            >
              {t('student:requests.end')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

function RequestCard({ group, busy, send }: { group: RequestGroup; busy: boolean; send: Send }) {
  const { t } = useTranslation();
  const m = useMessage();
  const r = group.request;
  const subjects = subjectNames(t, r.subjects) || t('student:requests.subjects');
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-label={t('student:requests.requestFor', { subjects })}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4">
            {subjects}
          </Title>
          <Badge color={r.status === 'request_send' ? 'blue' : 'gray'} variant="light">
            {r.status === 'request_send' ? t('student:requests.open') : statusLabel(t, r.status)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('student:requests.summary', {
            mode: requestWord(t, 'mode', r.mode_of_teaching),
            group: requestWord(t, 'group', r.preferred_group),
            medium: requestWord(t, 'medium', r.preferred_medium),
            when: when(r.created_at),
          })}
        </Text>
        {group.sent.length ? (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {group.sent.map((s) => (
              <SentTo key={s.id} sent={s} busy={busy} send={send} />
            ))}
          </Stack>
        ) : (
          <Text size="sm">{m(REQUEST_MESSAGES.notSentToAnyone)}</Text>
        )}
        <Group gap="xs">
          {isOpen(group) ? (
            <>
              <Button size="xs" disabled={busy} onClick={() => send({ type: 'request.findMore', id: r.id })}>
                {m(REQUEST_MESSAGES.findMoreTeachers)}
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={busy}
                onClick={() => send({ type: 'request.change', id: r.id })}
              >
                {t('student:changeRequest')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                disabled={busy}
                onClick={() => send({ type: 'request.cancel', id: r.id })}
                aria-label={t('student:requests.cancelFor', { subjects })}
              >
                {t('student:requests.cancel')}
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
  const { t } = useTranslation();
  const m = useMessage();
  const [, navigate] = useLocation();
  const machine = useMemo(
    () =>
      studentRequestsMachine.provide({
        actors: {
          loadRequests: fromPromise(() => fetchMyRequests()),
          cancelRequest: fromPromise(({ input }: { input: { id: number } }) =>
            updateRequestStatus(input.id, 'cancelled'),
          ),
          endTutoring: fromPromise(({ input }: { input: { id: number } }) =>
            updateRequestStatus(input.id, 'ended'),
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
  // The first screen's answer when it is already in (asked for by the page's HTML): shown at once.
  const [first] = useState(myRequestsBack);
  const [state, send] = useFlow(machine, { first });
  const { groups, notice, message, cancellingId, endingId } = state.context;
  const busy = !state.matches('ready');
  const cancelling = groups.find((g) => g.request.id === cancellingId);
  // Who has accepted goes on teaching: the confirmation says so, lest 'Cancel' read as ending it.
  const keeping = (cancelling?.sent ?? [])
    .filter((s) => s.status === 'accepted' && s.teacher)
    .map((s) => s.teacher?.name ?? '');
  // Cancel goes with the request's buttons once it is done, and the dialog has nowhere to return
  // focus to: it goes to the notice that says what happened, not the page's start.
  // The End dialog keeps the teacher's name while it fades out, after the end has cleared endingId.
  const endingShown = useRef('');
  const endingFound = sentCopy(groups, endingId)?.sent.teacher?.name;
  if (endingFound) endingShown.current = endingFound;
  const endingName = endingShown.current || t('student:requests.teacher');
  const noticeBox = useRef<HTMLDivElement>(null);
  useRefocusWhen(state.matches('ready') && notice !== null, noticeBox);

  return (
    <StudentShell title={t('student:requests.title')} size="md">
      {notice ? (
        <Alert ref={noticeBox} color="green" role="status" tabIndex={-1}>
          {m(notice)}
        </Alert>
      ) : null}
      {state.matches('loading') ? (
        <Group justify="center" p="lg">
          <Loader aria-label={t('student:requests.loading')} />
        </Group>
      ) : null}
      {state.matches('failure') ? (
        <ErrorBanner message={message} onRetry={() => send({ type: 'requests.retry' })} />
      ) : null}
      {message && !state.matches('failure') ? <ErrorBanner message={message} /> : null}
      {!state.matches('loading') && !state.matches('failure') ? (
        <Stack gap="md">
          {groups.length === 0 ? <Text>{m(REQUEST_MESSAGES.noRequests)}</Text> : null}
          <Group>
            <Button variant="light" onClick={() => send({ type: 'request.new' })}>
              {t('student:newRequest')}
            </Button>
          </Group>
          {groups.map((g) => (
            <RequestCard key={g.request.id} group={g} busy={busy} send={send} />
          ))}
        </Stack>
      ) : null}
      <OnDemandModal
        opened={state.matches('confirmingCancel') || state.matches('cancelling')}
        onClose={() => send({ type: 'cancel.dismiss' })}
        title={t('student:requests.cancel')}
        centered
        closeButtonProps={{ 'aria-label': t('student:requests.close') }}
      >
        <Stack>
          <Text>
            {m(REQUEST_MESSAGES.cancelConfirm)}{' '}
            {cancelling ? `(${subjectNames(t, cancelling.request.subjects)})` : ''}
          </Text>
          {keeping.length ? (
            <Text>{m(REQUEST_MESSAGES.cancelKeepsAccepted(formatList(keeping)))}</Text>
          ) : null}
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={state.matches('cancelling')}
              onClick={() => send({ type: 'cancel.dismiss' })}
            >
              {t('student:requests.keep')}
            </Button>
            <Button
              color="red"
              loading={state.matches('cancelling')}
              onClick={() => send({ type: 'cancel.confirm' })}
            >
              {t('student:requests.cancel')}
            </Button>
          </Group>
        </Stack>
      </OnDemandModal>
      <OnDemandModal
        opened={state.matches('confirmingEnd') || state.matches('ending')}
        onClose={() => send({ type: 'end.dismiss' })}
        title={t('student:requests.end')}
        centered
        closeButtonProps={{ 'aria-label': t('student:requests.close') }}
      >
        <Stack>
          <Text>{m(REQUEST_MESSAGES.endConfirm(endingName))}</Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={state.matches('ending')}
              onClick={() => send({ type: 'end.dismiss' })}
            >
              {t('student:requests.keepTutoring')}
            </Button>
            <Button
              color="red"
              loading={state.matches('ending')}
              onClick={() => send({ type: 'end.confirm' })}
            >
              {t('student:requests.end')}
            </Button>
          </Group>
        </Stack>
      </OnDemandModal>
    </StudentShell>
  );
}
