import './messages';
import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { PRODUCT_NAME } from '../../../contract/constants';
import { hasAdminSession } from '../../api/admin';
import { setUnauthorizedHandler } from '../../api/client';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { LogoutButton } from '../../components/LogoutButton';
import { useTranslation } from '../../i18n';
import { session } from '../../lib/session';

const ADMIN_PATHS = ['/admin', '/Admin', '/Admin_Teacher', '/admin/jobs'];

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
      if (ADMIN_PATHS.includes(path) || path.startsWith('/Admin_Teacher/') || path.startsWith('/admin/'))
        window.location.assign('/adminsignin');
      else if (path !== '/') window.location.assign('/');
    });
  }, []);
  return allowed;
}

const NAV = [
  { key: 'dashboard', label: 'admin:layout.dashboard', href: '/admin' },
  { key: 'teachers', label: 'admin:layout.teachers', href: '/Admin_Teacher' },
  { key: 'jobs', label: 'admin:layout.jobs', href: '/admin/jobs' },
] as const;

/** The layout's grid (a literal style sheet, not a text people read). */
const layoutCss = (side: boolean) => `
        .admin-layout { display: flex; flex-direction: column; }
        .admin-layout__nav { display: flex; gap: 4px; flex-wrap: wrap; }
        .admin-layout__side a:focus-visible { outline: 2px solid var(--mantine-color-white); outline-offset: 2px; }
        .admin-layout__panel { background: var(--mantine-color-white); }
        @media (min-width: 64em) {
          .admin-layout {
            display: grid;
            grid-template-columns: 200px minmax(0, 1fr) ${side ? '300px' : ''};
            grid-template-rows: auto auto 1fr;
            grid-template-areas: ${
              side
                ? '"nav header lead" "nav main lead" "nav main aside"'
                : '"nav header" "nav main" "nav main"'
            };
          }
          .admin-layout__nav { flex-direction: column; }
          .admin-layout__side { grid-area: nav; min-height: 100dvh; }
          .admin-layout__header { grid-area: header; }
          .admin-layout__main { grid-area: main; }
          .admin-layout__lead { grid-area: lead; }
          .admin-layout__aside { grid-area: aside; }
          .admin-layout__panel { border-left: 1px solid var(--mantine-color-gray-3); }
        }
      `;

/**
 * Sidebar (a top bar on phones), header with Logout, the page, and optional side panels. On a
 * phone everything is one column in reading order: navigation, header, `lead` (what needs the
 * administrator first, e.g. Teacher Approvals), the page, then `aside`. From 64em the navigation is
 * a left column and `lead` above `aside` a right column. The order of the markup is the phone's
 * order, so keyboard and screen-reader order follow what is seen.
 */
export function AdminLayout({
  active,
  header,
  children,
  lead,
  aside,
}: {
  active: (typeof NAV)[number]['key'];
  header?: ReactNode;
  children: ReactNode;
  lead?: ReactNode;
  aside?: ReactNode;
}) {
  const { t } = useTranslation();
  const side = Boolean(lead || aside);
  return (
    <Box mih="100dvh" bg="gray.0" className="admin-layout">
      <style>{layoutCss(side)}</style>
      <Box
        component="nav"
        aria-label={t('admin:layout.nav')}
        bg="blue.9"
        p="md"
        className="admin-layout__side"
      >
        <Stack gap="md">
          <Text fw={700} c="white">
            {t('admin:layout.brand', { product: PRODUCT_NAME })}
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
                  // Darker than the bar, so white text keeps its contrast (4.5:1 or more).
                  background: item.key === active ? 'rgba(0, 0, 0, 0.3)' : undefined,
                }}
              >
                {t(item.label)}
              </Anchor>
            ))}
          </div>
        </Stack>
      </Box>
      <Box component="header" px="md" pt="md" miw={0} className="admin-layout__header">
        <Group justify="space-between" wrap="wrap-reverse" gap="sm">
          <div style={{ minWidth: 0 }}>{header}</div>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitcher />
            <LogoutButton to="/adminsignin" />
          </Group>
        </Group>
      </Box>
      {lead ? (
        <Box p="md" miw={0} className="admin-layout__lead admin-layout__panel">
          {lead}
        </Box>
      ) : null}
      <Box component="main" p="md" miw={0} className="admin-layout__main">
        {children}
      </Box>
      {aside ? (
        <Box component="aside" p="md" miw={0} className="admin-layout__aside admin-layout__panel">
          {aside}
        </Box>
      ) : null}
    </Box>
  );
}
