import type { ReactNode } from 'react';
import { PageShell } from '../../components/PageShell';
import { SessionActions, SessionNav } from '../../components/SessionHeader';

/** The student screens' frame: logo header with the bell and Logout (D2), their links, title, content, support line. */
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
    <PageShell title={title} size={size} headerRight={<SessionActions />} nav={<SessionNav />}>
      {children}
    </PageShell>
  );
}
