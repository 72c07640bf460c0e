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
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { fromPromise } from 'xstate';
import { ADMIN_MESSAGES, REASON_MAX } from '../../../contract/rules/admin';
import type { MonthOverview } from '../../../contract/structs/admin';
import type { TeacherRecord } from '../../../contract/structs/teacher';
import { adminApprovalsMachine, type PendingTeacher } from '../../../machines/admin/adminApprovals';
import { adminDashboardMachine } from '../../../machines/admin/adminDashboard';
import {
  approveTeacher,
  fetchAdminNotifications,
  fetchMonthOverview,
  fetchTeacherApprovals,
  markAdminNotificationsRead,
  openPrivateDocument,
  rejectTeacher,
} from '../../api/admin';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Textarea } from '../../components/TextField';
import {
  formatDateTime,
  formatDigits,
  formatNumber,
  monthNames,
  useMessage,
  useTranslation,
} from '../../i18n';
import { useFlow } from '../../lib/useFlow';
import { AdminLayout, useAdminGuard } from './AdminLayout';
import { NewSubjects } from './NewSubjects';

// recharts only on this route, in its own chunk.
const ClassModesChart = lazy(() => import('./OverviewCharts').then((m) => ({ default: m.ClassModesChart })));
const BusyHoursChart = lazy(() => import('./OverviewCharts').then((m) => ({ default: m.BusyHoursChart })));
const SearchedSubjectsChart = lazy(() =>
  import('./OverviewCharts').then((m) => ({ default: m.SearchedSubjectsChart })),
);
const IndustryPostingsChart = lazy(() =>
  import('./OverviewCharts').then((m) => ({ default: m.IndustryPostingsChart })),
);
const HiringRatioChart = lazy(() =>
  import('./OverviewCharts').then((m) => ({ default: m.HiringRatioChart })),
);

export const adminDashboardFlow = () =>
  adminDashboardMachine.provide({
    actors: {
      fetchOverview: fromPromise(({ input }) => fetchMonthOverview(input.month)),
      fetchNotifications: fromPromise(({ input }) => fetchAdminNotifications(input.offset)),
      markNotificationsRead: fromPromise<unknown>(() => markAdminNotificationsRead()),
    },
  });

export const adminApprovalsFlow = () =>
  adminApprovalsMachine.provide({
    actors: {
      fetchApprovals: fromPromise<{ teachers: PendingTeacher[]; total: number }>(() =>
        fetchTeacherApprovals(),
      ),
      approveTeacher: fromPromise(({ input }) => approveTeacher(input.teacherId)),
      rejectTeacher: fromPromise(({ input }) => rejectTeacher(input.teacherId, input.reason)),
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

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md" component="figure" aria-label={title} m={0}>
      <Text fw={600} mb="xs" component="figcaption">
        {title}
      </Text>
      <Suspense fallback={<Loader size="sm" aria-label={t('admin:dashboard.loadingChart', { title })} />}>
        {children}
      </Suspense>
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

function Overview({
  overview,
  onMonth,
  loading,
}: {
  overview: MonthOverview;
  onMonth: (month: string) => void;
  loading: boolean;
}) {
  const { t: tr } = useTranslation();
  const monthLabel = useMonthLabel();
  const month = monthLabel(overview.month, overview.label);
  const s = overview.summary;
  const t = overview.teaching;
  const noRequests = t.class_modes.every((m) => m.value === 0);
  const j = overview.jobs;
  const noPostings = j.industry_postings.every((i) => i.count === 0);
  const noApplications = j.hiring_ratio.every((r) => r.value === 0);
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
            <ChartCard title={tr('admin:dashboard.classModes')}>
              <ClassModesChart data={t.class_modes} />
            </ChartCard>
          )}
          {noRequests ? (
            <EmptyChart
              title={tr('admin:dashboard.busyHours')}
              text={tr('admin:dashboard.noRequests', { month })}
            />
          ) : (
            <ChartCard title={tr('admin:dashboard.busyHours')}>
              <BusyHoursChart data={t.busy_hours} />
            </ChartCard>
          )}
          {t.searched_subjects.length ? (
            <ChartCard title={tr('admin:dashboard.searchedSubjects')}>
              <SearchedSubjectsChart data={t.searched_subjects} />
            </ChartCard>
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
            <ChartCard title={tr('admin:dashboard.industryPostings')}>
              <IndustryPostingsChart data={j.industry_postings} />
            </ChartCard>
          )}
          {noApplications ? (
            <EmptyChart
              title={tr('admin:dashboard.hiringRatio')}
              text={tr('admin:dashboard.noApplications', { month })}
            />
          ) : (
            <ChartCard title={tr('admin:dashboard.hiringRatio')}>
              <HiringRatioChart data={j.hiring_ratio} />
            </ChartCard>
          )}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}

function EmptyPanel({ title, text }: { title: string; text: string }) {
  return (
    <Stack gap={2} py="sm" align="center">
      <Text fw={500}>{title}</Text>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Stack>
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
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {notifications.map((n) => (
              <Paper key={n.id} component="li" withBorder p="xs" radius="sm">
                <Text size="sm">{n.message}</Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(n.created_at)}
                </Text>
              </Paper>
            ))}
          </Stack>
          {snapshot.context.notificationsHasMore ? (
            <Group>
              <Button
                size="xs"
                variant="default"
                onClick={() => send({ type: 'notifications.more' })}
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

function TeacherApprovals() {
  const { t: tr } = useTranslation();
  const m = useMessage();
  const [machine] = useState(adminApprovalsFlow);
  const [snapshot, send] = useFlow(machine);
  const { context } = snapshot;
  const teachers = context.teachers as TeacherRecord[];
  const rejecting = snapshot.matches('rejecting');
  const busy = snapshot.matches('approving') || snapshot.matches({ rejecting: 'submitting' });
  return (
    <Stack gap="sm" component="section" aria-label={tr('admin:dashboard.approvals')}>
      <Title order={2} size="h4">
        {tr('admin:dashboard.approvals')}
      </Title>
      {context.notice ? (
        <Text role="status" size="sm" c="green.9">
          {m(context.notice)}
        </Text>
      ) : null}
      {context.error ? <ErrorBanner message={context.error} /> : null}
      {snapshot.matches('loading') && !teachers.length ? (
        <Loader size="sm" aria-label={tr('admin:dashboard.loadingApprovals')} />
      ) : null}
      {snapshot.matches('failure') ? (
        <Button size="xs" variant="light" onClick={() => send({ type: 'approvals.retry' })}>
          {tr('admin:newSubjects.tryAgain')}
        </Button>
      ) : null}
      {!snapshot.matches('loading') && !snapshot.matches('failure') && !teachers.length ? (
        <EmptyPanel title={m(ADMIN_MESSAGES.noApprovals)} text={m(ADMIN_MESSAGES.allProcessed)} />
      ) : null}
      {teachers.map((t) => (
        <Paper key={t.id} withBorder p="sm" radius="sm" component="article" aria-label={t.name}>
          <Stack gap={6}>
            <Text fw={600}>{t.name}</Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t.mobile_number} | {t.email}
            </Text>
            <DocumentLinks teacher={t} />
            {rejecting && context.teacherId === t.id ? (
              <Stack gap="xs">
                <Textarea
                  label={tr('admin:file.rejectionReason')}
                  value={context.reason}
                  maxLength={REASON_MAX}
                  onChange={(e) => send({ type: 'reason.change', value: e.currentTarget.value })}
                  error={context.reasonError ? m(context.reasonError) : undefined}
                  rows={3}
                  disabled={busy}
                />
                <Group gap="xs">
                  <Button
                    size="xs"
                    color="red"
                    onClick={() => send({ type: 'rejection.submit' })}
                    loading={busy}
                  >
                    {tr('admin:dashboard.confirmRejection')}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => send({ type: 'rejection.cancel' })}
                    disabled={busy}
                  >
                    {tr('admin:newSubjects.cancel')}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Group gap="xs">
                <Button
                  size="xs"
                  color="green"
                  onClick={() => send({ type: 'approval.approve', teacherId: t.id })}
                  disabled={busy || rejecting || snapshot.matches('loading')}
                  loading={snapshot.matches('approving') && context.teacherId === t.id}
                  aria-label={tr('admin:newSubjects.approveNamed', { name: t.name })}
                >
                  {tr('admin:newSubjects.approve')}
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  onClick={() => send({ type: 'approval.reject', teacherId: t.id })}
                  disabled={busy || rejecting || snapshot.matches('loading')}
                  aria-label={tr('admin:newSubjects.rejectNamed', { name: t.name })}
                >
                  {tr('admin:newSubjects.reject')}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function Dashboard() {
  const { t } = useTranslation();
  const [machine] = useState(adminDashboardFlow);
  const [snapshot, send] = useFlow(machine);
  const { overview, overviewError } = snapshot.context;
  const loading = snapshot.matches({ overview: 'loading' });
  return (
    <AdminLayout
      active="dashboard"
      header={
        <Title order={1} size="h2">
          {t('admin:dashboard.title')}
        </Title>
      }
      lead={
        <Stack gap="xl">
          <TeacherApprovals />
          <NewSubjects />
        </Stack>
      }
      aside={<Notifications snapshot={snapshot} send={send} />}
    >
      <Stack gap="lg">
        {overviewError && snapshot.matches({ overview: 'failure' }) ? (
          <ErrorBanner message={overviewError} onRetry={() => send({ type: 'overview.retry' })} />
        ) : null}
        {loading && !overview ? <Loader aria-label={t('admin:dashboard.loadingOverview')} /> : null}
        {overview ? (
          <Overview
            overview={overview}
            loading={loading}
            onMonth={(month) => send({ type: 'month.select', month })}
          />
        ) : null}
      </Stack>
    </AdminLayout>
  );
}

/** /admin and /Admin: the month's figures and charts (D9), notifications, teacher approvals and new subjects. */
export default function AdminDashboardPage() {
  const allowed = useAdminGuard();
  return allowed ? <Dashboard /> : null;
}
