import { Anchor, Badge, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'wouter';
import { fromPromise } from 'xstate';
import { SCHOOL_BOARDS, TIME_SLOTS, WEEKDAYS } from '../../../contract/constants';
import { ADMIN_MESSAGES } from '../../../contract/rules/admin';
import { formatDate, formatDateTime } from '../../../contract/rules/common';
import { REQUEST_STATUS_LABELS } from '../../../contract/rules/request';
import type { AdminTeacherFile } from '../../../contract/structs/admin';
import { adminTeacherFileMachine } from '../../../machines/admin/adminTeacherFile';
import { fetchAdminTeacherFile, openPrivateDocument } from '../../api/admin';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useFlow } from '../../lib/useFlow';
import { TeacherPhoto } from '../teacher/TeacherParts';
import { AdminLayout, useAdminGuard } from './AdminLayout';

export const adminTeacherFileFlow = () =>
  adminTeacherFileMachine.provide({
    actors: { fetchTeacherFile: fromPromise(({ input }) => fetchAdminTeacherFile(input.teacherId)) },
  });

const MODE_LABELS: Record<string, string> = {
  online: 'Online',
  offline: 'Offline',
  both: 'Online & Offline',
};
const yesNo = (b: boolean) => (b ? 'Yes' : 'No');
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace(/_/g, ' ');
const slotLabel = (value: string) => TIME_SLOTS.find((t) => t.value === value)?.label ?? capitalise(value);
const NOT_GIVEN = 'Not given';

/** A titled card of label/value rows (a description list: each value is read with its label). */
function Facts({ title, rows }: { title: string; rows: Array<[string, ReactNode]> }) {
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
              {value === null || value === undefined || value === '' ? NOT_GIVEN : value}
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

function TeacherFile({ file }: { file: AdminTeacherFile }) {
  const t = file.teacher;
  const q = t.teacher_educational_qualification;
  const p = t.teacher_preference;
  const documents: Array<[string, string | null | undefined, string | undefined]> = [
    ['Aadhar card', t.aadhar_photo, undefined],
    ['Mark sheet', p?.mark_sheet?.url, p?.mark_sheet?.file_name],
    [
      'Highest qualification certificate',
      p?.highest_qualification_certificate?.url,
      p?.highest_qualification_certificate?.file_name,
    ],
    ['Resume', p?.resume?.url, p?.resume?.file_name],
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
                ✓ Verified
              </Badge>
            ) : (
              <Badge color="gray" variant="light">
                {capitalise(t.verification_status)}
              </Badge>
            )}
            <Badge color={t.is_active ? 'blue' : 'gray'} variant="outline">
              {t.is_active ? 'Active' : 'Inactive'}
            </Badge>
          </Group>
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Facts
          title="Personal details"
          rows={[
            ['Email', t.email],
            ['Mobile number', t.mobile_number],
            ['WhatsApp number', t.whatsapp_number],
            ['Alternative mobile', t.alt_mobile],
            ['Gender', capitalise(t.gender)],
            ['Date of birth', t.date_of_birth],
            ['Address', t.address],
            [
              'Location',
              t.latitude !== null && t.longitude !== null ? `${t.latitude}, ${t.longitude}` : null,
            ],
            ['Registered on', formatDate(t.created_at)],
            ['Verification', capitalise(t.verification_status)],
            ...(t.rejection_reason
              ? ([['Reason for rejection', t.rejection_reason]] as Array<[string, string]>)
              : []),
          ]}
        />
        <Section title="Documents">
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {documents.map(([label, url, fileName]) => (
              <li key={label}>
                {url ? (
                  <Anchor
                    component="button"
                    type="button"
                    onClick={() => void openPrivateDocument(url).catch(() => {})}
                  >
                    {label}
                    {fileName ? ` (${fileName})` : ''}
                  </Anchor>
                ) : (
                  <Text>
                    {label}:{' '}
                    <Text span c="dimmed">
                      not on file
                    </Text>
                  </Text>
                )}
              </li>
            ))}
          </Stack>
        </Section>
        <Facts
          title="Qualification"
          rows={
            q
              ? [
                  ['Highest qualification', q.degree_name],
                  ['Specialized subject', q.subject_name],
                  ['Year of passing', q.year_of_passing],
                  ['School name', q.school_name],
                  [
                    'School education board',
                    SCHOOL_BOARDS.find((b) => b.value === q.school_education_board)?.label ??
                      q.school_education_board,
                  ],
                  ['College name', q.college_name],
                  ['University', q.university_name],
                ]
              : [['Highest qualification', null]]
          }
        />
        <Facts
          title="Preferences"
          rows={[
            ['Subjects', t.subjects.map((s) => s.name).join(', ')],
            ...((p
              ? [
                  ['Teaching mode', MODE_LABELS[p.teaching_mode] ?? p.teaching_mode],
                  ['Teaching type', capitalise(p.preferred_teaching_type)],
                  ['Experience', `${p.prior_experience} ${p.prior_experience === 1 ? 'year' : 'years'}`],
                  ['Teaching radius', `${p.teaching_radius_km} km`],
                  ['Teaching location', p.teaching_location_preference],
                  ['Mediums', p.preferred_medium.map(capitalise).join(', ')],
                  ['Teaches at a school', yesNo(p.teaching_school)],
                  ['Specially-abled children', yesNo(p.special_need_children)],
                  ['Children needing special attention', yesNo(p.special_attention_children)],
                ]
              : [['Teaching mode', null]]) as Array<[string, ReactNode]>),
          ]}
        />
      </SimpleGrid>
      <Section title="Schedule">
        {t.teacher_schedules.length ? (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {t.teacher_schedules.map((s) => (
              <li key={s.id}>
                <Text span fw={500}>
                  {WEEKDAYS[s.week_day] ?? `Day ${s.week_day}`}:
                </Text>{' '}
                {s.time_slots.map((slot) => slotLabel(slot.time_of_day)).join(', ') || NOT_GIVEN}
              </li>
            ))}
          </Stack>
        ) : (
          <Text c="dimmed">No schedule yet.</Text>
        )}
      </Section>
      <Section title="Requests">
        {file.requests.length ? (
          <Table.ScrollContainer minWidth={520} tabIndex={0} aria-label="Requests table">
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Student</Table.Th>
                  <Table.Th>Subjects</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Mode</Table.Th>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Sent on</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {file.requests.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.student_name}</Table.Td>
                    <Table.Td>{r.subjects}</Table.Td>
                    <Table.Td>
                      {REQUEST_STATUS_LABELS[r.status as keyof typeof REQUEST_STATUS_LABELS] ?? r.status}
                    </Table.Td>
                    <Table.Td>{MODE_LABELS[r.mode_of_teaching] ?? r.mode_of_teaching}</Table.Td>
                    <Table.Td>{r.preferred_time.map(slotLabel).join(', ')}</Table.Td>
                    <Table.Td>{formatDate(r.created_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text c="dimmed">No requests yet.</Text>
        )}
      </Section>
      <Section title="Activity">
        {file.activity.length ? (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {file.activity.map((a) => (
              <li key={a.id}>
                <Text size="sm">
                  {capitalise(a.action)}
                  {a.details ? `: ${a.details}` : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(a.created_at)} · by{' '}
                  {a.actor_type === 'admin'
                    ? 'an administrator'
                    : a.actor_type === 'user'
                      ? 'the teacher'
                      : 'the system'}
                </Text>
              </li>
            ))}
          </Stack>
        ) : (
          <Text c="dimmed">No activity yet.</Text>
        )}
      </Section>
    </Stack>
  );
}

function TeacherFileView({ teacherId }: { teacherId: number }) {
  const [machine] = useState(adminTeacherFileFlow);
  const [snapshot, send] = useFlow(machine, { teacherId });
  const { file, error } = snapshot.context;
  return (
    <Stack gap="md">
      <Anchor component={Link} href="/Admin_Teacher">
        ← All teachers
      </Anchor>
      {snapshot.matches('loading') ? <Loader aria-label="Loading the teacher" /> : null}
      {snapshot.matches('notFound') ? <ErrorBanner message={ADMIN_MESSAGES.teacherNotFound} /> : null}
      {snapshot.matches('failure') && error ? (
        <ErrorBanner message={error} onRetry={() => send({ type: 'file.retry' })} />
      ) : null}
      {snapshot.matches('loaded') && file ? <TeacherFile file={file} /> : null}
    </Stack>
  );
}

/** /Admin_Teacher/:id: one teacher's full record, for administrators. */
export default function AdminTeacherFilePage() {
  const allowed = useAdminGuard();
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  if (!allowed) return null;
  return (
    <AdminLayout active="teachers" header={<Text fw={600}>Teacher record</Text>}>
      {Number.isInteger(id) && id > 0 ? (
        <TeacherFileView key={id} teacherId={id} />
      ) : (
        <ErrorBanner message={ADMIN_MESSAGES.teacherNotFound} />
      )}
    </AdminLayout>
  );
}
