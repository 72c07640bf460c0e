import './messages';
import {
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { ADMIN_MESSAGES } from '../../../contract/rules/admin';
import type { MonthOverview } from '../../../contract/structs/admin';
import type { TeacherRecord } from '../../../contract/structs/teacher';
import { adminApprovalsMachine } from '../../../machines/admin/adminApprovals';
import { adminDashboardMachine } from '../../../machines/admin/adminDashboard';
import type { DecisionInput, ReviewQueueList, ReviewQueuePage } from '../../../machines/admin/reviewQueue';
import {
  adminDashboardBack,
  approveTeacher,
  fetchAdminNotifications,
  fetchMonthOverview,
  fetchTeacherApprovals,
  markAdminNotificationsRead,
  openPrivateDocument,
  rejectTeacher,
  teacherApprovalsBack,
} from '../../api/admin';
import { AfterFirstPaint } from '../../components/AfterFirstPaint';
import { ErrorBanner } from '../../components/ErrorBanner';
import {
  formatDateTime,
  formatDigits,
  formatNumber,
  monthNames,
  useMessage,
  useTranslation,
} from '../../i18n';
import { useShowMoreFocus } from '../../lib/keep-focus';
import { useReviewChanges } from '../../lib/review-changes';
import { useFlow } from '../../lib/useFlow';
import { AdminLayout, useAdminGuard } from './AdminLayout';
import { adminNotificationText } from './admin-notification-text';
import { EmailAddress } from './EmailAddress';
import { NewSubjects } from './NewSubjects';
import {
  BusyHoursChart,
  ClassModesChart,
  HiringRatioChart,
  IndustryPostingsChart,
  SearchedSubjectsChart,
  useCharts,
} from './OverviewChartCards';
import { RejectionReasonField } from './RejectionReasonField';

import { EmptyPanel, ReviewQueuePanel } from './ReviewQueuePanel';

export const adminDashboardFlow = () =>
  adminDashboardMachine.provide({
    actors: {
      fetchOverview: fromPromise(({ input }) => fetchMonthOverview(input.month)),
      fetchNotifications: fromPromise(({ input }) => fetchAdminNotifications(input.offset)),
      markNotificationsRead: fromPromise<unknown>(() => markAdminNotificationsRead()),
    },
  });

/** A page of teacher approvals as the review queue takes it. */
const approvalsList = ({
  teachers,
  total,
}: {
  teachers: TeacherRecord[];
  total: number;
}): ReviewQueueList => ({
  items: teachers,
  total,
});

/** The first page of teacher approvals when the page's HTML already has it back. */
const approvalsBack = () => {
  const page = teacherApprovalsBack();
  return page && approvalsList(page);
};

/** The review version of the teacher as the queue showed them (sent back with the decision). */
const shownVersion = (input: DecisionInput) => (input.item as TeacherRecord | null)?.review_version;

export const adminApprovalsFlow = () =>
  adminApprovalsMachine.provide({
    actors: {
      // The queue's list actor is shared with New subjects (input untyped); Teacher Approvals is paged.
      fetchApprovals: fromPromise<ReviewQueueList>(async ({ input }) =>
        approvalsList(await fetchTeacherApprovals(input as ReviewQueuePage)),
      ),
      approveTeacher: fromPromise<unknown, DecisionInput>(({ input }) =>
        approveTeacher(input.id, shownVersion(input)),
      ),
      rejectTeacher: fromPromise<unknown, DecisionInput>(({ input }) =>
        rejectTeacher(input.id, String(input.value), shownVersion(input)),
      ),
    },
  });

/** 'YYYY-MM' as the month's name and year in the person's language ('November, 2026', 'নভেম্বর ২০২৬'). */
function useMonthLabel() {
  const { t } = useTranslation();
  return (value: string, fallback: string) => {
    const match = /^(\d{4})-(\d{2})$/.exec(value);
    if (!match) return fallback;
    return t('admin:dashboard.monthLabel', {
      month: monthNames()[Number(match[2]) - 1],
      year: formatDigits(match[1]),
    });
  };
}

function SummaryCard({ figures }: { figures: Array<[string, number]> }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md">
      <Group grow>
        {figures.map(([label, value]) => (
          <div key={label}>
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text
              fw={700}
              size="xl"
              aria-label={t('admin:dashboard.figure', { label, value: formatDigits(value) })}
            >
              {formatNumber(value)}
            </Text>
          </div>
        ))}
      </Group>
    </Card>
  );
}

function EmptyChart({ title, text }: { title: string; text: string }) {
  return (
    <Card withBorder radius="md" padding="md" component="figure" aria-label={title} m={0}>
      <Text fw={600} mb="xs" component="figcaption">
        {title}
      </Text>
      <Text c="dimmed" size="sm" py="xl" ta="center">
        {text}
      </Text>
    </Card>
  );
}

interface OverviewProps {
  overview: MonthOverview;
  onMonth: (month: string) => void;
  loading: boolean;
}

/**
 * The month's figures and charts. Memoised: the dashboard's other answers (notifications, a read
 * mark) arrive in renders of their own on a slow phone, and need not draw the overview again. The
 * figures are on a phone's first screen; the charts, below it, render after that screen is painted.
 */
const Overview = memo(function Overview(props: OverviewProps) {
  const { t: tr } = useTranslation();
  const s = props.overview.summary;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <SummaryCard
          figures={[
            [tr('admin:dashboard.totalTeachers'), s.total_teachers],
            [tr('admin:dashboard.activeTeachers'), s.active_teachers],
          ]}
        />
        <SummaryCard
          figures={[
            [tr('admin:dashboard.totalStudents'), s.total_students],
            [tr('admin:dashboard.activeStudents'), s.active_students],
          ]}
        />
        <SummaryCard
          figures={[
            [tr('admin:dashboard.activeJobPosts'), s.active_job_posts],
            [tr('admin:dashboard.jobApplications'), s.job_applications],
          ]}
        />
      </SimpleGrid>
      <AfterFirstPaint>
        <OverviewSections {...props} />
      </AfterFirstPaint>
    </Stack>
  );
});

/** The month's teaching and jobs charts, each with its caption, legend and figures. */
function OverviewSections({ overview, onMonth, loading }: OverviewProps) {
  const { t: tr } = useTranslation();
  const monthLabel = useMonthLabel();
  const month = monthLabel(overview.month, overview.label);
  const t = overview.teaching;
  const noRequests = t.class_modes.every((m) => m.value === 0);
  const j = overview.jobs;
  const charts = useCharts();
  const noPostings = j.industry_postings.every((i) => i.count === 0);
  const noApplications = j.hiring_ratio.every((r) => r.value === 0);
  return (
    <>
      <Stack gap="sm" component="section" aria-label={tr('admin:dashboard.teaching')}>
        <Group justify="space-between" align="end">
          <Title order={2} size="h3">
            {tr('admin:dashboard.teaching')}
          </Title>
          <NativeSelect
            label={tr('admin:dashboard.month')}
            value={overview.month}
            data={overview.months.map((o) => ({ value: o.value, label: monthLabel(o.value, o.label) }))}
            onChange={(e) => onMonth(e.currentTarget.value)}
            disabled={loading}
            miw={220}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
          {noRequests ? (
            <EmptyChart
              title={tr('admin:dashboard.classModes')}
              text={tr('admin:dashboard.noRequests', { month })}
            />
          ) : (
            <ClassModesChart data={t.class_modes} charts={charts} />
          )}
          {noRequests ? (
            <EmptyChart
              title={tr('admin:dashboard.busyHours')}
              text={tr('admin:dashboard.noRequests', { month })}
            />
          ) : (
            <BusyHoursChart data={t.busy_hours} charts={charts} />
          )}
          {t.searched_subjects.length ? (
            <SearchedSubjectsChart data={t.searched_subjects} charts={charts} />
          ) : (
            <EmptyChart
              title={tr('admin:dashboard.searchedSubjects')}
              text={tr('admin:dashboard.noSearches', { month })}
            />
          )}
        </SimpleGrid>
      </Stack>
      <Stack gap="sm" component="section" aria-label={tr('admin:layout.jobs')}>
        <Title order={2} size="h3">
          {tr('admin:layout.jobs')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {noPostings ? (
            <EmptyChart
              title={tr('admin:dashboard.industryPostings')}
              text={tr('admin:dashboard.noPostings', { month })}
            />
          ) : (
            <IndustryPostingsChart data={j.industry_postings} charts={charts} />
          )}
          {noApplications ? (
            <EmptyChart
              title={tr('admin:dashboard.hiringRatio')}
              text={tr('admin:dashboard.noApplications', { month })}
            />
          ) : (
            <HiringRatioChart data={j.hiring_ratio} charts={charts} />
          )}
        </SimpleGrid>
      </Stack>
    </>
  );
}

function Notifications({
  snapshot,
  send,
}: {
  snapshot: ReturnType<typeof useFlow<typeof adminDashboardMachine>>[0];
  send: ReturnType<typeof useFlow<typeof adminDashboardMachine>>[1];
}) {
  const { t } = useTranslation();
  const m = useMessage();
  const { notifications, notificationsError } = snapshot.context;
  // Show more: to the first notification it added, or back to the button when none came.
  const list = useRef<HTMLDivElement>(null);
  const showMore = useShowMoreFocus(snapshot.matches({ notifications: 'loadingMore' }), (shown) => {
    const first = notifications[shown];
    return first && list.current?.querySelector<HTMLElement>(`[data-notification="${first.id}"]`);
  });
  return (
    <Stack gap="sm" component="section" aria-label={t('admin:dashboard.notifications')}>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('admin:dashboard.notifications')}
        </Title>
        {notifications.length ? (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => send({ type: 'notifications.markRead' })}
            disabled={!snapshot.matches({ notifications: 'loaded' })}
          >
            {t('admin:dashboard.markAllRead')}
          </Anchor>
        ) : null}
      </Group>
      {notificationsError && !snapshot.matches({ notifications: 'loading' }) ? (
        <ErrorBanner message={notificationsError} />
      ) : null}
      {snapshot.matches({ notifications: 'failure' }) ? (
        <Group>
          <Button size="xs" variant="light" onClick={() => send({ type: 'notifications.retry' })}>
            {t('admin:newSubjects.tryAgain')}
          </Button>
        </Group>
      ) : null}
      {snapshot.matches({ notifications: 'loading' }) ? (
        <Loader size="sm" aria-label={t('admin:dashboard.loadingNotifications')} />
      ) : notifications.length ? (
        <>
          <Stack ref={list} gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {notifications.map((n) => (
              <Paper
                key={n.id}
                component="li"
                withBorder
                p="xs"
                radius="sm"
                data-notification={n.id}
                // Focus comes here after Show more: the ring every control has.
                tabIndex={-1}
                className="mantine-focus-auto"
              >
                <Text size="sm">{adminNotificationText(t, n)}</Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(n.created_at)}
                </Text>
              </Paper>
            ))}
          </Stack>
          {snapshot.context.notificationsHasMore ? (
            <Group>
              <Button
                ref={showMore.button}
                size="xs"
                variant="default"
                onClick={() => {
                  showMore.pressed(notifications.length);
                  send({ type: 'notifications.more' });
                }}
                loading={snapshot.matches({ notifications: 'loadingMore' })}
              >
                {t('admin:dashboard.showMore')}
              </Button>
            </Group>
          ) : null}
        </>
      ) : snapshot.matches({ notifications: 'failure' }) ? null : (
        <EmptyPanel title={m(ADMIN_MESSAGES.noNotifications)} text={m(ADMIN_MESSAGES.allCaughtUp)} />
      )}
    </Stack>
  );
}

function DocumentLinks({ teacher }: { teacher: TeacherRecord }) {
  const { t } = useTranslation();
  const pref = teacher.teacher_preference;
  const docs: Array<[string, string | null | undefined]> = [
    [t('admin:dashboard.doc.aadhar'), teacher.aadhar_photo],
    [t('admin:file.doc.markSheet'), pref?.mark_sheet?.url],
    [t('admin:dashboard.doc.certificate'), pref?.highest_qualification_certificate?.url],
  ];
  return (
    <Group gap="xs">
      {docs
        .filter((d): d is [string, string] => Boolean(d[1]))
        .map(([label, url]) => (
          <Anchor
            key={label}
            component="button"
            type="button"
            size="xs"
            onClick={() => void openPrivateDocument(url).catch(() => {})}
          >
            {label}
          </Anchor>
        ))}
    </Group>
  );
}

/** Teacher Approvals; `onDecided` after each decision (the month's figures count active teachers). */
function TeacherApprovals({ onDecided }: { onDecided: () => void }) {
  const { t } = useTranslation();
  const m = useMessage();
  const reviewChanges = useReviewChanges();
  return (
    <ReviewQueuePanel<TeacherRecord>
      flow={adminApprovalsFlow}
      first={approvalsBack}
      title={t('admin:dashboard.approvals')}
      loadingLabel={t('admin:dashboard.loadingApprovals')}
      empty={{ title: m(ADMIN_MESSAGES.noApprovals), text: m(ADMIN_MESSAGES.allProcessed) }}
      decisions={['approve', 'reject']}
      details={(teacher) => (
        <>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {formatDigits(teacher.mobile_number ?? '')} | <EmailAddress address={teacher.email} />
          </Text>
          {teacher.review_changes?.length ? (
            <Text size="sm" fw={500}>
              {t('admin:dashboard.changedSinceReview', { fields: reviewChanges(teacher.review_changes) })}
            </Text>
          ) : null}
          <DocumentLinks teacher={teacher} />
        </>
      )}
      field={({ value, error, busy, change }) => (
        <RejectionReasonField value={String(value ?? '')} error={error} busy={busy} change={change} />
      )}
      onDecided={onDecided}
      confirm={{ label: t('admin:dashboard.confirmRejection'), color: 'red' }}
    />
  );
}

function Dashboard() {
  const { t } = useTranslation();
  const [machine] = useState(adminDashboardFlow);
  // The answers already in (asked for by the page's HTML) are on screen in the first render.
  const [first] = useState(adminDashboardBack);
  const [snapshot, send] = useFlow(machine, { first });
  const { overview, overviewError } = snapshot.context;
  const loading = snapshot.matches({ overview: 'loading' });
  const selectMonth = useCallback((month: string) => send({ type: 'month.select', month }), [send]);
  const refreshOverview = useCallback(() => send({ type: 'overview.refresh' }), [send]);
  // The same element every render: the approvals and new subjects (each with its own machine) are
  // not drawn again when the overview or the notifications arrive.
  const lead = useMemo(
    () => (
      <Stack gap="xl">
        <TeacherApprovals onDecided={refreshOverview} />
        <NewSubjects onDecided={refreshOverview} />
      </Stack>
    ),
    [refreshOverview],
  );
  return (
    <AdminLayout
      active="dashboard"
      header={
        <Title order={1} size="h2">
          {t('admin:dashboard.title')}
        </Title>
      }
      lead={lead}
      aside={
        <AfterFirstPaint>
          <Notifications snapshot={snapshot} send={send} />
        </AfterFirstPaint>
      }
    >
      <Stack gap="lg">
        {overviewError && snapshot.matches({ overview: 'failure' }) ? (
          <ErrorBanner message={overviewError} onRetry={() => send({ type: 'overview.retry' })} />
        ) : null}
        {loading && !overview ? <Loader aria-label={t('admin:dashboard.loadingOverview')} /> : null}
        {overview ? <Overview overview={overview} loading={loading} onMonth={selectMonth} /> : null}
      </Stack>
    </AdminLayout>
  );
}

/** /admin and /Admin: the month's figures and charts (D9), notifications, teacher approvals and new subjects. */
export default function AdminDashboardPage() {
  const allowed = useAdminGuard();
  return allowed ? <Dashboard /> : null;
}
