import type { AnyStateMachine } from 'xstate';

/**
 * What the machine registry (machines/index.ts) knows of each machine: QA's visualiser, the generated
 * docs and the model-based tests all read it.
 */
export interface MachineEntry {
  /** URL-safe name: /__machines/<name>, docs/machines/<name>.md. Equals the machine's id. */
  name: string;
  title: string;
  /** Routes where the machine runs. */
  routes: string[];
  description: string;
  machine: AnyStateMachine;
  /** Sample payloads per event type, for walking the machine by hand. */
  sampleEvents?: Record<string, Record<string, unknown>>;
}
