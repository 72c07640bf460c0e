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
      'kept as a local draft on every change; a valid form is saved on the server and goes on to /jobdetails2 ' +
      "(a refusal shows the server's field errors or message).",
    machine: jobPersonalMachine,
    sampleEvents: {
      // The address completes the draft below (a submit before it fails); a short mobile number fails again.
      'field.change': [
        { field: 'address', value: '12 College Street, Kolkata' },
        { field: 'mobile_number', value: '98765' },
      ],
      'form.submit': {},
      'xstate.done.actor.saveDetails': { output: { id: 3 } },
      'xstate.error.actor.saveDetails': {
        error: {
          kind: 'response',
          status: 500,
          body: { message: 'Something went wrong' },
          message: 'Request failed',
        },
      },
    },
    // A returning job seeker's draft with everything but the address.
    sampleInput: {
      today: '2025-06-15',
      draft: {
        name: 'Rina Das',
        mobile_number: '9876543210',
        gender: 'female',
        date_of_birth: '2000-01-31',
        marital_status: 'single',
      },
    },
  },
  {
    name: 'jobEducation',
    title: 'Job seeker education',
    routes: ['/jobdetails2'],
    description:
      'Qualification, school name, year of passing (at most 4 years ahead) and a PDF resume (checked by its ' +
      "first bytes '%PDF'); Back returns to /jobdetails1 keeping the draft; a valid form is saved with its " +
      'resume on the server and goes on to /joblist.',
    machine: jobEducationMachine,
    sampleEvents: {
      'field.change': [
        { field: 'qualification', value: '5' },
        { field: 'school_name', value: 'Hindu School' },
        { field: 'year_of_passing', value: '2020' },
      ],
      'resume.select': { file: { name: 'resume.pdf', type: 'application/pdf', size: 2048 } },
      'form.submit': {},
      'form.back': {},
      // The resume's first bytes: '%PDF' (true), something else (false).
      'xstate.done.actor.resumeSignature': [{ output: true }, { output: false }],
      'xstate.error.actor.resumeSignature': { error: { message: 'The file could not be read' } },
      'xstate.done.actor.saveEducation': { output: { id: 1 } },
      'xstate.error.actor.saveEducation': {
        error: {
          kind: 'response',
          status: 422,
          body: { errors: { resume: ['Please upload PDF files only'] } },
          message: 'Request failed',
        },
      },
    },
    sampleInput: { today: '2025-06-15' },
  },
];
