import './messages';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Chip.css';
import { Alert, Anchor, Button, Card, Chip, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { DECLINE_REASON_MAX, REQUEST_MESSAGES } from '../../../contract/rules/request';
import {
  TEACHER_DASHBOARD_MESSAGES as M,
  VERIFICATION_MESSAGES as V,
} from '../../../contract/rules/teacher-dashboard';
import type { TeacherStudentRequest } from '../../../contract/structs/request';
import type { TeacherRecord } from '../../../contract/structs/teacher';
import {
  activeRequests,
  dashboardMachine,
  newRequests,
  type StatusChange,
} from '../../../machines/teacher/dashboard';
import { updateRequestStatus } from '../../api/requests';
import { fetchMyDashboard, fetchTeacherRequests, myDashboardBack } from '../../api/teachers';
import { AfterFirstPaint } from '../../components/AfterFirstPaint';
import { ErrorBanner } from '../../components/ErrorBanner';
import { OnDemandModal } from '../../components/OnDemandModal';
import { PageShell } from '../../components/PageShell';
import { PhoneLink } from '../../components/PhoneLink';
import { SessionActions, SessionNav } from '../../components/SessionHeader';
import { Textarea } from '../../components/TextField';
import { Toast } from '../../components/Toast';
import { formatDigits, namedOptions, subjectNames, useMessage, useTranslation } from '../../i18n';
import { useRefocusWhen } from '../../lib/keep-focus';
import { useReviewChanges } from '../../lib/review-changes';
import { useFlow } from '../../lib/useFlow';
import { optionLabel, requestWord } from '../student/labels';
import { editPath } from './edit-mode';
import { PreferenceSummary, SubjectList, TeacherPhoto } from './TeacherParts';

function RequestCard({
  request,
  subjects,
  children,
}: {
  request: TeacherStudentRequest;
  subjects: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const words = [
    requestWord(t, 'mode', request.mode_of_teaching),
    requestWord(t, 'group', request.preferred_group),
    requestWord(t, 'medium', request.preferred_medium),
  ].join(' · ');
  const times = request.preferred_time.map((time) => optionLabel(t, 'timeOfDay', time)).join(', ');
  const name = request.student?.name ?? t('common:thisStudent');
  return (
    <Card withBorder padding="sm" component="li">
      <Stack gap={4}>
        <Text fw={600}>{name}</Text>
        {subjects ? <Text size="sm">{t('teacher:dashboard.subjects', { subjects })}</Text> : null}
        <Text size="sm" c="dimmed">
          {times ? `${words} · ${times}` : words}
        </Text>
        {request.student?.address ? (
          <Text size="sm">{request.student.address}</Text>
        ) : request.student?.locality ? (
          <Text size="sm">{t('teacher:dashboard.locality', { locality: request.student.locality })}</Text>
        ) : null}
        {request.student?.mobile_number ? (
          <PhoneLink
            number={request.student.mobile_number}
            text={t('teacher:dashboard.mobile', { number: formatDigits(request.student.mobile_number) })}
          />
        ) : null}
        {request.student?.guardian_number ? (
          <PhoneLink
            number={request.student.guardian_number}
            text={t('teacher:dashboard.guardian', { number: formatDigits(request.student.guardian_number) })}
          />
        ) : null}
        {request.student?.email ? (
          <Anchor href={`mailto:${request.student.email}`} size="sm" style={{ wordBreak: 'break-all' }}>
            {t('teacher:dashboard.email', { email: request.student.email })}
          </Anchor>
        ) : null}
        {request.student?.whatsapp_url ? (
          <Anchor href={request.student.whatsapp_url} target="_blank" rel="noopener noreferrer" size="sm">
            {t('teacher:dashboard.whatsapp', { name })}
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
  const m = useMessage();
  return (
    <Text c="dimmed" ta="center" py="md">
      {m(title)} – {m(hint)}
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
  const m = useMessage();
  const reviewChanges = useReviewChanges();
  if (state === 'verified')
    return (
      <Alert color="green" title={`✓ ${m(V.verified)}`}>
        {m(V.verifiedBody)}
      </Alert>
    );
  if (state === 'rejected')
    return (
      <Alert color="red" title={m(V.rejected(teacher.rejection_reason ?? ''))}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{m(V.rejectedBody)}</Text>
          <Button size="xs" color="red" onClick={onFix}>
            {m(V.fixDocuments)}
          </Button>
        </Stack>
      </Alert>
    );
  const changed = teacher.review_changes ?? [];
  return (
    // Yellow's own text shade on its light fill is under 4.5:1: the title stays dark.
    <Alert
      color="yellow"
      title={m(V.pendingTitle)}
      styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
    >
      <Text size="sm">{m(V.pendingBody)}</Text>
      {changed.length ? <Text size="sm">{m(V.pendingChanged(reviewChanges(changed)))}</Text> : null}
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
  const { t } = useTranslation();
  const m = useMessage();
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
          updateRequestStatus(input.id, input.status, input.reason, input.reasonKey),
        ),
      },
      actions: {
        // docs/product.md#validation-and-messages: dashboard fetch failures are logged; the screen says so too.
        logFailure: (_, { what, error }) => console.warn(`Dashboard: could not load ${what}`, error),
        openEdit: () => navigate(editPath('/personal_details_teacher')),
        openDetails: () => navigate('/profile'),
        openFixDocuments: (_, { step }) =>
          navigate(editPath(step === 3 ? '/teacherSubject' : '/personal_details_teacher')),
      },
    });
  }, [navigate]);
  // The first screen's answer when it is already in (asked for by the page's HTML): shown at once.
  const [first] = useState(myDashboardBack);
  const [state, send] = useFlow(machine, { first });
  const { teacher, requests, toast, ending, pendingId, reason, shown } = state.context;
  const confirmingAccept =
    state.matches({ requests: 'confirmingAccept' }) || state.matches({ requests: 'accepting' });
  const declining = state.matches({ requests: 'declining' });
  const confirmingDecline = state.matches({ requests: 'confirmingDecline' }) || declining;
  const fresh = newRequests(requests);
  const active = activeRequests(requests);
  const shownName = shown.name ?? t('common:thisStudent');
  const freshHeading = useRef<HTMLHeadingElement>(null);
  const activeHeading = useRef<HTMLHeadingElement>(null);
  // The button that opened a dialog leaves with its request once the answer is in: focus then goes
  // to the list the request joined (accepted) or left (declined, ended), not to the page's start,
  // with the ring showing (the teacher clicked in the dialog, not there). A cancelled or failed
  // answer leaves the button there, and the dialog gives focus back to it.
  const answered = useRef<{ id: number; accept: boolean; ended: boolean } | null>(null);
  useRefocusWhen(
    pendingId === null && !ending,
    () => {
      const a = answered.current;
      answered.current = null;
      if (!a || (a.ended ? active : fresh).some((r) => r.id === a.id)) return null;
      return (a.accept ? activeHeading : freshHeading).current;
    },
    { from: () => document.activeElement?.closest<HTMLElement>('[role="dialog"]'), visible: true },
  );
  const subjectsOf = (r: TeacherStudentRequest) => subjectNames(t, r.subjects);

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
      <Toast message={toast ? m(toast) : toast} onClose={() => send({ type: 'toast.dismiss' })} />
      {state.matches({ teacher: 'loading' }) ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('teacher:dashboard.loading')} />
        </Group>
      ) : null}
      {state.matches({ teacher: 'failed' }) ? (
        <ErrorBanner
          message={M.teacherLoadFailed}
          onRetry={() => send({ type: 'teacher.retry' })}
          retryLabel={t('teacher:tryAgainTitle')}
        />
      ) : null}
      {teacher ? (
        <div className="teacher-dashboard">
          <style>{DASHBOARD_LAYOUT}</style>
          <Title order={1} size="h2">
            {t('teacher:dashboard.welcome', { name: teacher.name })}
          </Title>
          {(['pending', 'verified', 'rejected'] as const).map((v) =>
            state.matches({ verification: v }) ? (
              <section key={v} aria-label={t('teacher:dashboard.verification')}>
                <VerificationBanner
                  teacher={teacher}
                  state={v}
                  onFix={() => send({ type: 'documents.fix' })}
                />
              </section>
            ) : null,
          )}
          <Paper p="md" withBorder component="section" aria-labelledby="new-requests">
            <Title
              order={2}
              size="h4"
              id="new-requests"
              mb="sm"
              ref={freshHeading}
              tabIndex={-1}
              className="mantine-focus-auto"
            >
              {t('teacher:dashboard.newRequests')}
            </Title>
            {state.matches({ requests: 'failed' }) ? (
              <ErrorBanner message={M.requestsLoadFailed} onRetry={() => send({ type: 'requests.retry' })} />
            ) : state.matches({ requests: 'loading' }) || state.matches({ requests: 'waiting' }) ? (
              <Loader size="sm" aria-label={t('teacher:dashboard.loadingRequests')} />
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
                      aria-label={t('teacher:dashboard.acceptFrom', {
                        name: r.student?.name ?? t('common:thisStudent'),
                      })}
                    >
                      {t('teacher:dashboard.accept')}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      loading={pendingId === r.id && state.matches({ requests: 'declining' })}
                      disabled={pendingId !== null}
                      onClick={() => send({ type: 'request.decline', id: r.id })}
                      aria-label={t('teacher:dashboard.declineFrom', {
                        name: r.student?.name ?? t('common:thisStudent'),
                      })}
                    >
                      {t('teacher:dashboard.decline')}
                    </Button>
                  </RequestCard>
                ))}
              </Stack>
            )}
          </Paper>

          <Paper p="md" withBorder component="section" aria-labelledby="active-requests">
            <Title
              order={2}
              size="h4"
              id="active-requests"
              mb="sm"
              ref={activeHeading}
              tabIndex={-1}
              className="mantine-focus-auto"
            >
              {t('teacher:dashboard.active')}
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
                        aria-label={t('teacher:dashboard.endWith', {
                          name: r.student?.name ?? t('common:thisStudent'),
                        })}
                      >
                        {t('teacher:dashboard.endContract')}
                      </Button>
                    </RequestCard>
                  ))}
                </Stack>
              )
            ) : null}
          </Paper>

          {/* Below the new and active requests on a phone: drawn once they are on screen. */}
          <AfterFirstPaint>
            <Paper
              p="md"
              withBorder
              component="section"
              aria-labelledby="account-details"
              className="teacher-dashboard__account"
            >
              <Stack gap="sm">
                <Title order={2} size="h4" id="account-details">
                  {t('teacher:dashboard.account')}
                </Title>
                <Group gap="md" wrap="nowrap" align="flex-start">
                  <TeacherPhoto path={teacher.profile_photo} name={teacher.name} size={64} />
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600}>{teacher.name}</Text>
                    <Text size="sm" style={{ wordBreak: 'break-all' }}>
                      {teacher.email}
                    </Text>
                    <Text size="sm">{formatDigits(teacher.mobile_number)}</Text>
                  </Stack>
                </Group>
                <Group gap="xs">
                  <Button variant="light" size="xs" onClick={() => send({ type: 'account.edit' })}>
                    {t('teacher:dashboard.edit')}
                  </Button>
                  <Button variant="light" size="xs" onClick={() => send({ type: 'account.details' })}>
                    {t('teacher:dashboard.details')}
                  </Button>
                </Group>
                <Title order={3} size="h5">
                  {t('teacher:dashboard.subjectsITeach')}
                </Title>
                <SubjectList teacher={teacher} empty={m(M.noSubjects)} />
                {teacher.address ? (
                  <>
                    <Title order={3} size="h5">
                      {t('teacher:dashboard.address')}
                    </Title>
                    <Text size="sm">{teacher.address}</Text>
                  </>
                ) : null}
                {teacher.teacher_preference ? (
                  <>
                    <Title order={3} size="h5">
                      {t('teacher:dashboard.preferences')}
                    </Title>
                    <PreferenceSummary teacher={teacher} />
                  </>
                ) : null}
              </Stack>
            </Paper>
          </AfterFirstPaint>
        </div>
      ) : null}
      <OnDemandModal
        opened={confirmingAccept || confirmingDecline}
        onClose={() => send({ type: 'decision.cancel' })}
        title={shown.accept ? t('teacher:dashboard.acceptTitle') : t('teacher:dashboard.declineTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('teacher:close') }}
      >
        <Stack>
          <Text>
            {m(
              shown.accept
                ? REQUEST_MESSAGES.acceptConfirm(shownName)
                : REQUEST_MESSAGES.declineConfirm(shownName),
            )}
          </Text>
          {!shown.accept ? (
            <>
              <Chip.Group
                // While the decline is sent, the reason waits as it stands (a change would not be sent).
                value={state.context.reasonKey ?? ''}
                onChange={(value) => send({ type: 'reason.change', reason: '', key: String(value) })}
              >
                <Group gap="xs" role="group" aria-label={t('teacher:dashboard.commonReasons')}>
                  {namedOptions(t, 'options:declineReason').map((preset) => (
                    <Chip key={preset.value} value={preset.value} size="xs" disabled={declining}>
                      {preset.label}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
              <Textarea
                label={t('teacher:dashboard.reasonLabel')}
                value={reason}
                maxLength={DECLINE_REASON_MAX}
                tooLong={REQUEST_MESSAGES.declineReasonTooLong}
                rows={3}
                readOnly={declining}
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
              {t('teacher:cancel')}
            </Button>
            <Button
              color={shown.accept ? 'green' : 'red'}
              loading={state.matches({ requests: 'accepting' }) || state.matches({ requests: 'declining' })}
              onClick={() => {
                if (pendingId !== null)
                  answered.current = { id: pendingId, accept: shown.accept, ended: false };
                send({ type: 'decision.confirm' });
              }}
            >
              {shown.accept ? t('teacher:dashboard.accept') : t('teacher:dashboard.decline')}
            </Button>
          </Group>
        </Stack>
      </OnDemandModal>
      <OnDemandModal
        opened={Boolean(ending)}
        onClose={() => send({ type: 'dialog.cancel' })}
        title={t('teacher:dashboard.endContract')}
        centered
        closeButtonProps={{ 'aria-label': t('teacher:close') }}
      >
        <Stack>
          <Text>{m(M.endContractQuestion(shown.ending))}</Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => send({ type: 'dialog.cancel' })}
              disabled={state.matches({ contract: 'ending' })}
            >
              {t('teacher:cancel')}
            </Button>
            <Button
              color="red"
              loading={state.matches({ contract: 'ending' })}
              onClick={() => {
                if (ending) answered.current = { id: ending.id, accept: true, ended: true };
                send({ type: 'dialog.confirm' });
              }}
            >
              {t('teacher:dashboard.endContract')}
            </Button>
          </Group>
        </Stack>
      </OnDemandModal>
    </PageShell>
  );
}
