import './messages';
import '@mantine/core/styles/Badge.css';
import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { TEACHER_DASHBOARD_MESSAGES as M } from '../../../contract/rules/teacher-dashboard';
import type { TeacherRecord } from '../../../contract/structs/teacher';
import { profileMachine } from '../../../machines/teacher/profile';
import { fetchDocumentBlobUrl, fetchMyTeacher } from '../../api/teachers';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageShell } from '../../components/PageShell';
import { SessionActions, SessionNav } from '../../components/SessionHeader';
import {
  degreeName,
  formatDigits,
  optionName,
  subjectName,
  useMessage,
  useTranslation,
  weekdayLong,
} from '../../i18n';
import { useFlow } from '../../lib/useFlow';
import { optionLabel } from '../student/labels';
import { PreferenceSummary, SubjectList, TeacherPhoto } from './TeacherParts';

/** Opens a private document in a new tab, downloaded with the stored token (D8). */
async function openDocument(url: string) {
  // The tab is opened before the download so that pop-up blockers allow it.
  const tab = window.open('', '_blank');
  try {
    const blobUrl = await fetchDocumentBlobUrl(url);
    if (tab) tab.location.href = blobUrl;
    else window.location.assign(blobUrl);
    setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

function Section({ name, title, children }: { name: string; title: string; children: React.ReactNode }) {
  const id = `section-${name}`;
  return (
    <Paper p="md" withBorder component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function documentsOf(teacher: TeacherRecord) {
  const p = teacher.teacher_preference;
  return [
    { key: 'aadhar', labelKey: 'teacher:profile.doc.aadhar', url: teacher.aadhar_photo },
    { key: 'marksheet', labelKey: 'teacher:profile.doc.marksheet', url: p?.mark_sheet?.url ?? null },
    {
      key: 'certificate',
      labelKey: 'teacher:profile.doc.certificate',
      url: p?.highest_qualification_certificate?.url ?? null,
    },
    { key: 'resume', labelKey: 'teacher:profile.doc.resume', url: p?.resume?.url ?? null },
  ];
}

const VERIFICATION: Record<string, { labelKey: string; color: string }> = {
  pending: { labelKey: 'teacher:verification.pending', color: 'yellow' },
  verified: { labelKey: 'teacher:verification.verified', color: 'green' },
  rejected: { labelKey: 'teacher:verification.rejected', color: 'red' },
};

/** A DD/MM/YYYY wire date in the person's digits (the order stays as the product shows dates). */
const wireDate = (value: string | null | undefined) => (value ? formatDigits(value) : '');

/** The signed-in teacher's own profile (/profile, D9). */
export default function ProfilePage() {
  const { t } = useTranslation();
  const m = useMessage();
  const machine = useMemo(
    () =>
      profileMachine.provide({
        actors: {
          loadTeacher: fromPromise<TeacherRecord>(() => fetchMyTeacher()),
          openDocument: fromPromise<void, { url: string }>(({ input }) => openDocument(input.url)),
        },
      }),
    [],
  );
  const [state, send] = useFlow(machine);
  const { teacher, error, documentError } = state.context;

  return (
    <PageShell
      title={t('teacher:profile.title')}
      headerRight={<SessionActions />}
      nav={<SessionNav />}
      size="md"
    >
      {state.matches('loading') ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('teacher:profile.loading')} />
        </Group>
      ) : null}
      {state.matches('failed') ? (
        <ErrorBanner
          message={error}
          onRetry={() => send({ type: 'teacher.retry' })}
          retryLabel={t('teacher:tryAgainTitle')}
        />
      ) : null}
      {teacher ? (
        <>
          <Section name="account-details" title={t('teacher:profile.account')}>
            <Group gap="md" wrap="nowrap" align="flex-start">
              <TeacherPhoto path={teacher.profile_photo} name={teacher.name} size={72} />
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600}>{teacher.name}</Text>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {teacher.email}
                </Text>
                <Text size="sm">
                  {t('teacher:profile.mobile', { number: formatDigits(teacher.mobile_number) })}
                </Text>
                {teacher.whatsapp_number ? (
                  <Text size="sm">
                    {t('teacher:profile.whatsapp', { number: formatDigits(teacher.whatsapp_number) })}
                  </Text>
                ) : null}
                <Text size="sm">
                  {t('teacher:profile.dateOfBirth', { date: wireDate(teacher.date_of_birth) })}
                </Text>
                <Text size="sm">{teacher.address}</Text>
              </Stack>
            </Group>
          </Section>
          <Section name="bio" title={t('teacher:profile.bio')}>
            <Stack gap="xs">
              {teacher.teacher_educational_qualification ? (
                <Text size="sm">
                  {[
                    degreeName(
                      t,
                      teacher.teacher_educational_qualification.degree_id,
                      teacher.teacher_educational_qualification.degree_name,
                    ),
                    teacher.teacher_educational_qualification.subject_name &&
                      subjectName(t, teacher.teacher_educational_qualification.subject_name),
                    teacher.teacher_educational_qualification.college_name,
                    teacher.teacher_educational_qualification.university_name &&
                      optionName(
                        t,
                        'options:university',
                        teacher.teacher_educational_qualification.university_name,
                      ),
                    teacher.teacher_educational_qualification.year_of_passing
                      ? formatDigits(teacher.teacher_educational_qualification.year_of_passing)
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              ) : null}
              <SubjectList teacher={teacher} empty={m(M.noSubjects)} />
              <PreferenceSummary teacher={teacher} />
            </Stack>
          </Section>
          <Section name="date-time-preferences" title={t('teacher:profile.schedule')}>
            {teacher.teacher_schedules.length === 0 ? (
              <Text c="dimmed">{t('teacher:profile.noSlots')}</Text>
            ) : (
              <Stack gap={6}>
                {teacher.teacher_schedules.map((s) => (
                  <Group key={s.id} gap="xs" wrap="wrap">
                    <Text size="sm" fw={600} w={100}>
                      {weekdayLong(s.week_day)}
                    </Text>
                    {s.time_slots.map((slot) => (
                      <Badge key={slot.id} variant="light">
                        {optionLabel(t, 'timeOfDay', slot.time_of_day)}
                      </Badge>
                    ))}
                  </Group>
                ))}
                <Text size="sm" c="dimmed">
                  {t('teacher:profile.groupPreference')}
                </Text>
              </Stack>
            )}
          </Section>
          <Section name="verifications" title={t('teacher:profile.verifications')}>
            <Stack gap="xs">
              <Group gap="xs">
                <Text size="sm">{t('teacher:profile.status')}</Text>
                <Badge color={VERIFICATION[teacher.verification_status]?.color ?? 'gray'}>
                  {VERIFICATION[teacher.verification_status]
                    ? t(VERIFICATION[teacher.verification_status].labelKey)
                    : teacher.verification_status}
                </Badge>
              </Group>
              {/* The reason stays on the record once the teacher has fixed the documents (pending again):
                  it is only said while it still stands. */}
              {teacher.verification_status === 'rejected' && teacher.rejection_reason ? (
                <Text size="sm">{t('teacher:profile.reason', { reason: teacher.rejection_reason })}</Text>
              ) : null}
              <Text size="sm" fw={600}>
                {t('teacher:profile.documents')}
              </Text>
              {documentsOf(teacher).map((d) => (
                <Group key={d.key} justify="space-between" wrap="nowrap">
                  <Text size="sm">{t(d.labelKey)}</Text>
                  {d.url ? (
                    <Button
                      size="compact-sm"
                      variant="light"
                      loading={state.matches({ loaded: 'opening' })}
                      onClick={() => send({ type: 'document.open', url: d.url! })}
                      aria-label={t('teacher:profile.openDoc', { doc: t(d.labelKey) })}
                    >
                      {t('teacher:profile.open')}
                    </Button>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('teacher:profile.notUploaded')}
                    </Text>
                  )}
                </Group>
              ))}
              {documentError ? <ErrorBanner message={documentError} /> : null}
            </Stack>
          </Section>
        </>
      ) : null}
    </PageShell>
  );
}
