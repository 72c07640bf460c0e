import type { EventObject } from 'xstate';
import type { MachineEntry } from '../../../machines/registry';
import { startWalk, trySend, tryStartWalk, type WalkSetup, type WalkState } from './walker';

/**
 * A walk as a link: `/__machines/<name>?input=<JSON>&clock=<ISO>&events=<JSON array>`. The events are
 * the ones the walk sent, payloads included, so opening the link replays them (the walk is pure and
 * its fake clock moves only with delays, so it ends in the same state with the same context).
 */
export function walkSearch(walk: WalkState): string {
  const params = new URLSearchParams();
  if (walk.setup?.input !== undefined) params.set('input', JSON.stringify(walk.setup.input));
  if (walk.setup?.clock) params.set('clock', walk.setup.clock);
  if (walk.steps.length) params.set('events', JSON.stringify(walk.steps.map((s) => s.event)));
  const query = params.toString();
  return query ? `?${query}` : '';
}

function parseParam(params: URLSearchParams, name: string): { value?: unknown; error?: string } {
  const text = params.get(name);
  if (text === null) return {};
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { error: `The link's ${name} is not valid JSON: ${(error as Error).message}` };
  }
}

/**
 * The walk a link describes, replayed step by step with the visualiser's own code. A link that does
 * not fit the machine (bad JSON, an event the machine refuses) opens as far as it fits and says why.
 */
export function walkFromSearch(entry: MachineEntry, search: string): { walk: WalkState; error?: string } {
  const params = new URLSearchParams(search);
  const setup: WalkSetup = {};
  const input = parseParam(params, 'input');
  if (input.error) return { walk: startWalk(entry), error: input.error };
  if (params.has('input')) setup.input = input.value;
  const clock = params.get('clock');
  if (clock) setup.clock = clock;
  const started = tryStartWalk(entry, setup);
  if (started.error !== undefined) return { walk: startWalk(entry), error: started.error };
  let walk = started.walk;
  const events = parseParam(params, 'events');
  if (events.error) return { walk, error: events.error };
  if (events.value === undefined) return { walk };
  if (!Array.isArray(events.value)) return { walk, error: "The link's events are not a list." };
  for (const [i, event] of events.value.entries()) {
    const type = (event as EventObject | null)?.type;
    if (!event || typeof event !== 'object' || typeof type !== 'string')
      return { walk, error: `The link's step ${i + 1} is not an event (an object with a type).` };
    const result = trySend(entry, walk, event as EventObject);
    if (result.error !== undefined)
      return { walk, error: `The link's step ${i + 1} (${type}) was refused: ${result.error}` };
    walk = result.walk;
  }
  return { walk };
}
