import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import { Alert, Anchor, Avatar, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import type { RequestStatus } from '../../../contract/constants';
import { TIME_SLOTS, WEEKDAYS } from '../../../contract/constants';
import { MATCH_MESSAGES } from '../../../contract/rules/matching';
import { REQUEST_STATUS_LABELS } from '../../../contract/rules/request';
import type { MatchingTeacher, MatchingTeachersResponse } from '../../../contract/structs/request';
import {
  FINDER_FILTERS,
  type FinderFilter,
  teacherFinderMachine,
} from '../../../machines/student/teacherFinder.machine';
import {
  connectTeacher,
  fetchMatchingTeachers,
  fetchMyFinder,
  switchRequestToOffline,
} from '../../api/requests';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Toast } from '../../components/Toast';
import { clientConfig } from '../../lib/config';
import { useFlow } from '../../lib/useFlow';
import { changeRequestPath } from './change-request';
import { StudentShell } from './StudentShell';

const FILTER_LABELS: Record<FinderFilter, string> = {
  all: 'All',
  online: 'Online',
  offline: 'Offline',
  individual: 'Individual',
  group: 'Group',
};
const MODE_LABELS: Record<string, string> = {
  online: 'Online',
  offline: 'Offline',
  both: 'Online & Offline',
};

/** 'Mon, Wed · Evening' from the teacher's weekly schedule. */
export function availabilitySummary(teacher: MatchingTeacher['teacher']): string {
  const days = teacher.teacher_schedules.filter((s) => s.time_slots.length);
  if (!days.length) return 'Availability not shared yet';
  const dayNames = days.map((d) => WEEKDAYS[d.week_day]?.slice(0, 3)).join(', ');
  const slots = TIME_SLOTS.filter((slot) =>
    days.some((d) => d.time_slots.some((t) => t.time_of_day === slot.value)),
  ).map((slot) => slot.label);
  return `${dayNames} · ${slots.join(', ')}`;
}

function requestIdFromNavigation(): number | null {
  const id = Number((window.history.state as { requestId?: unknown } | null)?.requestId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

function TeacherCard({
  match,
  connecting,
  busy,
  onConnect,
}: {
  match: MatchingTeacher;
  connecting: boolean;
  busy: boolean;
  onConnect: () => void;
}) {
  const t = match.teacher;
  const pref = t.teacher_preference;
  const photo = t.profile_photo ? `${clientConfig().apiBaseUrl}${t.profile_photo}` : null;
  const status = match.connection?.status as RequestStatus | undefined;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={t.name}>
      <Group wrap="nowrap" align="flex-start">
        <Avatar src={photo} alt={`Photo of ${t.name}`} size={64} radius="xl" color="blue">
          {t.name.charAt(0).toUpperCase()}
        </Avatar>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700}>{t.name}</Text>
            {t.verified ? (
              <Badge color="green" variant="light" size="sm">
                {MATCH_MESSAGES.verified}
              </Badge>
            ) : (
              <Badge color="yellow" variant="light" size="sm">
                {MATCH_MESSAGES.verificationPending}
              </Badge>
            )}
          </Group>
          {typeof t.distance_km === 'number' || t.locality ? (
            <Text size="sm" c="dimmed">
              {[
                typeof t.distance_km === 'number' ? MATCH_MESSAGES.away(t.distance_km) : null,
                t.locality || null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          ) : null}
          <Text size="sm">{t.subjects.map((s) => s.name).join(', ') || 'No subjects'}</Text>
          <Text size="sm" c="dimmed">
            {pref
              ? `${MODE_LABELS[pref.teaching_mode] ?? pref.teaching_mode} · ${pref.prior_experience} years experience`
              : ''}
          </Text>
          <Text size="sm" c="dimmed">
            Available: {availabilitySummary(t)}
          </Text>
        </Stack>
      </Group>
      <Group justify="flex-end" mt="sm">
        {status ? (
          <Badge
            size="lg"
            color={status === 'accepted' ? 'green' : status === 'request_send' ? 'blue' : 'gray'}
          >
            {REQUEST_STATUS_LABELS[status] ?? status}
          </Badge>
        ) : (
          <Button
            onClick={onConnect}
            loading={connecting}
            disabled={busy && !connecting}
            aria-label={`Connect with ${t.name}`}
          >
            Connect
          </Button>
        )}
      </Group>
    </Card>
  );
}

export default function TeacherFinderPage() {
  const [machine] = useState(() => {
    // A cold visit finds the latest request and its first page of matches in one call; the first
    // loadMatches then uses that page instead of asking again.
    let firstPage: MatchingTeachersResponse | undefined;
    return teacherFinderMachine.provide({
      actors: {
        findLatestRequest: fromPromise<{ id: number } | null, void>(async () => {
          const page = await fetchMyFinder();
          firstPage = page ?? undefined;
          return page ? { id: page.request.id } : null;
        }),
        loadMatches: fromPromise(async ({ input }) => {
          const preloaded = firstPage;
          firstPage = undefined;
          if (preloaded?.request.id === input.requestId && input.filter === 'all' && input.page === 1)
            return preloaded;
          return fetchMatchingTeachers(input.requestId, input.filter, input.page);
        }),
        switchToOffline: fromPromise(async ({ input }) => switchRequestToOffline(input.requestId)),
        connectTeacher: fromPromise(async ({ input }) => {
          const sent = await connectTeacher(input.requestId, input.teacherId);
          return { id: sent.id, status: sent.status };
        }),
      },
    });
  });
  const [snapshot, send] = useFlow(machine, { requestId: requestIdFromNavigation() });
  const ctx = snapshot.context;
  const request = ctx.request;
  const listBusy = !snapshot.matches({ ready: { list: 'idle' } });

  return (
    <StudentShell title="Recommended teachers" size="md">
      <Toast message={ctx.toast} color="green" onClose={() => send({ type: 'toast.close' })} />
      {request ? (
        <Text size="sm">
          Your request: {request.subjects.map((s) => s.name).join(', ')} · {request.mode_of_teaching} ·{' '}
          {request.preferred_group} · {request.preferred_medium}{' '}
          {request.status === 'request_send' ? (
            <Anchor component={Link} href={changeRequestPath(request.id)}>
              Change request
            </Anchor>
          ) : null}
        </Text>
      ) : null}
      {snapshot.matches('noRequest') ? (
        <Alert color="blue" title="No request yet">
          Tell us which subjects you need and we will show the teachers who fit.{' '}
          <Anchor component={Link} href="/subject">
            Make a request
          </Anchor>
        </Alert>
      ) : null}
      {snapshot.matches('failure') ? (
        <ErrorBanner message={ctx.message} onRetry={() => send({ type: 'load.retry' })} />
      ) : null}
      {snapshot.matches('modeUnavailable') || snapshot.matches('switchingMode') ? (
        <Alert color="yellow" title="Online teaching is not available yet">
          <Stack gap="xs">
            <Text size="sm">{MATCH_MESSAGES.onlineUnavailable}</Text>
            {ctx.message ? <ErrorBanner message={ctx.message} /> : null}
            <Group gap="xs">
              <Button
                size="compact-md"
                loading={snapshot.matches('switchingMode')}
                onClick={() => send({ type: 'mode.offline' })}
              >
                {MATCH_MESSAGES.searchOffline}
              </Button>
              <Anchor component={Link} href="/subject">
                Change your request
              </Anchor>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {snapshot.matches('loading') || snapshot.matches('resolving') ? (
        <Group justify="center" p="lg">
          <Loader aria-label="Loading teachers" />
        </Group>
      ) : null}
      {snapshot.matches('ready') || snapshot.matches('loading') ? (
        <Group gap="xs" role="group" aria-label="Filter teachers">
          {FINDER_FILTERS.map((f) => (
            <Button
              key={f}
              size="compact-md"
              variant={ctx.filter === f ? 'filled' : 'default'}
              aria-pressed={ctx.filter === f}
              onClick={() => send({ type: 'filter.change', filter: f })}
            >
              {FILTER_LABELS[f]}
            </Button>
          ))}
        </Group>
      ) : null}
      {snapshot.matches('ready') ? (
        <Stack gap="sm">
          {ctx.message ? <ErrorBanner message={ctx.message} /> : null}
          <Text size="sm" c="dimmed">
            {ctx.usingDistance ? MATCH_MESSAGES.usingDistance : MATCH_MESSAGES.notUsingDistance}
          </Text>
          {ctx.matches.length ? (
            <Text size="sm" c="dimmed">
              {ctx.total} {ctx.total === 1 ? 'teacher matches' : 'teachers match'} your request
            </Text>
          ) : ctx.filter === 'all' ? (
            <Alert color="yellow" title="No teachers match your request yet">
              No active teacher teaches{' '}
              {request?.subjects.map((s) => s.name).join(' or ') || 'these subjects'} right now. New teachers
              join every week; you can also change your request.{' '}
              <Anchor component={Link} href="/subject">
                Change your request
              </Anchor>
            </Alert>
          ) : (
            <Alert color="yellow" title={`No ${FILTER_LABELS[ctx.filter]} teachers match your request`}>
              <Button
                size="compact-sm"
                variant="white"
                onClick={() => send({ type: 'filter.change', filter: 'all' })}
              >
                Show all teachers
              </Button>{' '}
              <Anchor component={Link} href="/subject">
                Change your request
              </Anchor>
            </Alert>
          )}
          {ctx.matches.map((m) => (
            <TeacherCard
              key={m.teacher.id}
              match={m}
              busy={listBusy}
              connecting={ctx.connectingId === m.teacher.id}
              onConnect={() => send({ type: 'teacher.connect', teacherId: m.teacher.id })}
            />
          ))}
          {ctx.matches.length < Math.min(ctx.total, ctx.maxResults ?? Number.POSITIVE_INFINITY) ? (
            <Button
              variant="default"
              loading={snapshot.matches({ ready: { list: 'loadingMore' } })}
              onClick={() => send({ type: 'page.more' })}
            >
              Show more teachers
            </Button>
          ) : ctx.maxResults !== null &&
            ctx.total > ctx.maxResults &&
            ctx.matches.length >= ctx.maxResults ? (
            <Text size="sm" c="dimmed">
              {MATCH_MESSAGES.pageLimit}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </StudentShell>
  );
}
