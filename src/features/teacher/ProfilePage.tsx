import '@mantine/core/styles/Badge.css';
import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { TIME_SLOTS, WEEKDAYS } from '../../../contract/constants';
import { TEACHER_DASHBOARD_MESSAGES as M } from '../../../contract/rules/teacher-dashboard';
import type { TeacherRecord } from '../../../contract/structs/teacher';
import { profileMachine } from '../../../machines/teacher/profile';
import { fetchDocumentBlobUrl, fetchMyTeacher } from '../../api/teachers';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageShell } from '../../components/PageShell';
import { SessionActions, SessionNav } from '../../components/SessionHeader';
import { useFlow } from '../../lib/useFlow';
import { PreferenceSummary, SubjectList, TeacherPhoto } from './TeacherParts';

/** Opens a private document in a new tab through an authenticated fetch (D8). */
async function openDocument(url: string) {
  // The tab is opened before the fetch so that pop-up blockers allow it.
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

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `section-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper p="md" withBorder component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function documentsOf(t: TeacherRecord) {
  const p = t.teacher_preference;
  return [
    { label: 'Aadhar card (masked)', url: t.aadhar_photo },
    { label: 'Marksheet (class 12)', url: p?.mark_sheet?.url ?? null },
    { label: 'Highest qualification certificate', url: p?.highest_qualification_certificate?.url ?? null },
    { label: 'Resume', url: p?.resume?.url ?? null },
  ];
}

const VERIFICATION: Record<string, { label: string; color: string }> = {
  pending: { label: 'Waiting for review', color: 'yellow' },
  verified: { label: 'Verified', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
};

/** The signed-in teacher's own profile (/profile, D9). */
export default function ProfilePage() {
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
    <PageShell title="My Profile" headerRight={<SessionActions />} nav={<SessionNav />} size="md">
      {state.matches('loading') ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading your profile" />
        </Group>
      ) : null}
      {state.matches('failed') ? (
        <ErrorBanner message={error} onRetry={() => send({ type: 'teacher.retry' })} retryLabel="Try Again" />
      ) : null}
      {teacher ? (
        <>
          <Section title="Account Details">
            <Group gap="md" wrap="nowrap" align="flex-start">
              <TeacherPhoto path={teacher.profile_photo} name={teacher.name} size={72} />
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600}>{teacher.name}</Text>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {teacher.email}
                </Text>
                <Text size="sm">Mobile: {teacher.mobile_number}</Text>
                {teacher.whatsapp_number ? <Text size="sm">WhatsApp: {teacher.whatsapp_number}</Text> : null}
                <Text size="sm">Date of birth: {teacher.date_of_birth}</Text>
                <Text size="sm">{teacher.address}</Text>
              </Stack>
            </Group>
          </Section>
          <Section title="Bio">
            <Stack gap="xs">
              {teacher.teacher_educational_qualification ? (
                <Text size="sm">
                  {[
                    teacher.teacher_educational_qualification.degree_name,
                    teacher.teacher_educational_qualification.subject_name,
                    teacher.teacher_educational_qualification.college_name,
                    teacher.teacher_educational_qualification.university_name,
                    teacher.teacher_educational_qualification.year_of_passing,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              ) : null}
              <SubjectList teacher={teacher} empty={M.noSubjects} />
              <PreferenceSummary teacher={teacher} />
            </Stack>
          </Section>
          <Section title="Date & Time Preferences">
            {teacher.teacher_schedules.length === 0 ? (
              <Text c="dimmed">No time slots chosen yet</Text>
            ) : (
              <Stack gap={6}>
                {teacher.teacher_schedules.map((s) => (
                  <Group key={s.id} gap="xs" wrap="wrap">
                    <Text size="sm" fw={600} w={100}>
                      {WEEKDAYS[s.week_day]}
                    </Text>
                    {s.time_slots.map((slot) => (
                      <Badge key={slot.id} variant="light">
                        {TIME_SLOTS.find((t) => t.value === slot.time_of_day)?.label ?? slot.time_of_day}
                      </Badge>
                    ))}
                  </Group>
                ))}
                <Text size="sm" c="dimmed">
                  Group preference: Any
                </Text>
              </Stack>
            )}
          </Section>
          <Section title="Verifications">
            <Stack gap="xs">
              <Group gap="xs">
                <Text size="sm">Status:</Text>
                <Badge color={VERIFICATION[teacher.verification_status]?.color ?? 'gray'}>
                  {VERIFICATION[teacher.verification_status]?.label ?? teacher.verification_status}
                </Badge>
              </Group>
              {teacher.rejection_reason ? <Text size="sm">Reason: {teacher.rejection_reason}</Text> : null}
              <Text size="sm" fw={600}>
                Government documents
              </Text>
              {documentsOf(teacher).map((d) => (
                <Group key={d.label} justify="space-between" wrap="nowrap">
                  <Text size="sm">{d.label}</Text>
                  {d.url ? (
                    <Button
                      size="compact-sm"
                      variant="light"
                      loading={state.matches({ loaded: 'opening' })}
                      onClick={() => send({ type: 'document.open', url: d.url! })}
                      aria-label={`Open ${d.label}`}
                    >
                      Open
                    </Button>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Not uploaded
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
