import { entries as admin } from './admin';
import { entries as auth } from './auth';
import { entries as jobs } from './jobs';
import { entries as maintenance } from './maintenance';
import { entries as notifications } from './notifications';
import type { MachineEntry } from './registry';
import { entries as student } from './student';
import { entries as teacher } from './teacher';

export type { MachineEntry } from './registry';

/** Every machine of the product (tests fail when a machine file is missing here). */
export const machineRegistry: MachineEntry[] = [
  ...auth,
  ...teacher,
  ...student,
  ...jobs,
  ...admin,
  ...maintenance,
  ...notifications,
];

export function findMachine(name: string): MachineEntry | undefined {
  return machineRegistry.find((entry) => entry.name === name);
}
