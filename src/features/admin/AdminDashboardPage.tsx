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
  Textarea,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { fromPromise } from 'xstate';
import { ADMIN_MESSAGES, REASON_MAX } from '../../../contract/rules/admin';
import { formatDateTime } from '../../../contract/rules/common';
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

function SummaryCard({ figures }: { figures: Array<[string, number]> }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group grow>
        {figures.map(([label, value]) => (
          <div key={label}>
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text fw={700} size="xl" aria-label={`${label}: ${value}`}>
              {value.toLocaleString('en-IN')}
            </Text>
          </div>
        ))}
      </Group>
    </Card>
  );
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="figure" aria-label={title} m={0}>
      <Text fw={600} mb="xs" component="figcaption">
        {title}
      </Text>
      <Suspense fallback={<Loader size="sm" aria-label={`Loading ${title}`} />}>{children}</Suspense>
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
            ['Total Teachers', s.total_teachers],
            ['Active Teachers', s.active_teachers],
          ]}
        />
        <SummaryCard
          figures={[
            ['Total Students', s.total_students],
            ['Active Students', s.active_students],
          ]}
        />
        <SummaryCard
          figures={[
            ['Active Job Posts', s.active_job_posts],
            ['Job Applications', s.job_applications],
          ]}
        />
      </SimpleGrid>
      <Stack gap="sm" component="section" aria-label="Teaching">
        <Group justify="space-between" align="end">
          <Title order={2} size="h3">
            Teaching
          </Title>
          <NativeSelect
            label="Month"
            value={overview.month}
            data={overview.months}
            onChange={(e) => onMonth(e.currentTarget.value)}
            disabled={loading}
            miw={220}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
          {noRequests ? (
            <EmptyChart title="Offline vs Online Classes" text={`No requests in ${overview.label}.`} />
          ) : (
            <ChartCard title="Offline vs Online Classes">
              <ClassModesChart data={t.class_modes} />
            </ChartCard>
          )}
          {noRequests ? (
            <EmptyChart title="Busy Hours" text={`No requests in ${overview.label}.`} />
          ) : (
            <ChartCard title="Busy Hours">
              <BusyHoursChart data={t.busy_hours} />
            </ChartCard>
          )}
          {t.searched_subjects.length ? (
            <ChartCard title="Most Searched Subject">
              <SearchedSubjectsChart data={t.searched_subjects} />
            </ChartCard>
          ) : (
            <EmptyChart title="Most Searched Subject" text={`No subjects searched in ${overview.label}.`} />
          )}
        </SimpleGrid>
      </Stack>
      <Stack gap="sm" component="section" aria-label="Jobs">
        <Title order={2} size="h3">
          Jobs
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {noPostings ? (
            <EmptyChart title="Industry wise job postings" text={`No job postings in ${overview.label}.`} />
          ) : (
            <ChartCard title="Industry wise job postings">
              <IndustryPostingsChart data={j.industry_postings} />
            </ChartCard>
          )}
          {noApplications ? (
            <EmptyChart title="Hiring Ratio" text={`No job applications in ${overview.label}.`} />
          ) : (
            <ChartCard title="Hiring Ratio">
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
  const { notifications, notificationsError } = snapshot.context;
  return (
    <Stack gap="sm" component="section" aria-label="Notifications">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Notifications
        </Title>
        {notifications.length ? (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => send({ type: 'notifications.markRead' })}
            disabled={!snapshot.matches({ notifications: 'loaded' })}
          >
            Mark all as read
          </Anchor>
        ) : null}
      </Group>
      {notificationsError && !snapshot.matches({ notifications: 'loading' }) ? (
        <ErrorBanner message={notificationsError} />
      ) : null}
      {snapshot.matches({ notifications: 'failure' }) ? (
        <Group>
          <Button size="xs" variant="light" onClick={() => send({ type: 'notifications.retry' })}>
            Try again
          </Button>
        </Group>
      ) : null}
      {snapshot.matches({ notifications: 'loading' }) ? (
        <Loader size="sm" aria-label="Loading notifications" />
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
                Show more
              </Button>
            </Group>
          ) : null}
        </>
      ) : snapshot.matches({ notifications: 'failure' }) ? null : (
        <EmptyPanel title={ADMIN_MESSAGES.noNotifications} text={ADMIN_MESSAGES.allCaughtUp} />
      )}
    </Stack>
  );
}

function DocumentLinks({ teacher }: { teacher: TeacherRecord }) {
  const pref = teacher.teacher_preference;
  const docs: Array<[string, string | null | undefined]> = [
    ['Aadhar', teacher.aadhar_photo],
    ['Mark sheet', pref?.mark_sheet?.url],
    ['Certificate', pref?.highest_qualification_certificate?.url],
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
  const [machine] = useState(adminApprovalsFlow);
  const [snapshot, send] = useFlow(machine);
  const { context } = snapshot;
  const teachers = context.teachers as TeacherRecord[];
  const rejecting = snapshot.matches('rejecting');
  const busy = snapshot.matches('approving') || snapshot.matches({ rejecting: 'submitting' });
  return (
    <Stack gap="sm" component="section" aria-label="Teacher Approvals">
      <Title order={2} size="h4">
        Teacher Approvals
      </Title>
      {context.notice ? (
        <Text role="status" size="sm" c="green.9">
          {context.notice}
        </Text>
      ) : null}
      {context.error ? <ErrorBanner message={context.error} /> : null}
      {snapshot.matches('loading') && !teachers.length ? (
        <Loader size="sm" aria-label="Loading teacher approvals" />
      ) : null}
      {snapshot.matches('failure') ? (
        <Button size="xs" variant="light" onClick={() => send({ type: 'approvals.retry' })}>
          Try again
        </Button>
      ) : null}
      {!snapshot.matches('loading') && !snapshot.matches('failure') && !teachers.length ? (
        <EmptyPanel title={ADMIN_MESSAGES.noApprovals} text={ADMIN_MESSAGES.allProcessed} />
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
                  label="Reason for rejection"
                  value={context.reason}
                  maxLength={REASON_MAX}
                  onChange={(e) => send({ type: 'reason.change', value: e.currentTarget.value })}
                  error={context.reasonError}
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
                    Confirm rejection
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => send({ type: 'rejection.cancel' })}
                    disabled={busy}
                  >
                    Cancel
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
                  aria-label={`Approve ${t.name}`}
                >
                  Approve
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  onClick={() => send({ type: 'approval.reject', teacherId: t.id })}
                  disabled={busy || rejecting || snapshot.matches('loading')}
                  aria-label={`Reject ${t.name}`}
                >
                  Reject
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
  const [machine] = useState(adminDashboardFlow);
  const [snapshot, send] = useFlow(machine);
  const { overview, overviewError } = snapshot.context;
  const loading = snapshot.matches({ overview: 'loading' });
  return (
    <AdminLayout
      active="dashboard"
      header={
        <Title order={1} size="h2">
          An Overview for the month
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
        {loading && !overview ? <Loader aria-label="Loading the overview" /> : null}
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
