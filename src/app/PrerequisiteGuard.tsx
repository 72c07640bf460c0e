import { type ReactNode, useMemo } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { OnboardingProgress } from '../../contract/structs/auth';
import { routeGuardMachine } from '../../machines/auth/routeGuard';
import { useFlow } from '../lib/useFlow';

const loadProgress = async (): Promise<OnboardingProgress> => (await import('../api/auth')).fetchProgress();

/**
 * A signed-in person's screen is checked against what the server says they completed; when a
 * prerequisite is missing they go to the step they need (machines/auth/routeGuard.ts). The screen
 * starts loading meanwhile (the check never delays a screen that may show: its first call and the
 * check run side by side). Mounted once per path.
 */
export function PrerequisiteGuard({ path, children }: { path: string; children: ReactNode }) {
  const [, navigate] = useLocation();
  const machine = useMemo(
    () =>
      routeGuardMachine.provide({
        actors: { fetchProgress: fromPromise(loadProgress) },
        actions: { navigate: (_, { route }) => navigate(route, { replace: true }) },
      }),
    [navigate],
  );
  const [state] = useFlow(machine, { path });
  if (state.matches('redirecting')) return null;
  return <>{children}</>;
}
