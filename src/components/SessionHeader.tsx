import { Anchor, Group } from '@mantine/core';
import { Link, useLocation } from 'wouter';
import { ROLE } from '../../contract/constants';
import { useTranslation } from '../i18n';
import { session } from '../lib/session';
import { LogoutButton } from './LogoutButton';
import { NotificationBell } from './NotificationBell';

/**
 * Each signed-in person's own places: teachers their dashboard and profile, students their requests
 * and the finder, job seekers the job list and their applications. `label` is a message key (common namespace).
 */
export function sessionLinks(roleId: number | null): Array<{ href: string; label: string }> {
  if (roleId === ROLE.teacher)
    return [
      { href: '/dashboard', label: 'common:nav.dashboard' },
      { href: '/profile', label: 'common:nav.profile' },
    ];
  if (roleId === ROLE.student)
    return [
      { href: '/requests', label: 'common:nav.requests' },
      { href: '/teacherfinder', label: 'common:nav.findTeachers' },
    ];
  if (roleId === ROLE.jobSeeker)
    return [
      { href: '/joblist', label: 'common:nav.jobs' },
      { href: '/myapplications', label: 'common:nav.applications' },
    ];
  return [];
}

/** Header right side for signed-in screens: the notifications bell and Logout. */
export function SessionActions({ children }: { children?: React.ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {children}
      {session.token() ? <NotificationBell /> : null}
      <LogoutButton />
    </Group>
  );
}

/** The row of links under the header (a nav landmark), the current page marked. */
export function SessionNav() {
  const [location] = useLocation();
  const { t } = useTranslation();
  const links = sessionLinks(session.roleId());
  if (!links.length || !session.token()) return null;
  return (
    <Group component="nav" aria-label={t('common:nav.label')} gap="md" px="md" py={6}>
      {links.map((l) => (
        <Anchor
          key={l.href}
          component={Link}
          href={l.href}
          size="sm"
          fw={location === l.href ? 700 : 500}
          aria-current={location === l.href ? 'page' : undefined}
        >
          {t(l.label)}
        </Anchor>
      ))}
    </Group>
  );
}
