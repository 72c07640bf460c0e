import './messages';
import { Anchor, Avatar, Badge, Card, Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import { Link } from 'wouter';
import type { TeacherRecord } from '../../../contract/structs/teacher';
import { formatDigits, formatNumber, subjectNames, useTranslation } from '../../i18n';
import { clientConfig } from '../../lib/config';
import { EmailAddress } from './EmailAddress';

const MODE_KEYS: Record<string, string> = {
  online: 'admin:card.mode.online',
  offline: 'admin:card.mode.offline',
  both: 'admin:card.mode.both',
};

export { EmailAddress };

export const photoUrl = (path: string | null) => (path ? `${clientConfig().apiBaseUrl}${path}` : undefined);

/**
 * One teacher of the admin list (docs/product.md#administration fallbacks; verified mark for verified teachers,
 * D9). The name links to the teacher's full record.
 */
export function TeacherCard({ teacher }: { teacher: TeacherRecord }) {
  const { t } = useTranslation();
  const name = teacher.name?.trim() || t('admin:card.unnamed');
  const pref = teacher.teacher_preference;
  const subjects = teacher.subjects.length ? subjectNames(t, teacher.subjects) : t('admin:card.noSubjects');
  const experience = pref
    ? t('admin:card.experience', {
        count: pref.prior_experience,
        formatted: formatNumber(pref.prior_experience),
      })
    : null;
  const modeKey = pref ? MODE_KEYS[pref.teaching_mode] : undefined;
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
                <Badge color="green" variant="light" size="sm" aria-label={t('admin:card.verifiedTeacher')}>
                  {t('admin:card.verified')}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {formatDigits(teacher.mobile_number ?? '')} | <EmailAddress address={teacher.email} />
            </Text>
          </div>
        </Group>
        <Text size="sm">{teacher.address?.trim() || t('admin:card.noAddress')}</Text>
        <Text size="sm" c="dimmed">
          {[pref ? (modeKey ? t(modeKey) : pref.teaching_mode) : t('admin:card.modeNotSet'), experience]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        <Text size="sm">
          <Text span fw={500}>
            {t('admin:card.subjects')}
          </Text>{' '}
          {subjects}
        </Text>
        {!teacher.is_active ? (
          <Badge color="gray" variant="outline" size="sm">
            {t('admin:card.inactive')}
          </Badge>
        ) : null}
      </Stack>
    </Card>
  );
}
