import type { MachineEntry } from '../registry';
import { maintenanceMachine } from './maintenance';

/** The maintenance page's machine, as the registry lists it. */
export const entries: MachineEntry[] = [
  {
    name: 'maintenance',
    title: 'Maintenance countdown',
    routes: ['/maintainance'],
    description:
      'Counts down to the configured end of maintenance (default: 25 April 2025, 18:00 India time), ' +
      'ticking every second, then shows that the site should be back.',
    machine: maintenanceMachine,
  },
];
