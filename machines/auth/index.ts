import type { MachineEntry } from '../registry';

/** This feature's machines, as the registry lists them. */
export const entries: MachineEntry[] = [];
