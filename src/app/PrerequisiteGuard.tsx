import { type ReactNode, useMemo } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { OnboardingProgress } from '../../contract/structs/auth';
import { routeGuardMachine } from '../../machines/auth/routeGuard';
import { knownProgress } from '../lib/progress';
import { useFlow } from '../lib/useFlow';
import { AppFrame } from './AppFrame';

const loadProgress = async (): Promise<OnboardingProgress> => {
  const progress = await (await import('../api/auth')).fetchGuardProgress();
  knownProgress.set(progress);
  return progress;
};

/**
 * A signed-in person's screen is checked against what the server says they completed; when a
 * prerequisite is missing they go to the step they need (machines/auth/routeGuard.ts). The screen is
 * held (the loading frame, announced as Loading) until the guard answers, so a screen the person may
 * not see never flashes; the answer is reused for the session (src/lib/progress.ts), so only the
 * first guarded screen waits for it. Mounted once per path.
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
  const [state] = useFlow(machine, { path, progress: knownProgress.get() });
  if (state.matches('redirecting')) return null;
  if (state.matches('checking') || state.matches('deciding')) return <AppFrame />;
  return <>{children}</>;
}
