import type { InspectionEvent, Observer } from 'xstate';

/**
 * Live mode of the machine visualiser (issue 6): when a tester has switched it on in this browser
 * (localStorage 'machines:live' = '1'), every running flow publishes its snapshots on a
 * BroadcastChannel that the visualiser in another tab follows. Off by default: no cost for users.
 */
export const LIVE_CHANNEL = 'machines-live';
export const LIVE_FLAG = 'machines:live';

/** What a running flow publishes (and the visualiser's request for the current state). */
export type LiveMessage = {
  kind: 'snapshot';
  machineId: string;
  value: unknown;
  status?: string;
  /** The event that led here (absent for the first snapshot). */
  event?: string;
  context?: unknown;
  at: number;
};
export type LiveRequest = { kind: 'request'; machineId: string };

function plain(value: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(value ?? null));
  } catch {
    return null;
  }
}

export function liveInspector(machineId: string): Observer<InspectionEvent> | undefined {
  if (typeof window === 'undefined' || typeof BroadcastChannel === 'undefined') return undefined;
  if (localStorage.getItem(LIVE_FLAG) !== '1') return undefined;
  const channel = new BroadcastChannel(LIVE_CHANNEL);
  let last: LiveMessage | null = null;
  // A visualiser opened after the screen asks for the state the screen is in now.
  channel.onmessage = (message: MessageEvent<LiveRequest>) => {
    if (message.data?.kind === 'request' && message.data.machineId === machineId && last) {
      channel.postMessage(last);
    }
  };
  return {
    next(event) {
      // Only the root actor of the flow is followed.
      if (event.type === '@xstate.snapshot' && event.actorRef.sessionId === event.rootId) {
        const snapshot = event.snapshot as { value?: unknown; context?: unknown; status?: string };
        last = {
          kind: 'snapshot',
          machineId,
          value: snapshot.value,
          status: snapshot.status,
          event: event.event?.type === 'xstate.init' ? undefined : event.event?.type,
          context: plain(snapshot.context),
          at: Date.now(),
        };
        channel.postMessage(last);
      }
    },
  };
}
