import { Badge, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { TeacherRecord } from '../../../contract/structs/teacher';
import { profilePhotoUrl } from '../../api/teachers';

export const DEFAULT_AVATAR = '/default-avatar.svg';

/** The profile photo from the API host plus profile_photo; the default avatar when it fails to load. */
export function TeacherPhoto({
  path,
  name,
  size = 40,
}: {
  path: string | null;
  name: string;
  size?: number;
}) {
  const [failed, setFailed] = useState(false);
  const src = !failed && profilePhotoUrl(path) ? profilePhotoUrl(path)! : DEFAULT_AVATAR;
  return (
    <img
      src={src}
      alt={name}
      width={size}
      height={size}
      style={{ borderRadius: '50%', objectFit: 'cover', background: 'var(--mantine-color-gray-2)' }}
      onError={() => setFailed(true)}
    />
  );
}

const MODE_LABELS: Record<string, string> = {
  online: 'Online',
  offline: 'Offline',
  both: 'Online & Offline',
};
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Subjects I Teach. */
export function SubjectList({ teacher, empty }: { teacher: TeacherRecord; empty: string }) {
  if (!teacher.subjects.length) return <Text c="dimmed">{empty}</Text>;
  return (
    <Group gap="xs">
      {teacher.subjects.map((s) => (
        <Badge key={s.id} variant="light" size="lg">
          {s.name}
        </Badge>
      ))}
    </Group>
  );
}

/** Teaching preferences summary: mode, type, experience in years, radius in km. */
export function PreferenceSummary({ teacher }: { teacher: TeacherRecord }) {
  const p = teacher.teacher_preference;
  if (!p) return null;
  const rows: Array<[string, string]> = [
    ['Mode', MODE_LABELS[p.teaching_mode] ?? p.teaching_mode],
    ['Type', capitalise(p.preferred_teaching_type)],
    ['Experience', `${p.prior_experience} years`],
    ['Radius', `${p.teaching_radius_km} km`],
    ['Mediums', p.preferred_medium.map(capitalise).join(', ')],
  ];
  return (
    <Stack gap={4}>
      {rows.map(([label, value]) => (
        <Group key={label} gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" w={90}>
            {label}
          </Text>
          <Text size="sm">{value}</Text>
        </Group>
      ))}
    </Stack>
  );
}
