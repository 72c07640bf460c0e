import { useMachine } from '@xstate/react';
import { useState } from 'react';
import type { AnyStateMachine, InputFrom } from 'xstate';
import { liveInspector } from './inspect';

/**
 * How every screen runs its machine: `useMachine` plus the live-mode inspector, so QA can follow any
 * flow in the visualiser. Pass the machine already `.provide()`d with its actors and actions.
 */
export function useFlow<TMachine extends AnyStateMachine>(machine: TMachine, input?: InputFrom<TMachine>) {
  // One inspector (one channel) per screen, not one per render.
  const [inspect] = useState(() => liveInspector(machine.id));
  // biome-ignore lint/suspicious/noExplicitAny: useMachine's option types are conditional on the machine
  return useMachine(machine, { input, inspect } as any);
}
