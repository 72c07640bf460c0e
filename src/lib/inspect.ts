import type { InspectionEvent, Observer } from 'xstate';

/**
 * Live mode of the machine visualiser: when a tester has switched it on in this browser
 * (localStorage 'machines:live' = '1'), every running flow publishes what happens in it on a
 * BroadcastChannel that the visualiser in another tab follows: the flow's snapshots, every actor it
 * starts (invoked and spawned children too) with their states, and every event between them with its
 * payload. Each flow keeps its last messages and sends them again to a visualiser that joins later.
 * Off by default: no cost for users.
 */
export const LIVE_CHANNEL = 'machines-live';
export const LIVE_FLAG = 'machines:live';
/** How many messages a flow keeps for a visualiser that joins later. */
const KEEP = 300;

interface LiveBase {
  /** The registered machine (flow) the message comes from. */
  machineId: string;
  /** Unique per message: `<flow session>:<n>` (a replayed message keeps its key). */
  key: string;
  at: number;
}

/** A snapshot of the flow's root actor. */
export type LiveSnapshot = LiveBase & {
  kind: 'snapshot';
  value: unknown;
  status?: string;
  /** The event that led here (absent for the first snapshot). */
  event?: string;
  context?: unknown;
};

/** An actor of the flow: the root, an invoked or spawned child; its latest state when it is a machine. */
export type LiveActor = LiveBase & {
  kind: 'actor';
  actor: string;
  /** Its id (the invoke or spawn id, or the machine id for the root). */
  name: string;
  parent?: string;
  value?: unknown;
  status?: string;
};

/** An event delivered to an actor of the flow, with its payload. */
export type LiveEvent = LiveBase & {
  kind: 'event';
  /** Receiving actor (session id) and its name. */
  target: string;
  targetName: string;
  /** Sending actor, when an actor sent it (absent: the screen, a person). */
  source?: string;
  sourceName?: string;
  type: string;
  payload: unknown;
};

export type LiveMessage = LiveSnapshot | LiveActor | LiveEvent;
/** The visualiser's request for what flows kept ('*': every flow). */
export type LiveRequest = { kind: 'request'; machineId: string };

function plain(value: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(value ?? null));
  } catch {
    return null;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: actor refs are read for ids only
type AnyRef = any;

function nameOf(ref: AnyRef): string {
  if (!ref) return '?';
  // The flow's root actor by its machine's id (its own id is generated).
  if (!ref._parent && typeof ref.logic?.id === 'string') return ref.logic.id;
  if (typeof ref.id === 'string' && ref.id) return ref.id;
  return String(ref.sessionId ?? '?');
}

export function liveInspector(machineId: string): Observer<InspectionEvent> | undefined {
  if (typeof window === 'undefined' || typeof BroadcastChannel === 'undefined') return undefined;
  if (localStorage.getItem(LIVE_FLAG) !== '1') return undefined;
  const channel = new BroadcastChannel(LIVE_CHANNEL);
  const kept: LiveMessage[] = [];
  const session = Math.random().toString(36).slice(2, 10);
  let n = 0;
  const names = new Map<string, string>();
  const publish = (message: LiveMessage) => {
    kept.push(message);
    if (kept.length > KEEP) kept.shift();
    channel.postMessage(message);
  };
  const base = () => ({ machineId, key: `${session}:${++n}`, at: Date.now() });
  // A visualiser opened later asks for what happened so far.
  channel.onmessage = (message: MessageEvent<LiveRequest>) => {
    const request = message.data;
    if (request?.kind !== 'request' || (request.machineId !== machineId && request.machineId !== '*')) return;
    for (const m of kept) channel.postMessage(m);
  };
  return {
    next(event) {
      const ref: AnyRef = event.actorRef;
      const id: string = ref?.sessionId ?? '?';
      if (event.type === '@xstate.actor') {
        names.set(id, nameOf(ref));
        publish({ ...base(), kind: 'actor', actor: id, name: nameOf(ref), parent: ref?._parent?.sessionId });
        return;
      }
      if (event.type === '@xstate.event') {
        const source: AnyRef = (event as { sourceRef?: AnyRef }).sourceRef;
        const { type, ...payload } = (event.event ?? {}) as { type: string } & Record<string, unknown>;
        publish({
          ...base(),
          kind: 'event',
          target: id,
          targetName: names.get(id) ?? nameOf(ref),
          source: source?.sessionId,
          sourceName: source ? (names.get(source.sessionId) ?? nameOf(source)) : undefined,
          type,
          payload: plain(payload),
        });
        return;
      }
      if (event.type === '@xstate.snapshot') {
        const snapshot = event.snapshot as { value?: unknown; context?: unknown; status?: string };
        if (event.actorRef.sessionId === event.rootId) {
          publish({
            ...base(),
            kind: 'snapshot',
            value: snapshot.value,
            status: snapshot.status,
            event: event.event?.type === 'xstate.init' ? undefined : event.event?.type,
            context: plain(snapshot.context),
          });
        }
        publish({
          ...base(),
          kind: 'actor',
          actor: id,
          name: names.get(id) ?? nameOf(ref),
          parent: ref?._parent?.sessionId,
          value: plain(snapshot.value),
          status: snapshot.status,
        });
      }
    },
  };
}
