import './messages';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { fromPromise } from 'xstate';
import { SCHOOL_BOARDS, WEEKDAYS } from '../../../contract/constants';
import { ADMIN_MESSAGES } from '../../../contract/rules/admin';
import { missingDocuments } from '../../../contract/rules/files';
import type { AdminTeacherFile } from '../../../contract/structs/admin';
import { adminTeacherFileMachine } from '../../../machines/admin/adminTeacherFile';
import { approveTeacher, fetchAdminTeacherFile, openPrivateDocument, rejectTeacher } from '../../api/admin';
import { ErrorBanner } from '../../components/ErrorBanner';
import { OnDemandModal } from '../../components/OnDemandModal';
import {
  degreeName,
  formatDate,
  formatDateTime,
  formatDigits,
  formatNumber,
  optionName,
  subjectName,
  subjectNames,
  useMessage,
  useTranslation,
  weekdayLong,
} from '../../i18n';
import { useRefocusWhen } from '../../lib/keep-focus';
import { useReviewChanges } from '../../lib/review-changes';
import { useFlow } from '../../lib/useFlow';
import { TeacherPhoto } from '../teacher/TeacherParts';
import { AdminLayout, useAdminGuard } from './AdminLayout';
import { RejectionReasonField } from './RejectionReasonField';
import { DECISION_BUTTONS } from './ReviewQueuePanel';
import { EmailAddress } from './TeacherCard';

export const adminTeacherFileFlow = () =>
  adminTeacherFileMachine.provide({
    actors: {
      fetchTeacherFile: fromPromise(({ input }) => fetchAdminTeacherFile(input.teacherId)),
      approveTeacher: fromPromise(({ input }) => approveTeacher(input.teacherId, input.reviewVersion)),
      rejectTeacher: fromPromise(({ input }) =>
        rejectTeacher(input.teacherId, input.reason, input.reviewVersion),
      ),
    },
  });

const MODE_KEYS: Record<string, string> = {
  online: 'admin:card.mode.online',
  offline: 'admin:card.mode.offline',
  both: 'admin:card.mode.both',
};
const SLOT_KEYS: Record<string, string> = {
  morning: 'admin:file.slot.morning',
  afternoon: 'admin:file.slot.afternoon',
  evening: 'admin:file.slot.evening',
};
const VERIFICATION_KEYS: Record<string, string> = {
  pending: 'admin:file.verificationStatus.pending',
  verified: 'admin:file.verificationStatus.verified',
  rejected: 'admin:file.verificationStatus.rejected',
};
const GENDER_KEYS: Record<string, string> = {
  male: 'admin:file.gender.male',
  female: 'admin:file.gender.female',
  others: 'admin:file.gender.others',
};
const TYPE_KEYS: Record<string, string> = {
  individual: 'admin:file.teachingType.individual',
  group: 'admin:file.teachingType.group',
  both: 'admin:file.teachingType.both',
};
const MEDIUM_KEYS: Record<string, string> = {
  english: 'admin:file.medium.english',
  hindi: 'admin:file.medium.hindi',
  bengali: 'admin:file.medium.bengali',
};
const REQUEST_STATUS_KEYS: Record<string, string> = {
  request_send: 'admin:file.requestStatus.requestSend',
  accepted: 'admin:file.requestStatus.accepted',
  declined: 'admin:file.requestStatus.declined',
  ended: 'admin:file.requestStatus.ended',
  cancelled: 'admin:file.requestStatus.cancelled',
};
const BOARD_KEYS: Record<string, string> = {
  state: 'admin:file.board.state',
  other: 'admin:file.board.other',
};
/** The activity log's actions (the server's names) as people read them. */
const ACTION_KEYS: Record<string, string> = {
  user_signed_up: 'admin:file.action.user_signed_up',
  user_signed_in: 'admin:file.action.user_signed_in',
  admin_registered: 'admin:file.action.admin_registered',
  admin_signed_in: 'admin:file.action.admin_signed_in',
  teacher_registered: 'admin:file.action.teacher_registered',
  student_registered: 'admin:file.action.student_registered',
  request_created: 'admin:file.action.request_created',
  request_sent: 'admin:file.action.request_sent',
  request_status_changed: 'admin:file.action.request_status_changed',
  teacher_approved: 'admin:file.action.teacher_approved',
  teacher_rejected: 'admin:file.action.teacher_rejected',
  teacher_review_requested: 'admin:file.action.teacher_review_requested',
  subject_suggested: 'admin:file.action.subject_suggested',
  subject_approved: 'admin:file.action.subject_approved',
  subject_rejected: 'admin:file.action.subject_rejected',
  subject_merged: 'admin:file.action.subject_merged',
  job_seeker_registered: 'admin:file.action.job_seeker_registered',
  job_posting_created: 'admin:file.action.job_posting_created',
  job_posting_updated: 'admin:file.action.job_posting_updated',
  job_posting_closed: 'admin:file.action.job_posting_closed',
  job_posting_reopened: 'admin:file.action.job_posting_reopened',
  job_application_created: 'admin:file.action.job_application_created',
  job_application_status_changed: 'admin:file.action.job_application_status_changed',
  job_application_withdrawn: 'admin:file.action.job_application_withdrawn',
  sign_in_failures: 'admin:file.action.sign_in_failures',
};
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace(/_/g, ' ');
type T = (key: string, values?: Record<string, unknown>) => string;
/** A value's label in the person's language; a value with no label shows as itself, capitalised. */
const labelOf = (t: T, keys: Record<string, string>, value: string) => {
  const key = keys[value] ?? keys[value.toLowerCase()];
  return key ? t(key) : capitalise(value);
};

/**
 * What an entry adds to its action, in the person's language: a decision's reason (as the
 * administrator or teacher wrote it), a request's new status, a suggested subject's name; a stored
 * text that is not JSON shows as it is. Identifiers and other stored values add nothing.
 */
function activityDetail(t: T, details: string | null): string | null {
  if (!details) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(details);
  } catch {
    return details;
  }
  if (!parsed || typeof parsed !== 'object') return typeof parsed === 'string' ? parsed : null;
  const d = parsed as { reason?: unknown; to?: unknown; name?: unknown };
  if (typeof d.reason === 'string' && d.reason.trim()) return d.reason;
  if (typeof d.to === 'string') return labelOf(t, REQUEST_STATUS_KEYS, d.to);
  if (typeof d.name === 'string' && d.name.trim()) return d.name;
  return null;
}

/** One activity entry's line: its action, and what it adds (one message, not two pieces). */
function activityLine(t: T, action: string, details: string | null): string {
  const label = labelOf(t, ACTION_KEYS, action);
  const detail = activityDetail(t, details);
  return detail ? t('admin:file.activityEntry', { action: label, detail }) : label;
}

/** A number, a date as DD/MM/YYYY or coordinates in the language's digits; nothing stays nothing. */
const digits = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? null : formatDigits(value);

/** A titled card of label/value rows (a description list: each value is read with its label). */
function Facts({ title, rows }: { title: string; rows: Array<[string, ReactNode]> }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <Stack gap={6} component="dl" m={0}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
              {value === null || value === undefined || value === '' ? t('admin:file.notGiven') : value}
            </Text>
          </div>
        ))}
      </Stack>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
}

type FileFlow = ReturnType<typeof useFlow<typeof adminTeacherFileMachine>>;

/**
 * The decision on a teacher whose verification is pending, as Teacher Approvals takes it: Approve at
 * once (with every document on file; otherwise the card says which are missing), Reject after a
 * reason in a dialog (which holds keyboard focus and gives it back on Cancel). Once decided, or
 * refused because someone else decided first, the message is announced and focus goes to this
 * card's title (the buttons are gone); after another refusal, back to the button pressed.
 */
function Decision({ snapshot, send }: { snapshot: FileFlow[0]; send: FileFlow[1] }) {
  const { t } = useTranslation();
  const m = useMessage();
  const reviewChanges = useReviewChanges();
  const { file, notice, decisionError, reason, reasonError } = snapshot.context;
  const name = file?.teacher.name ?? '';
  const pending = snapshot.hasTag('pending');
  const missing = missingDocuments(file?.teacher);
  const asking = snapshot.hasTag('asking');
  const busy = snapshot.hasTag('sending');
  const viewing = !asking && !busy;
  const approving = snapshot.matches({ loaded: { pending: 'approving' } });
  const card = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const pressed = useRef<'approve' | 'reject' | null>(null);
  useRefocusWhen(
    viewing,
    () => {
      const verb = pressed.current;
      pressed.current = null;
      if (!verb) return null;
      return (
        card.current?.querySelector<HTMLElement>(`[data-verb="${verb}"]:not(:disabled)`) ?? heading.current
      );
    },
    { visible: (to) => to === heading.current },
  );
  if (!pending && !notice && !decisionError) return null;
  const decide = (verb: 'approve' | 'reject') => {
    pressed.current = verb;
    send({ type: verb === 'approve' ? 'file.approve' : 'file.reject' });
  };
  return (
    <Card
      ref={card}
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-label={t('admin:file.decision')}
    >
      <Stack gap="xs">
        <Title order={2} size="h4" ref={heading} tabIndex={-1} className="mantine-focus-auto">
          {t('admin:file.decision')}
        </Title>
        {notice ? (
          <Text role="status" size="sm" c="green.9">
            {m(notice)}
          </Text>
        ) : null}
        {decisionError && !asking ? <ErrorBanner message={m(decisionError)} /> : null}
        {pending && missing.length ? (
          <Text size="sm">{t('admin:file.documentsMissing', { documents: reviewChanges(missing) })}</Text>
        ) : null}
        {pending ? (
          <Group gap="xs">
            {(missing.length ? (['reject'] as const) : (['approve', 'reject'] as const)).map((verb) => (
              <Button
                key={verb}
                data-verb={verb}
                color={DECISION_BUTTONS[verb].color}
                variant={DECISION_BUTTONS[verb].variant}
                onClick={() => decide(verb)}
                // Not disabled under the dialog: the dialog gives focus back to Reject when it closes.
                disabled={!viewing && !asking}
                loading={verb === 'approve' && approving}
                aria-label={t(DECISION_BUTTONS[verb].named, { name })}
              >
                {t(DECISION_BUTTONS[verb].label)}
              </Button>
            ))}
          </Group>
        ) : null}
      </Stack>
      <OnDemandModal
        opened={asking}
        onClose={() => send({ type: 'decision.cancel' })}
        title={t('admin:file.rejectTitle', { name })}
        centered
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        <Stack>
          <RejectionReasonField
            value={reason}
            error={reasonError ? m(reasonError) : null}
            busy={busy}
            change={(value) => send({ type: 'decision.change', value })}
            autoFocus
          />
          {decisionError ? <ErrorBanner message={m(decisionError)} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => send({ type: 'decision.cancel' })} disabled={busy}>
              {t('admin:newSubjects.cancel')}
            </Button>
            <Button color="red" onClick={() => send({ type: 'decision.confirm' })} loading={busy}>
              {t('admin:dashboard.confirmRejection')}
            </Button>
          </Group>
        </Stack>
      </OnDemandModal>
    </Card>
  );
}

function TeacherFile({ file, decision }: { file: AdminTeacherFile; decision: ReactNode }) {
  const { t: tr } = useTranslation();
  const reviewChanges = useReviewChanges();
  const t = file.teacher;
  const yesNo = (b: boolean) => (b ? tr('admin:file.yes') : tr('admin:file.no'));
  const slotLabel = (value: string) => labelOf(tr, SLOT_KEYS, value);
  const q = t.teacher_educational_qualification;
  const p = t.teacher_preference;
  const documents: Array<[string, string | null | undefined, string | undefined]> = [
    [tr('admin:file.doc.aadhar'), t.aadhar_photo, undefined],
    [tr('admin:file.doc.markSheet'), p?.mark_sheet?.url, p?.mark_sheet?.file_name],
    [
      tr('admin:file.doc.certificate'),
      p?.highest_qualification_certificate?.url,
      p?.highest_qualification_certificate?.file_name,
    ],
    [tr('admin:file.doc.resume'), p?.resume?.url, p?.resume?.file_name],
  ];
  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap" align="center">
        <TeacherPhoto path={t.profile_photo} name={t.name} size={64} />
        <Stack gap={4} miw={0}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {t.name}
          </Title>
          <Group gap={6} wrap="wrap">
            {t.verified ? (
              <Badge color="green" variant="light">
                {tr('admin:card.verified')}
              </Badge>
            ) : (
              <Badge color="gray" variant="light">
                {labelOf(tr, VERIFICATION_KEYS, t.verification_status)}
              </Badge>
            )}
            <Badge color={t.is_active ? 'blue' : 'gray'} variant="outline">
              {t.is_active ? tr('admin:file.active') : tr('admin:card.inactive')}
            </Badge>
          </Group>
        </Stack>
      </Group>
      {decision}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Facts
          title={tr('admin:file.personal')}
          rows={[
            [tr('admin:file.email'), <EmailAddress key="email" address={t.email} />],
            [tr('admin:file.mobile'), digits(t.mobile_number)],
            [tr('admin:file.whatsapp'), digits(t.whatsapp_number)],
            [tr('admin:file.altMobile'), digits(t.alt_mobile)],
            [tr('admin:file.genderLabel'), labelOf(tr, GENDER_KEYS, t.gender)],
            [tr('admin:file.dateOfBirth'), digits(t.date_of_birth)],
            [tr('admin:file.address'), t.address],
            [
              tr('admin:file.location'),
              t.latitude !== null && t.longitude !== null ? digits(`${t.latitude}, ${t.longitude}`) : null,
            ],
            [tr('admin:file.registeredOn'), formatDate(t.created_at, 'numeric')],
            [tr('admin:file.verification'), labelOf(tr, VERIFICATION_KEYS, t.verification_status)],
            ...(t.rejection_reason
              ? ([[tr('admin:file.rejectionReason'), t.rejection_reason]] as Array<[string, string]>)
              : []),
            ...(t.review_changes?.length
              ? ([[tr('admin:file.reviewChanges'), reviewChanges(t.review_changes)]] as Array<
                  [string, string]
                >)
              : []),
          ]}
        />
        <Section title={tr('admin:file.documents')}>
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {documents.map(([label, url, fileName]) => (
              <li key={label}>
                {url ? (
                  <Anchor
                    component="button"
                    type="button"
                    onClick={() => void openPrivateDocument(url).catch(() => {})}
                  >
                    {fileName ? tr('admin:file.docWithName', { label, fileName }) : label}
                  </Anchor>
                ) : (
                  <Text>
                    {tr('admin:file.docLabel', { label })}{' '}
                    <Text span c="dimmed">
                      {tr('admin:file.notOnFile')}
                    </Text>
                  </Text>
                )}
              </li>
            ))}
          </Stack>
        </Section>
        <Facts
          title={tr('admin:file.qualification')}
          rows={
            q
              ? [
                  [tr('admin:file.highestQualification'), degreeName(tr, q.degree_id, q.degree_name)],
                  [tr('admin:file.specializedSubject'), q.subject_name && subjectName(tr, q.subject_name)],
                  [tr('admin:file.yearOfPassing'), digits(q.year_of_passing)],
                  [tr('admin:file.schoolName'), q.school_name],
                  [
                    tr('admin:file.schoolBoard'),
                    BOARD_KEYS[q.school_education_board]
                      ? tr(BOARD_KEYS[q.school_education_board])
                      : (SCHOOL_BOARDS.find((b) => b.value === q.school_education_board)?.label ??
                        q.school_education_board),
                  ],
                  [tr('admin:file.collegeName'), q.college_name],
                  [tr('admin:file.university'), optionName(tr, 'options:university', q.university_name)],
                ]
              : [[tr('admin:file.highestQualification'), null]]
          }
        />
        <Facts
          title={tr('admin:file.preferences')}
          rows={[
            [tr('admin:file.subjects'), subjectNames(tr, t.subjects)],
            ...((p
              ? [
                  [tr('admin:file.teachingMode'), labelOf(tr, MODE_KEYS, p.teaching_mode)],
                  [tr('admin:file.teachingTypeLabel'), labelOf(tr, TYPE_KEYS, p.preferred_teaching_type)],
                  [
                    tr('admin:file.experience'),
                    tr('admin:file.years', {
                      count: p.prior_experience,
                      formatted: formatNumber(p.prior_experience),
                    }),
                  ],
                  [
                    tr('admin:file.radius'),
                    tr('admin:file.km', { formatted: formatNumber(p.teaching_radius_km) }),
                  ],
                  [tr('admin:file.teachingLocation'), p.teaching_location_preference],
                  [
                    tr('admin:file.mediums'),
                    p.preferred_medium.map((m) => labelOf(tr, MEDIUM_KEYS, m)).join(', '),
                  ],
                  [tr('admin:file.teachesAtSchool'), yesNo(p.teaching_school)],
                  [tr('admin:file.speciallyAbled'), yesNo(p.special_need_children)],
                  [tr('admin:file.specialAttention'), yesNo(p.special_attention_children)],
                ]
              : [[tr('admin:file.teachingMode'), null]]) as Array<[string, ReactNode]>),
          ]}
        />
      </SimpleGrid>
      <Section title={tr('admin:file.schedule')}>
        {t.teacher_schedules.length ? (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {t.teacher_schedules.map((s) => (
              <li key={s.id}>
                <Text span fw={500}>
                  {WEEKDAYS[s.week_day]
                    ? tr('admin:file.docLabel', { label: weekdayLong(s.week_day) })
                    : tr('admin:file.dayNumber', { day: formatNumber(s.week_day) })}
                </Text>{' '}
                {s.time_slots.map((slot) => slotLabel(slot.time_of_day)).join(', ') ||
                  tr('admin:file.notGiven')}
              </li>
            ))}
          </Stack>
        ) : (
          <Text c="dimmed">{tr('admin:file.noSchedule')}</Text>
        )}
      </Section>
      <Section title={tr('admin:file.requests')}>
        {file.requests.length ? (
          <Table.ScrollContainer minWidth={520} tabIndex={0} aria-label={tr('admin:file.requestsTable')}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{tr('admin:file.col.student')}</Table.Th>
                  <Table.Th>{tr('admin:file.col.subjects')}</Table.Th>
                  <Table.Th>{tr('admin:file.col.status')}</Table.Th>
                  <Table.Th>{tr('admin:file.col.mode')}</Table.Th>
                  <Table.Th>{tr('admin:file.col.time')}</Table.Th>
                  <Table.Th>{tr('admin:file.col.sentOn')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {file.requests.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.student_name}</Table.Td>
                    <Table.Td>{r.subjects}</Table.Td>
                    <Table.Td>{labelOf(tr, REQUEST_STATUS_KEYS, r.status)}</Table.Td>
                    <Table.Td>{labelOf(tr, MODE_KEYS, r.mode_of_teaching)}</Table.Td>
                    <Table.Td>{r.preferred_time.map(slotLabel).join(', ')}</Table.Td>
                    <Table.Td>{formatDate(r.created_at, 'numeric')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text c="dimmed">{tr('admin:file.noRequests')}</Text>
        )}
      </Section>
      <Section title={tr('admin:file.activity')}>
        {file.activity.length ? (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {file.activity.map((a) => (
              <li key={a.id}>
                <Text size="sm">{activityLine(tr, a.action, a.details)}</Text>
                <Text size="xs" c="dimmed">
                  {tr(
                    a.actor_type === 'admin'
                      ? 'admin:file.byAdmin'
                      : a.actor_type === 'user'
                        ? 'admin:file.byTeacher'
                        : 'admin:file.bySystem',
                    { when: formatDateTime(a.created_at) },
                  )}
                </Text>
              </li>
            ))}
          </Stack>
        ) : (
          <Text c="dimmed">{tr('admin:file.noActivity')}</Text>
        )}
      </Section>
    </Stack>
  );
}

function TeacherFileView({ teacherId }: { teacherId: number }) {
  const { t } = useTranslation();
  const [machine] = useState(adminTeacherFileFlow);
  const [snapshot, send] = useFlow(machine, { teacherId });
  const { file, error } = snapshot.context;
  return (
    <Stack gap="md">
      <Anchor component={Link} href="/Admin_Teacher">
        {t('admin:file.allTeachers')}
      </Anchor>
      {snapshot.matches('loading') ? <Loader aria-label={t('admin:file.loading')} /> : null}
      {snapshot.matches('notFound') ? <ErrorBanner message={ADMIN_MESSAGES.teacherNotFound} /> : null}
      {snapshot.matches('failure') && error ? (
        <ErrorBanner message={error} onRetry={() => send({ type: 'file.retry' })} />
      ) : null}
      {/* The file stays on screen while it loads again after a decision. */}
      {(snapshot.matches('loaded') || snapshot.matches('refreshing')) && file ? (
        <>
          {error ? <ErrorBanner message={error} /> : null}
          <TeacherFile file={file} decision={<Decision snapshot={snapshot} send={send} />} />
        </>
      ) : null}
    </Stack>
  );
}

/** /Admin_Teacher/:id: one teacher's full record, for administrators. */
export default function AdminTeacherFilePage() {
  const { t } = useTranslation();
  const allowed = useAdminGuard();
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  if (!allowed) return null;
  return (
    <AdminLayout active="teachers" header={<Text fw={600}>{t('admin:file.header')}</Text>}>
      {Number.isInteger(id) && id > 0 ? (
        <TeacherFileView key={id} teacherId={id} />
      ) : (
        <ErrorBanner message={ADMIN_MESSAGES.teacherNotFound} />
      )}
    </AdminLayout>
  );
}
