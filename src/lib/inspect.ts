import type { InspectionEvent, Observer } from 'xstate';

/**
 * Live mode of the machine visualiser (issue 6): when a tester has switched it on in this browser
 * (localStorage 'machines:live' = '1'), every running flow publishes its snapshots on a
 * BroadcastChannel that the visualiser in another tab follows. Off by default: no cost for users.
 */
export const LIVE_CHANNEL = 'machines-live';
export const LIVE_FLAG = 'machines:live';

export function liveInspector(machineId: string): Observer<InspectionEvent> | undefined {
  if (typeof window === 'undefined' || typeof BroadcastChannel === 'undefined') return undefined;
  if (localStorage.getItem(LIVE_FLAG) !== '1') return undefined;
  const channel = new BroadcastChannel(LIVE_CHANNEL);
  return {
    next(event) {
      // Only the root actor of the flow is followed.
      if (event.type === '@xstate.snapshot' && event.actorRef.sessionId === event.rootId) {
        const snapshot = event.snapshot as { value?: unknown; context?: unknown; status?: string };
        try {
          channel.postMessage({
            machineId,
            value: snapshot.value,
            status: snapshot.status,
            event: event.event?.type,
            context: JSON.parse(JSON.stringify(snapshot.context ?? null)),
            at: Date.now(),
          });
        } catch {
          channel.postMessage({
            machineId,
            value: snapshot.value,
            status: snapshot.status,
            event: event.event?.type,
          });
        }
      }
    },
  };
}
