import type { MachineEntry } from '../registry';
import { jobEducationMachine } from './jobEducation';
import { jobPersonalMachine } from './jobPersonal';

/** This feature's machines, as the registry lists them. */
export const entries: MachineEntry[] = [
  {
    name: 'jobPersonal',
    title: 'Job seeker personal details',
    routes: ['/jobdetails1'],
    description:
      'Name, mobile, optional alternate number, gender, date of birth (18 or older), marital status and address, ' +
      'kept as a local draft on every change; a valid form goes on to /jobdetails2. No server call.',
    machine: jobPersonalMachine,
    sampleEvents: {
      'field.change': { field: 'name', value: 'Rina Das' },
      'form.submit': {},
    },
  },
  {
    name: 'jobEducation',
    title: 'Job seeker education',
    routes: ['/jobdetails2'],
    description:
      'Qualification, school name, year of passing (at most 4 years ahead) and a PDF resume (checked by its ' +
      "first bytes '%PDF'); Back returns to /jobdetails1 keeping the draft; a valid form goes on to /joblist.",
    machine: jobEducationMachine,
    sampleEvents: {
      'field.change': { field: 'school_name', value: 'Hindu School' },
      'resume.select': { file: { name: 'resume.pdf', type: 'application/pdf', size: 2048 } },
      'form.submit': {},
      'form.back': {},
    },
  },
];
