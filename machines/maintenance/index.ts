import { DEFAULT_MAINTENANCE_UNTIL } from '../../contract/constants';
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
    // The page's default end; the walk's clock starts three seconds before it (three ticks to go).
    sampleInput: { until: DEFAULT_MAINTENANCE_UNTIL },
    fakeClock: { inputField: 'clock', startAt: '2025-04-25T17:59:57+05:30' },
  },
];
