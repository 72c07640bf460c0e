import type { ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { loginWithReturn } from '../lib/return-path';
import { session } from '../lib/session';

/**
 * A screen that needs a session: a signed-out visitor (or one who pressed Back after Logout) goes
 * to / with the path to return to after login, replacing this history entry.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  if (!session.token()) return <Redirect to={loginWithReturn(location)} replace />;
  return <>{children}</>;
}
