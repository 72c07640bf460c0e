import './messages';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import { Alert, Anchor, Avatar, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import type { RequestStatus } from '../../../contract/constants';
import { TIME_SLOTS } from '../../../contract/constants';
import { MATCH_FILTERS, MATCH_MESSAGES, type MatchFilter } from '../../../contract/rules/matching';
import type { MatchingTeacher } from '../../../contract/structs/request';
import { type MatchPage, teacherFinderMachine } from '../../../machines/student/teacherFinder';
import {
  connectTeacher,
  fetchMatchingTeachers,
  fetchMyFinder,
  myFinderBack,
  switchRequestToOffline,
} from '../../api/requests';
import { AfterFirstPaint } from '../../components/AfterFirstPaint';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Toast } from '../../components/Toast';
import {
  formatNumber,
  orList,
  subjectName,
  subjectNames,
  useMessage,
  useTranslation,
  weekdayShort,
} from '../../i18n';
import { clientConfig } from '../../lib/config';
import { useRefocusWhen, useShowMoreFocus } from '../../lib/keep-focus';
import { useFlow } from '../../lib/useFlow';
import { changeRequestPath } from './change-request';
import { optionLabel, requestWord, STATUS_KEYS } from './labels';
import { StudentShell } from './StudentShell';

/**
 * The cards a phone's first screen can show: the page's first render has only these, the rest
 * follow once it is painted (AfterFirstPaint). Every card rendered before that paint held the match
 * count and the first teacher back (on a slow phone a card costs tens of milliseconds).
 */
const FIRST_SCREEN_CARDS = 2;

const FILTER_KEYS: Record<MatchFilter, string> = {
  all: 'student:finder.filter.all',
  online: 'student:finder.filter.online',
  offline: 'student:finder.filter.offline',
  individual: 'student:finder.filter.individual',
  group: 'student:finder.filter.group',
};
const MODE_KEYS: Record<string, string> = {
  online: 'student:finder.teacherMode.online',
  offline: 'student:finder.teacherMode.offline',
  both: 'student:finder.teacherMode.both',
};

type T = (key: string, values?: Record<string, unknown>) => string;

/** Days (0 = Monday) that share the same times of day (TIME_SLOTS values, in the day's order). */
export interface AvailabilityGroup {
  days: number[];
  slots: string[];
}

/**
 * The teacher's weekly schedule as a parent reads it: the days with the same times together, in
 * the week's order ('Mon–Wed, Fri: Evening' then 'Sat: Morning, Afternoon'); days without a known
 * time are left out.
 */
export function availabilityGroups(teacher: MatchingTeacher['teacher']): AvailabilityGroup[] {
  const slotsOf = new Map<number, Set<string>>();
  for (const day of teacher.teacher_schedules)
    for (const slot of day.time_slots) {
      if (!TIME_SLOTS.some((known) => known.value === slot.time_of_day)) continue;
      const slots = slotsOf.get(day.week_day) ?? new Set<string>();
      slots.add(slot.time_of_day);
      slotsOf.set(day.week_day, slots);
    }
  const groups = new Map<string, AvailabilityGroup>();
  for (const day of [...slotsOf.keys()].sort((a, b) => a - b)) {
    const slots = TIME_SLOTS.map((s) => s.value).filter((v) => slotsOf.get(day)?.has(v));
    const key = slots.join(' ');
    const group = groups.get(key);
    if (group) group.days.push(day);
    else groups.set(key, { days: [day], slots });
  }
  return [...groups.values()];
}

/** 'Mon–Wed, Fri': three or more days in a row as a range, the others one by one. */
function dayNames(days: number[]): string {
  const runs: number[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  return runs
    .flatMap((run) =>
      run.length >= 3
        ? [`${weekdayShort(run[0])}–${weekdayShort(run.at(-1) as number)}`]
        : run.map((day) => weekdayShort(day)),
    )
    .join(', ');
}

/** 'Available', then one line per group of days: a list, so each line is read as one. */
function Availability({ teacher }: { teacher: MatchingTeacher['teacher'] }) {
  const { t } = useTranslation();
  const label = useId();
  const groups = availabilityGroups(teacher);
  if (!groups.length)
    return (
      <Text size="sm" c="dimmed">
        {t('student:finder.availabilityNotShared')}
      </Text>
    );
  return (
    <div>
      <Text size="sm" c="dimmed" id={label}>
        {t('student:finder.availableLabel')}
      </Text>
      {/* role="list": a list without bullets is still announced as one (Safari drops it otherwise). */}
      {/* biome-ignore lint/a11y/noRedundantRoles: see above */}
      <ul role="list" aria-labelledby={label} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {groups.map((g) => (
          <Text component="li" size="sm" key={g.days.join()}>
            {t('student:finder.dayTimes', {
              days: dayNames(g.days),
              times: g.slots.map((slot) => optionLabel(t, 'timeOfDay', slot)).join(', '),
            })}
          </Text>
        ))}
      </ul>
    </div>
  );
}

/** '2.5 km away' ('২.৫ কিমি দূরে'): one decimal under 10 km, whole kilometres beyond. */
function distanceText(t: T, km: number): string {
  const digits = km < 10 ? 1 : 0;
  const distance = formatNumber(km < 10 ? km : Math.round(km), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  });
  return t('student:finder.away', { distance });
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
  const { t: tr } = useTranslation();
  const m = useMessage();
  const t = match.teacher;
  const pref = t.teacher_preference;
  const photo = t.profile_photo ? `${clientConfig().apiBaseUrl}${t.profile_photo}` : null;
  const status = match.connection?.status as RequestStatus | undefined;
  // Connect gives way to the request's status once sent: focus stays on this teacher's card rather
  // than falling to the page's start, and its ring shows after a mouse click too: among cards that
  // look alike it is the only sign of where focus (and the next Tab) now is.
  const card = useRef<HTMLElement>(null);
  useRefocusWhen(Boolean(status), card, { visible: true });
  return (
    <Card
      ref={card}
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={t.name}
      tabIndex={-1}
      // The ring every control shows (Mantine's), not the browser's own.
      className="mantine-focus-auto"
      data-teacher={t.id}
    >
      <Group wrap="nowrap" align="flex-start">
        <Avatar
          src={photo}
          alt={tr('student:finder.photoOf', { name: t.name })}
          size={64}
          radius="xl"
          color="blue"
        >
          {t.name.charAt(0).toUpperCase()}
        </Avatar>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700}>{t.name}</Text>
            {t.verified ? (
              <Badge color="green" variant="light" size="sm">
                {m(MATCH_MESSAGES.verified)}
              </Badge>
            ) : (
              <Badge color="yellow" variant="light" size="sm">
                {m(MATCH_MESSAGES.verificationPending)}
              </Badge>
            )}
          </Group>
          {typeof t.distance_km === 'number' || t.locality ? (
            <Text size="sm" c="dimmed">
              {[
                typeof t.distance_km === 'number' ? distanceText(tr, t.distance_km) : null,
                t.locality || null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          ) : null}
          <Text size="sm">{subjectNames(tr, t.subjects) || tr('student:finder.noSubjects')}</Text>
          <Text size="sm" c="dimmed">
            {pref
              ? tr('student:finder.experience', {
                  mode: MODE_KEYS[pref.teaching_mode]
                    ? tr(MODE_KEYS[pref.teaching_mode])
                    : pref.teaching_mode,
                  count: pref.prior_experience,
                  years: formatNumber(pref.prior_experience),
                })
              : ''}
          </Text>
          <Availability teacher={t} />
        </Stack>
      </Group>
      <Group justify="flex-end" mt="sm">
        {status ? (
          <Badge
            size="lg"
            color={status === 'accepted' ? 'green' : status === 'request_send' ? 'blue' : 'gray'}
          >
            {STATUS_KEYS[status] ? tr(STATUS_KEYS[status]) : status}
          </Badge>
        ) : (
          <Button
            onClick={onConnect}
            loading={connecting}
            disabled={busy && !connecting}
            aria-label={tr('student:finder.connectWith', { name: t.name })}
          >
            {tr('student:finder.connect')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

export default function TeacherFinderPage() {
  const { t } = useTranslation();
  const m = useMessage();
  const [machine] = useState(() =>
    teacherFinderMachine.provide({
      actors: {
        // A cold visit: the latest request and its first page of matches in the finder's one call
        // (which the page's HTML may already have started); the machine shows that page as it is.
        findLatestRequest: fromPromise<MatchPage | null, void>(async () => fetchMyFinder()),
        loadMatches: fromPromise(async ({ input }) =>
          fetchMatchingTeachers(input.requestId, input.filter, input.page),
        ),
        switchToOffline: fromPromise(async ({ input }) => switchRequestToOffline(input.requestId)),
        connectTeacher: fromPromise(async ({ input }) => {
          const sent = await connectTeacher(input.requestId, input.teacherId);
          return { id: sent.id, status: sent.status };
        }),
      },
    }),
  );
  // The first screen's answer when it is already in (asked for by the page's HTML): shown at once.
  const [input] = useState(() => {
    const requestId = requestIdFromNavigation();
    return { requestId, first: requestId === null ? myFinderBack() : undefined };
  });
  const [snapshot, send] = useFlow(machine, input);
  const ctx = snapshot.context;
  const request = ctx.request;
  const listBusy = !snapshot.matches({ ready: { list: 'idle' } });
  // 'Show more teachers' is disabled while the page loads and goes after the last one: focus then
  // goes to the first teacher just added (or back to the button when none came), not to the page's
  // start, so a keyboard or screen reader user goes on reading where the new teachers begin (the
  // ring shows there after a mouse click too).
  const loadingMore = snapshot.matches({ ready: { list: 'loadingMore' } });
  const more = useShowMoreFocus(loadingMore, (shown) => {
    const first = ctx.matches[shown];
    return first && document.querySelector<HTMLElement>(`article[data-teacher="${first.teacher.id}"]`);
  });
  const card = (m: MatchingTeacher) => (
    <TeacherCard
      key={m.teacher.id}
      match={m}
      busy={listBusy}
      connecting={ctx.connectingId === m.teacher.id}
      onConnect={() => send({ type: 'teacher.connect', teacherId: m.teacher.id })}
    />
  );

  return (
    <StudentShell title={t('student:finder.title')} size="md">
      <Toast
        message={ctx.toast ? m(ctx.toast) : ctx.toast}
        color="green"
        onClose={() => send({ type: 'toast.close' })}
      />
      {request ? (
        <Text size="sm">
          {t('student:finder.yourRequest', {
            subjects: subjectNames(t, request.subjects),
            mode: requestWord(t, 'mode', request.mode_of_teaching),
            group: requestWord(t, 'group', request.preferred_group),
            medium: requestWord(t, 'medium', request.preferred_medium),
          })}{' '}
          {request.status === 'request_send' ? (
            <Anchor component={Link} href={changeRequestPath(request.id)}>
              {t('student:changeRequest')}
            </Anchor>
          ) : null}
        </Text>
      ) : null}
      {snapshot.matches('noRequest') ? (
        <Alert color="blue" title={t('student:finder.noRequestTitle')}>
          {t('student:finder.noRequestText')}{' '}
          <Anchor component={Link} href="/subject">
            {t('student:finder.makeRequest')}
          </Anchor>
        </Alert>
      ) : null}
      {snapshot.matches('failure') ? (
        <ErrorBanner message={ctx.message} onRetry={() => send({ type: 'load.retry' })} />
      ) : null}
      {snapshot.matches('modeUnavailable') || snapshot.matches('switchingMode') ? (
        <Alert color="yellow" title={t('student:finder.onlineUnavailableTitle')}>
          <Stack gap="xs">
            <Text size="sm">{m(MATCH_MESSAGES.onlineUnavailable)}</Text>
            {ctx.message ? <ErrorBanner message={ctx.message} /> : null}
            <Group gap="xs">
              <Button
                size="compact-md"
                loading={snapshot.matches('switchingMode')}
                onClick={() => send({ type: 'mode.offline' })}
              >
                {m(MATCH_MESSAGES.searchOffline)}
              </Button>
              <Anchor component={Link} href="/subject">
                {t('student:finder.changeYourRequest')}
              </Anchor>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {snapshot.matches('loading') || snapshot.matches('resolving') ? (
        <Group justify="center" p="lg">
          <Loader aria-label={t('student:finder.loading')} />
        </Group>
      ) : null}
      {snapshot.matches('ready') || snapshot.matches('loading') ? (
        <Group gap="xs" role="group" aria-label={t('student:finder.filterLabel')}>
          {MATCH_FILTERS.map((f) => (
            <Button
              key={f}
              size="compact-md"
              variant={ctx.filter === f ? 'filled' : 'default'}
              aria-pressed={ctx.filter === f}
              onClick={() => send({ type: 'filter.change', filter: f })}
            >
              {t(FILTER_KEYS[f])}
            </Button>
          ))}
        </Group>
      ) : null}
      {snapshot.matches('ready') ? (
        <Stack gap="sm">
          {ctx.message ? <ErrorBanner message={ctx.message} /> : null}
          <Text size="sm" c="dimmed">
            {m(ctx.usingDistance ? MATCH_MESSAGES.usingDistance : MATCH_MESSAGES.notUsingDistance)}
          </Text>
          {ctx.matches.length ? (
            <Text size="sm" c="dimmed">
              {t('student:finder.matches', { count: ctx.total, formatted: formatNumber(ctx.total) })}
            </Text>
          ) : ctx.filter === 'all' ? (
            <Alert color="yellow" title={t('student:finder.noMatchesTitle')}>
              {t('student:finder.noMatchesText', {
                subjects:
                  orList(request?.subjects.map((s) => subjectName(t, s.name)) ?? []) ||
                  t('student:finder.theseSubjects'),
              })}{' '}
              <Anchor component={Link} href="/subject">
                {t('student:finder.changeYourRequest')}
              </Anchor>
            </Alert>
          ) : (
            <Alert
              color="yellow"
              title={t('student:finder.noFilterMatches', { filter: t(FILTER_KEYS[ctx.filter]) })}
            >
              <Button
                size="compact-sm"
                variant="white"
                onClick={() => send({ type: 'filter.change', filter: 'all' })}
              >
                {t('student:finder.showAll')}
              </Button>{' '}
              <Anchor component={Link} href="/subject">
                {t('student:finder.changeYourRequest')}
              </Anchor>
            </Alert>
          )}
          {ctx.matches.slice(0, FIRST_SCREEN_CARDS).map(card)}
          <AfterFirstPaint>{ctx.matches.slice(FIRST_SCREEN_CARDS).map(card)}</AfterFirstPaint>
          {ctx.matches.length < Math.min(ctx.total, ctx.maxResults ?? Number.POSITIVE_INFINITY) ? (
            <Button
              ref={more.button}
              variant="default"
              loading={loadingMore}
              onClick={() => {
                more.pressed(ctx.matches.length);
                send({ type: 'page.more' });
              }}
            >
              {t('student:finder.showMore')}
            </Button>
          ) : ctx.maxResults !== null &&
            ctx.total > ctx.maxResults &&
            ctx.matches.length >= ctx.maxResults ? (
            <Text size="sm" c="dimmed">
              {m(MATCH_MESSAGES.pageLimit)}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </StudentShell>
  );
}
