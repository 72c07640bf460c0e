import { JobPosting } from '../../contract/structs/jobs';
import type { MachineEntry } from '../registry';
import { failure, LOAD_FAILURE, SAMPLE_MY_APPLICATIONS, SAMPLE_SEEKER_POSTING } from '../samples';
import { jobApplyMachine } from './jobApply';
import { jobEducationMachine } from './jobEducation';
import { jobListMachine } from './jobList';
import { jobPersonalMachine } from './jobPersonal';
import { myApplicationsMachine } from './myApplications';

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
        error: failure(500, { message: 'Something went wrong' }),
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
        error: failure(422, { errors: { resume: ['Please upload PDF files only'] } }),
      },
    },
    sampleInput: { today: '2025-06-15' },
  },
  {
    name: 'jobList',
    title: 'Job list',
    routes: ['/joblist'],
    description:
      'Open job postings, newest first, one server page at a time; the industry, district and employment type ' +
      'filters and the search reload page 1; Previous and Next move between pages; a failed load offers Try again.',
    machine: jobListMachine,
    sampleEvents: {
      'filter.change': { field: 'industry', value: 'school' },
      'search.change': { value: 'physics' },
      'search.submit': {},
      'page.next': {},
      'page.prev': {},
      'list.retry': {},
      // A first page with a next page, then a second page with a previous one.
      'xstate.done.actor.fetchPostings': [
        { output: { postings: [SAMPLE_SEEKER_POSTING], total: 2, next: 2, prev: null } },
        {
          output: {
            postings: [{ ...SAMPLE_SEEKER_POSTING, id: 12, title: 'Maths Tutor' }],
            total: 2,
            next: null,
            prev: 1,
          },
        },
      ],
      'xstate.error.actor.fetchPostings': LOAD_FAILURE,
    },
  },
  {
    name: 'jobApply',
    title: 'Job posting and applying',
    routes: ['/jobs/:id'],
    description:
      'A posting page: Apply (only while the posting takes applications and the job seeker has not applied) ' +
      'opens the application: an optional cover note and, optionally, a new PDF resume instead of the one on file; ' +
      "Send application; the server's refusals (already applied, closed) shown as it words them.",
    machine: jobApplyMachine,
    actorOutputs: { fetchPosting: JobPosting },
    sampleEvents: {
      'apply.open': {},
      'apply.cancel': {},
      'cover.change': { value: 'I have taught physics for five years.' },
      // A PDF, then a Word file (refused before sending).
      'resume.select': [
        { file: { name: 'new-cv.pdf', type: 'application/pdf', size: 2048 } },
        { file: { name: 'cv.docx', type: 'application/msword', size: 2048 } },
      ],
      'apply.submit': {},
      'posting.retry': {},
      'xstate.done.actor.fetchPosting': { output: SAMPLE_SEEKER_POSTING },
      'xstate.error.actor.fetchPosting': LOAD_FAILURE,
      'xstate.done.actor.submitApplication': { output: { id: 21 } },
      'xstate.error.actor.submitApplication': {
        error: failure(409, { error: 'conflict', message: 'You have already applied for this job' }),
      },
    },
    sampleInput: { postingId: 11 },
  },
  {
    name: 'myApplications',
    title: 'My applications',
    routes: ['/myapplications'],
    description:
      "The job seeker's applications with their status, note and history (their notifications are the " +
      "header's bell's); Refresh reloads; a failed load offers Try again. An application still in progress " +
      '(applied or shortlisted) can be withdrawn after a confirmation dialog; the list is read again. A ' +
      "withdrawal the server refuses because the application was decided meanwhile (409) reloads the list with the server's reason above it; " +
      'any other failure stays in the dialog.',
    machine: myApplicationsMachine,
    sampleEvents: {
      'list.refresh': {},
      'list.retry': {},
      // The application in progress (22) may be withdrawn; the decided one (21) may not.
      'withdraw.open': [{ id: 22 }, { id: 21 }],
      'withdraw.cancel': {},
      'withdraw.confirm': {},
      'xstate.done.actor.fetchApplications': { output: { applications: SAMPLE_MY_APPLICATIONS } },
      'xstate.error.actor.fetchApplications': LOAD_FAILURE,
      'xstate.done.actor.withdrawApplication': {
        output: { ...SAMPLE_MY_APPLICATIONS[0], status: 'withdrawn' },
      },
      'xstate.error.actor.withdrawApplication': [
        {
          error: failure(409, {
            error: 'conflict',
            message: 'This application has already been decided and can no longer be withdrawn',
          }),
        },
        LOAD_FAILURE,
      ],
    },
  },
];
