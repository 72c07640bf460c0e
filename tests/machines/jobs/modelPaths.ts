import type { AnyStateMachine, EventFromLogic, EventObject, InputFrom, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';

/**
 * Model-based paths: the shortest event sequence to every state of the machine's graph (as
 * `serializeState` tells states apart), then one path per visible `signature` (what a user can see:
 * the state and its messages), so each visible situation is replayed once on a live actor. The
 * initial `xstate.init` step is left out: replays start from a started actor.
 */
export function modelPaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: {
    input?: unknown;
    events: EventObject[];
    serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
    signature: (snapshot: SnapshotFrom<TMachine>) => string;
  },
) {
  const paths = getShortestPaths(machine, {
    input: options.input as InputFrom<TMachine>,
    events: options.events as EventFromLogic<TMachine>[],
    // biome-ignore lint/suspicious/noExplicitAny: getShortestPaths' serializer types are generic over the logic
    ...(options.serializeState ? { serializeState: options.serializeState as any } : {}),
  }).map((path) => ({ ...path, steps: path.steps.filter((step) => step.event.type !== 'xstate.init') }));
  const bySignature = new Map<string, (typeof paths)[number]>();
  for (const path of paths) {
    const key = options.signature(path.state as SnapshotFrom<TMachine>);
    const known = bySignature.get(key);
    if (!known || path.steps.length < known.steps.length) bySignature.set(key, path);
  }
  return {
    all: paths,
    distinct: [...bySignature.entries()].map(([signature, path]) => ({ signature, path })),
  };
}
