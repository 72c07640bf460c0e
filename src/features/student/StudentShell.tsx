import type { ReactNode } from 'react';
import { LogoutButton } from '../../components/LogoutButton';
import { PageShell } from '../../components/PageShell';

/** The student screens' frame: logo header with Logout (D2), title, content, support line. */
export function StudentShell({
  title,
  children,
  size,
}: {
  title: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md';
}) {
  return (
    <PageShell title={title} size={size} headerRight={<LogoutButton />}>
      {children}
    </PageShell>
  );
}
