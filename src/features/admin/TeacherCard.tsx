import { Anchor, Avatar, Badge, Card, Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import { Link } from 'wouter';
import type { TeacherRecord } from '../../../contract/structs/teacher';
import { clientConfig } from '../../lib/config';

const MODE_LABEL: Record<string, string> = { online: 'Online', offline: 'Offline', both: 'Online & Offline' };

export const photoUrl = (path: string | null) => (path ? `${clientConfig().apiBaseUrl}${path}` : undefined);

/**
 * One teacher of the admin list (docs/product.md#administration fallbacks; verified mark for verified teachers,
 * D9). The name links to the teacher's full record.
 */
export function TeacherCard({ teacher }: { teacher: TeacherRecord }) {
  const name = teacher.name?.trim() || 'Unnamed Teacher';
  const pref = teacher.teacher_preference;
  const subjects = teacher.subjects.length ? teacher.subjects.map((s) => s.name).join(', ') : 'No subjects';
  const experience = pref
    ? `${pref.prior_experience} ${pref.prior_experience === 1 ? 'year' : 'years'} experience`
    : null;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={name}>
      <Stack gap={6}>
        <Group wrap="nowrap" gap="sm">
          <Avatar src={photoUrl(teacher.profile_photo)} alt={name} radius="xl" color="blue">
            {name.charAt(0).toUpperCase()}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              {/* The name opens the teacher's full record; names and badges wrap, never cut. */}
              <Anchor
                component={Link}
                href={`/Admin_Teacher/${teacher.id}`}
                fw={600}
                style={{ overflowWrap: 'anywhere' }}
              >
                {name}
              </Anchor>
              {teacher.verified ? (
                <Badge color="green" variant="light" size="sm" aria-label="Verified teacher">
                  ✓ Verified
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {teacher.mobile_number} | {teacher.email}
            </Text>
          </div>
        </Group>
        <Text size="sm">{teacher.address?.trim() || 'No address'}</Text>
        <Text size="sm" c="dimmed">
          {[
            pref ? (MODE_LABEL[pref.teaching_mode] ?? pref.teaching_mode) : 'Teaching mode not set',
            experience,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        <Text size="sm">
          <Text span fw={500}>
            Subjects:
          </Text>{' '}
          {subjects}
        </Text>
        {!teacher.is_active ? (
          <Badge color="gray" variant="outline" size="sm">
            Inactive
          </Badge>
        ) : null}
      </Stack>
    </Card>
  );
}
