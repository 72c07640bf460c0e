import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { PRODUCT_NAME } from '../../../contract/constants';
import { hasAdminSession } from '../../api/admin';
import { setUnauthorizedHandler } from '../../api/client';
import { LogoutButton } from '../../components/LogoutButton';
import { session } from '../../lib/session';

const ADMIN_PATHS = ['/admin', '/Admin', '/Admin_Teacher'];

/**
 * D3: without an administrator session the admin routes go to /adminsignin. The server checks every
 * call as well; a 401 there (expired or revoked session) also ends on /adminsignin.
 */
export function useAdminGuard(): boolean {
  const [, navigate] = useLocation();
  const allowed = hasAdminSession();
  useEffect(() => {
    if (!allowed) navigate('/adminsignin', { replace: true });
  }, [allowed, navigate]);
  useEffect(() => {
    setUnauthorizedHandler(() => {
      session.clear();
      const path = window.location.pathname;
      if (ADMIN_PATHS.includes(path)) window.location.assign('/adminsignin');
      else if (path !== '/') window.location.assign('/');
    });
  }, []);
  return allowed;
}

const NAV = [
  { key: 'dashboard', label: 'Dashboard', href: '/admin' },
  { key: 'teachers', label: 'Teachers', href: '/Admin_Teacher' },
] as const;

/** Sidebar (a top bar on phones), header with Logout, the page, and an optional right panel. */
export function AdminLayout({
  active,
  header,
  children,
  aside,
}: {
  active: (typeof NAV)[number]['key'];
  header?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <Box mih="100dvh" bg="gray.0" className="admin-layout">
      <style>{`
        .admin-layout { display: grid; grid-template-columns: 1fr; }
        .admin-layout__nav { display: flex; gap: 4px; flex-wrap: wrap; }
        @media (min-width: 64em) {
          .admin-layout { grid-template-columns: 200px 1fr ${aside ? '300px' : ''}; }
          .admin-layout__nav { flex-direction: column; }
          .admin-layout__side { min-height: 100dvh; }
        }
      `}</style>
      <Box component="nav" aria-label="Admin" bg="blue.9" p="md" className="admin-layout__side">
        <Stack gap="md">
          <Text fw={700} c="white">
            {PRODUCT_NAME} Admin
          </Text>
          <div className="admin-layout__nav">
            {NAV.map((item) => (
              <Anchor
                key={item.key}
                component={Link}
                href={item.href}
                c="white"
                fw={item.key === active ? 700 : 400}
                aria-current={item.key === active ? 'page' : undefined}
                px="sm"
                py={6}
                style={{
                  borderRadius: 6,
                  background: item.key === active ? 'rgba(255,255,255,0.18)' : undefined,
                }}
              >
                {item.label}
              </Anchor>
            ))}
          </div>
        </Stack>
      </Box>
      <Box component="main" p="md" miw={0}>
        <Stack gap="lg">
          <Group justify="space-between" wrap="wrap-reverse" gap="sm">
            <div style={{ minWidth: 0 }}>{header}</div>
            <LogoutButton to="/adminsignin" />
          </Group>
          {children}
        </Stack>
      </Box>
      {aside ? (
        <Box
          component="aside"
          p="md"
          miw={0}
          bg="white"
          style={{ borderLeft: '1px solid var(--mantine-color-gray-3)' }}
        >
          {aside}
        </Box>
      ) : null}
    </Box>
  );
}
