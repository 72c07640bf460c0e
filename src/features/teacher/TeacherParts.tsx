import './messages';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { TeacherRecord } from '../../../contract/structs/teacher';
import { profilePhotoUrl } from '../../api/teachers';
import { formatNumber, subjectName, useTranslation } from '../../i18n';
import { optionLabel } from '../student/labels';

/**
 * The avatar shown without a photo, as a data URI (as the header's logo, src/lib/logo.ts): a file of
 * its own was the one asset a repeat visit asked the server for again (it has no hashed name).
 */
export const DEFAULT_AVATAR = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="#dee2e6"/><circle cx="32" cy="25" r="11" fill="#868e96"/><path d="M12 54c3-11 11-16 20-16s17 5 20 16" fill="#868e96"/></svg>',
)}`;

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

const MODE_KEYS: Record<string, string> = {
  online: 'teacher:mode.online',
  offline: 'teacher:mode.offline',
  both: 'teacher:mode.both',
};
const TYPE_KEYS: Record<string, string> = {
  individual: 'teacher:teachingType.individual',
  group: 'teacher:teachingType.group',
  both: 'teacher:teachingType.both',
};
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Subjects I Teach. */
export function SubjectList({ teacher, empty }: { teacher: TeacherRecord; empty: string }) {
  const { t } = useTranslation();
  if (!teacher.subjects.length) return <Text c="dimmed">{empty}</Text>;
  return (
    <Group gap="xs">
      {teacher.subjects.map((s) => (
        <Badge key={s.id} variant="light" size="lg">
          {subjectName(t, s.name)}
        </Badge>
      ))}
    </Group>
  );
}

/** Teaching preferences summary: mode, type, experience in years, radius in km. */
export function PreferenceSummary({ teacher }: { teacher: TeacherRecord }) {
  const { t } = useTranslation();
  const p = teacher.teacher_preference;
  if (!p) return null;
  const type = p.preferred_teaching_type;
  const rows: Array<[string, string]> = [
    [t('teacher:summary.mode'), MODE_KEYS[p.teaching_mode] ? t(MODE_KEYS[p.teaching_mode]) : p.teaching_mode],
    [t('teacher:summary.type'), TYPE_KEYS[type] ? t(TYPE_KEYS[type]) : capitalise(type)],
    [
      t('teacher:summary.experience'),
      t('teacher:summary.years', { count: p.prior_experience, years: formatNumber(p.prior_experience) }),
    ],
    [t('teacher:summary.radius'), t('teacher:summary.km', { km: formatNumber(p.teaching_radius_km) })],
    [t('teacher:summary.mediums'), p.preferred_medium.map((x) => optionLabel(t, 'medium', x)).join(', ')],
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
