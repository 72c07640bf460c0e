import { Anchor, Group } from '@mantine/core';
import { Link, useLocation } from 'wouter';
import { ROLE } from '../../contract/constants';
import { session } from '../lib/session';
import { LogoutButton } from './LogoutButton';
import { NotificationBell } from './NotificationBell';

/** Each signed-in person's own places: teachers their dashboard and profile, students their requests and the finder. */
export function sessionLinks(roleId: number | null): Array<{ href: string; label: string }> {
  if (roleId === ROLE.teacher)
    return [
      { href: '/dashboard', label: 'Dashboard' },
      { href: '/profile', label: 'Profile' },
    ];
  if (roleId === ROLE.student)
    return [
      { href: '/requests', label: 'Requests' },
      { href: '/teacherfinder', label: 'Find teachers' },
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
  const links = sessionLinks(session.roleId());
  if (!links.length || !session.token()) return null;
  return (
    <Group component="nav" aria-label="Your pages" gap="md" px="md" py={6}>
      {links.map((l) => (
        <Anchor
          key={l.href}
          component={Link}
          href={l.href}
          size="sm"
          fw={location === l.href ? 700 : 500}
          aria-current={location === l.href ? 'page' : undefined}
        >
          {l.label}
        </Anchor>
      ))}
    </Group>
  );
}
