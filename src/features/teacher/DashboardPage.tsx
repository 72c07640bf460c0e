import '@mantine/core/styles/Badge.css';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Chip,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import {
  DECLINE_REASON_MAX,
  DECLINE_REASON_PRESETS,
  REQUEST_MESSAGES,
} from '../../../contract/rules/request';
import {
  TEACHER_DASHBOARD_MESSAGES as M,
  reviewChangesText,
  VERIFICATION_MESSAGES as V,
} from '../../../contract/rules/teacher-dashboard';
import type { TeacherStudentRequest } from '../../../contract/structs/request';
import type { TeacherRecord } from '../../../contract/structs/teacher';
import {
  activeRequests,
  dashboardMachine,
  newRequests,
  type StatusChange,
  studentName,
} from '../../../machines/teacher/dashboard';
import { fetchMyDashboard, fetchTeacherRequests, updateRequestStatus } from '../../api/teachers';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageShell } from '../../components/PageShell';
import { SessionActions, SessionNav } from '../../components/SessionHeader';
import { Toast } from '../../components/Toast';
import { useFlow } from '../../lib/useFlow';
import { editPath } from './edit-mode';
import { PreferenceSummary, SubjectList, TeacherPhoto } from './TeacherParts';

const TIME_LABEL: Record<string, string> = { morning: 'Morning', afternoon: 'Afternoon', evening: 'Evening' };

function RequestCard({
  request,
  subjects,
  children,
}: {
  request: TeacherStudentRequest;
  subjects: string;
  children: React.ReactNode;
}) {
  return (
    <Card withBorder padding="sm" component="li">
      <Stack gap={4}>
        <Text fw={600}>{studentName(request)}</Text>
        {subjects ? <Text size="sm">Subjects: {subjects}</Text> : null}
        <Text size="sm" c="dimmed">
          {[request.mode_of_teaching, request.preferred_group, request.preferred_medium].join(' · ')}
          {request.preferred_time.length
            ? ` · ${request.preferred_time.map((t) => TIME_LABEL[t] ?? t).join(', ')}`
            : ''}
        </Text>
        {request.student?.address ? <Text size="sm">{request.student.address}</Text> : null}
        {request.student?.mobile_number ? (
          <Text size="sm">Mobile: {request.student.mobile_number}</Text>
        ) : null}
        {request.student?.guardian_number ? (
          <Text size="sm">Guardian: {request.student.guardian_number}</Text>
        ) : null}
        {request.student?.email ? (
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            Email: {request.student.email}
          </Text>
        ) : null}
        {request.student?.whatsapp_url ? (
          <Anchor href={request.student.whatsapp_url} target="_blank" rel="noopener noreferrer" size="sm">
            WhatsApp {studentName(request)}
          </Anchor>
        ) : null}
        <Group gap="xs" mt={4}>
          {children}
        </Group>
      </Stack>
    </Card>
  );
}

function Empty({ title, hint }: { title: string; hint: string }) {
  return (
    <Text c="dimmed" ta="center" py="md">
      {title} – {hint}
    </Text>
  );
}

/** Where the teacher stands with verification (D13), at the top of the dashboard. */
function VerificationBanner({
  teacher,
  state,
  onFix,
}: {
  teacher: TeacherRecord;
  state: 'pending' | 'verified' | 'rejected';
  onFix: () => void;
}) {
  if (state === 'verified')
    return (
      <Alert color="green" title={`✓ ${V.verified}`}>
        {V.verifiedBody}
      </Alert>
    );
  if (state === 'rejected')
    return (
      <Alert color="red" title={V.rejected(teacher.rejection_reason ?? '')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{V.rejectedBody}</Text>
          <Button size="xs" color="red" onClick={onFix}>
            {V.fixDocuments}
          </Button>
        </Stack>
      </Alert>
    );
  const changed = teacher.review_changes ?? [];
  return (
    // Yellow's own text shade on its light fill is under 4.5:1: the title stays dark.
    <Alert color="yellow" title={V.pendingTitle} styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}>
      <Text size="sm">{V.pendingBody}</Text>
      {changed.length ? <Text size="sm">{V.pendingChanged(reviewChangesText(changed))}</Text> : null}
    </Alert>
  );
}

/**
 * On a phone the requests come first (what needs the teacher) and the account details after them:
 * that is the order of the markup, so screen readers and the keyboard meet them in the order seen.
 * From 62em the account details sit in a column on the right, beside the requests.
 */
const DASHBOARD_LAYOUT = `
  .teacher-dashboard { display: flex; flex-direction: column; gap: var(--mantine-spacing-lg); }
  @media (min-width: 62em) {
    .teacher-dashboard { display: grid; grid-template-columns: minmax(0, 1fr) 340px; align-items: start; }
    .teacher-dashboard > * { grid-column: 1; }
    .teacher-dashboard > style { display: none; }
    .teacher-dashboard__account { grid-column: 2; grid-row: 2 / span 3; }
  }
`;

/** The teacher dashboard (/dashboard, /tutor). */
export default function DashboardPage() {
  const [, navigate] = useLocation();
  const machine = useMemo(() => {
    // The first screen arrives in one call (the record and the newest requests); those requests
    // answer the first loadRequests, later ones (Try again) ask the server.
    let firstRequests: TeacherStudentRequest[] | undefined;
    return dashboardMachine.provide({
      actors: {
        loadTeacher: fromPromise<TeacherRecord>(async () => {
          const dashboard = await fetchMyDashboard();
          firstRequests = dashboard.requests;
          return dashboard.teacher;
        }),
        loadRequests: fromPromise<TeacherStudentRequest[], { teacherId: number }>(async ({ input }) => {
          const preloaded = firstRequests;
          firstRequests = undefined;
          return preloaded ?? fetchTeacherRequests(input.teacherId);
        }),
        updateStatus: fromPromise<TeacherStudentRequest, StatusChange>(({ input }) =>
          updateRequestStatus(input.id, input.status, input.reason),
        ),
      },
      actions: {
        // docs/product.md#validation-and-messages: dashboard fetch failures are logged; the screen says so too.
        logFailure: (_, { what, error }) => console.warn(`Dashboard: could not load ${what}`, error),
        openEdit: () => navigate(editPath('/personal_details_teacher')),
        openDetails: () => navigate('/profile'),
        openFixDocuments: () => navigate(editPath('/personal_details_teacher')),
      },
    });
  }, [navigate]);
  const [state, send] = useFlow(machine, {});
  const { teacher, requests, toast, ending, pendingId, reason } = state.context;
  const deciding = requests.find((r) => r.id === pendingId);
  const confirmingAccept =
    state.matches({ requests: 'confirmingAccept' }) || state.matches({ requests: 'accepting' });
  const confirmingDecline =
    state.matches({ requests: 'confirmingDecline' }) || state.matches({ requests: 'declining' });
  const fresh = newRequests(requests);
  const active = activeRequests(requests);
  const subjectsOf = (r: TeacherStudentRequest) => r.subjects.map((s) => s.name).join(', ');

  const header = (
    <SessionActions>
      {teacher ? (
        <>
          <Text size="sm" fw={600} visibleFrom="sm" lineClamp={1}>
            {teacher.name}
          </Text>
          <TeacherPhoto path={teacher.profile_photo} name={teacher.name} size={32} />
        </>
      ) : null}
    </SessionActions>
  );

  return (
    <PageShell headerRight={header} nav={<SessionNav />} size="md">
      <Toast message={toast} onClose={() => send({ type: 'toast.dismiss' })} />
      {state.matches({ teacher: 'loading' }) ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading your dashboard" />
        </Group>
      ) : null}
      {state.matches({ teacher: 'failed' }) ? (
        <ErrorBanner
          message={M.teacherLoadFailed}
          onRetry={() => send({ type: 'teacher.retry' })}
          retryLabel="Try Again"
        />
      ) : null}
      {teacher ? (
        <div className="teacher-dashboard">
          <style>{DASHBOARD_LAYOUT}</style>
          <Title order={1} size="h2">
            Welcome, {teacher.name}
          </Title>
          {(['pending', 'verified', 'rejected'] as const).map((v) =>
            state.matches({ verification: v }) ? (
              <section key={v} aria-label="Verification">
                <VerificationBanner
                  teacher={teacher}
                  state={v}
                  onFix={() => send({ type: 'documents.fix' })}
                />
              </section>
            ) : null,
          )}
          <Paper p="md" withBorder component="section" aria-labelledby="new-requests">
            <Title order={2} size="h4" id="new-requests" mb="sm">
              New Requests
            </Title>
            {state.matches({ requests: 'failed' }) ? (
              <ErrorBanner message={M.requestsLoadFailed} onRetry={() => send({ type: 'requests.retry' })} />
            ) : state.matches({ requests: 'loading' }) || state.matches({ requests: 'waiting' }) ? (
              <Loader size="sm" aria-label="Loading requests" />
            ) : fresh.length === 0 ? (
              <Empty title={M.noNewRequests} hint={M.noNewRequestsHint} />
            ) : (
              <Stack component="ul" gap="sm" p={0} style={{ listStyle: 'none' }}>
                {fresh.map((r) => (
                  <RequestCard key={r.id} request={r} subjects={subjectsOf(r)}>
                    <Button
                      size="xs"
                      color="green"
                      loading={pendingId === r.id && state.matches({ requests: 'accepting' })}
                      disabled={pendingId !== null}
                      onClick={() => send({ type: 'request.accept', id: r.id })}
                      aria-label={`Accept request from ${studentName(r)}`}
                    >
                      Accept
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      loading={pendingId === r.id && state.matches({ requests: 'declining' })}
                      disabled={pendingId !== null}
                      onClick={() => send({ type: 'request.decline', id: r.id })}
                      aria-label={`Decline request from ${studentName(r)}`}
                    >
                      Decline
                    </Button>
                  </RequestCard>
                ))}
              </Stack>
            )}
          </Paper>

          <Paper p="md" withBorder component="section" aria-labelledby="active-requests">
            <Title order={2} size="h4" id="active-requests" mb="sm">
              Active
            </Title>
            {state.matches({ requests: 'loaded' }) ||
            state.matches({ requests: 'accepting' }) ||
            state.matches({ requests: 'declining' }) ||
            state.matches({ requests: 'confirmingAccept' }) ||
            state.matches({ requests: 'confirmingDecline' }) ? (
              active.length === 0 ? (
                <Empty title={M.noActive} hint={M.noActiveHint} />
              ) : (
                <Stack component="ul" gap="sm" p={0} style={{ listStyle: 'none' }}>
                  {active.map((r) => (
                    <RequestCard key={r.id} request={r} subjects={subjectsOf(r)}>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => send({ type: 'contract.end', id: r.id })}
                        aria-label={`End contract with ${studentName(r)}`}
                      >
                        End Contract
                      </Button>
                    </RequestCard>
                  ))}
                </Stack>
              )
            ) : null}
          </Paper>

          <Paper
            p="md"
            withBorder
            component="section"
            aria-labelledby="account-details"
            className="teacher-dashboard__account"
          >
            <Stack gap="sm">
              <Title order={2} size="h4" id="account-details">
                Account Details
              </Title>
              <Group gap="md" wrap="nowrap" align="flex-start">
                <TeacherPhoto path={teacher.profile_photo} name={teacher.name} size={64} />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600}>{teacher.name}</Text>
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {teacher.email}
                  </Text>
                  <Text size="sm">{teacher.mobile_number}</Text>
                </Stack>
              </Group>
              <Group gap="xs">
                <Button variant="light" size="xs" onClick={() => send({ type: 'account.edit' })}>
                  Edit
                </Button>
                <Button variant="light" size="xs" onClick={() => send({ type: 'account.details' })}>
                  Details
                </Button>
              </Group>
              <Title order={3} size="h5">
                Subjects I Teach
              </Title>
              <SubjectList teacher={teacher} empty={M.noSubjects} />
              {teacher.address ? (
                <>
                  <Title order={3} size="h5">
                    Address
                  </Title>
                  <Text size="sm">{teacher.address}</Text>
                </>
              ) : null}
              {teacher.teacher_preference ? (
                <>
                  <Title order={3} size="h5">
                    Teaching Preferences
                  </Title>
                  <PreferenceSummary teacher={teacher} />
                </>
              ) : null}
            </Stack>
          </Paper>
        </div>
      ) : null}
      <Modal
        opened={confirmingAccept || confirmingDecline}
        onClose={() => send({ type: 'decision.cancel' })}
        title={confirmingAccept ? 'Accept request' : 'Decline request'}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack>
          <Text>
            {confirmingAccept
              ? REQUEST_MESSAGES.acceptConfirm(studentName(deciding))
              : REQUEST_MESSAGES.declineConfirm(studentName(deciding))}
          </Text>
          {confirmingDecline ? (
            <>
              <Chip.Group
                value={(DECLINE_REASON_PRESETS as readonly string[]).includes(reason) ? reason : ''}
                onChange={(value) => send({ type: 'reason.change', reason: String(value) })}
              >
                <Group gap="xs" role="group" aria-label="Common reasons">
                  {DECLINE_REASON_PRESETS.map((preset) => (
                    <Chip key={preset} value={preset} size="xs">
                      {preset}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
              <Textarea
                label="Reason (optional, shown to the student)"
                value={reason}
                maxLength={DECLINE_REASON_MAX}
                rows={3}
                description={`${reason.length}/${DECLINE_REASON_MAX}`}
                onChange={(e) => send({ type: 'reason.change', reason: e.currentTarget.value })}
              />
            </>
          ) : null}
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => send({ type: 'decision.cancel' })}
              disabled={state.matches({ requests: 'accepting' }) || state.matches({ requests: 'declining' })}
            >
              Cancel
            </Button>
            <Button
              color={confirmingAccept ? 'green' : 'red'}
              loading={state.matches({ requests: 'accepting' }) || state.matches({ requests: 'declining' })}
              onClick={() => send({ type: 'decision.confirm' })}
            >
              {confirmingAccept ? 'Accept' : 'Decline'}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={Boolean(ending)}
        onClose={() => send({ type: 'dialog.cancel' })}
        title="End Contract"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack>
          <Text>{ending ? M.endContractQuestion(ending.name) : null}</Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => send({ type: 'dialog.cancel' })}
              disabled={state.matches({ contract: 'ending' })}
            >
              Cancel
            </Button>
            <Button
              color="red"
              loading={state.matches({ contract: 'ending' })}
              onClick={() => send({ type: 'dialog.confirm' })}
            >
              End Contract
            </Button>
          </Group>
        </Stack>
      </Modal>
    </PageShell>
  );
}
