import { TeacherStudentRequest } from '../../contract/structs/request';
import { listOf, type MachineEntry } from '../registry';
import { studentEducationMachine } from './studentEducation';
import { studentPersonalMachine } from './studentPersonal';
import { studentRequestsMachine } from './studentRequests';
import { subjectRequestMachine } from './subjectRequest';
import { teacherFinderMachine } from './teacherFinder';

const row = (over: Record<string, unknown>) => ({
  id: 11,
  student_id: 7,
  teacher_id: null,
  parent_request_id: null,
  subject_ids: [1],
  subjects: [{ id: 1, name: 'Physics' }],
  status: 'request_send',
  mode_of_teaching: 'online',
  preferred_group: 'individual',
  preferred_medium: 'english',
  teacher_assignment_preference: 'multiple',
  preferred_time: ['morning'],
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:00:00.000Z',
  status_changed_at: null,
  accepted_at: null,
  decline_reason: null,
  student: { id: 7, name: 'Riya Sen' },
  teacher: null,
  ...over,
});
/** An open request sent to two teachers (one accepted, one declined with a reason) and a cancelled one. */
const sampleRequests = [
  row({}),
  row({
    id: 21,
    teacher_id: 1,
    parent_request_id: 11,
    status: 'accepted',
    accepted_at: '2026-11-20T10:00:00.000Z',
    status_changed_at: '2026-11-20T10:00:00.000Z',
    teacher: {
      id: 1,
      name: 'Anita Roy',
      contact: {
        mobile_number: '9876543210',
        whatsapp_url: 'https://wa.me/919876543210',
        email: 'anita@example.com',
      },
    },
  }),
  row({
    id: 22,
    teacher_id: 2,
    parent_request_id: 11,
    status: 'declined',
    status_changed_at: '2026-11-20T11:00:00.000Z',
    decline_reason: 'My schedule is full right now',
    teacher: { id: 2, name: 'Bikash Pal', contact: null },
  }),
  row({ id: 12, status: 'cancelled', subjects: [{ id: 2, name: 'Mathematics' }], subject_ids: [2] }),
];

/** Two of three matching teachers: one to connect with, one already contacted (then the third). */
const firstMatchPage = {
  data: [
    { teacher: { id: 1, name: 'Anita Roy' }, connection: null },
    { teacher: { id: 2, name: 'Bikash Pal' }, connection: { id: 30, status: 'accepted' } },
  ],
  teacher_count: 3,
  page: 1,
  request: { id: 11, subjects: [{ id: 1, name: 'Physics' }] },
  using_distance: true,
  max_results: 100,
};
/** An online-only request while online teaching is not offered (nobody can match). */
const onlineOnlyPage = {
  data: [],
  teacher_count: 0,
  page: 1,
  request: { id: 11, subjects: [{ id: 1, name: 'Physics' }] },
  mode_unavailable: true,
};

/** This feature's machines, as the registry lists them. */
export const entries: MachineEntry[] = [
  {
    name: 'studentPersonal',
    title: 'Student personal details',
    routes: ['/studentdetails1'],
    description:
      'Finds an existing student record, keeps a draft per user, validates (contract/rules/student.ts), creates or updates the student, then /studentdetails2.',
    machine: studentPersonalMachine,
    sampleEvents: {
      // The address completes the draft below; a short mobile number breaks it again.
      'field.change': [
        { field: 'address', value: '5 Park Street, Kolkata 700016' },
        { field: 'mobile_number', value: '98300' },
      ],
      'form.submit': {},
      // No record yet, or an existing one (then Next updates it).
      'xstate.done.actor.findStudent': [
        { output: null },
        {
          output: {
            id: 7,
            name: 'Riya Sen',
            mobile_number: '9830012345',
            gender: 'female',
            date_of_birth: '12/03/2009',
            marital_status: 'single',
            address: '5 Park Street, Kolkata 700016',
            guardian_number: '',
          },
        },
      ],
      'xstate.error.actor.findStudent': {
        error: { kind: 'response', status: 500, body: { message: 'Server error' }, message: 'Server error' },
      },
      'xstate.done.actor.saveStudent': { output: { id: 7 } },
      'xstate.error.actor.saveStudent': {
        error: {
          kind: 'response',
          status: 422,
          body: {
            errors: { mobile_number: ['Invalid mobile number (10 digits required)'] },
            message: 'Validation failed',
          },
          message: 'Validation failed',
        },
      },
    },
    // A signed-in student with a draft of everything but the address.
    sampleInput: {
      userId: 42,
      today: '2025-06-01',
      draft: {
        name: 'Riya Sen',
        mobile_number: '9830012345',
        gender: 'female',
        date_of_birth: '2009-03-12',
        marital_status: 'single',
      },
    },
  },
  {
    name: 'studentEducation',
    title: 'Student education',
    routes: ['/studentdetails2'],
    description:
      'School / College / University / Working with conditional fields; maps to degree ids 3, 5, 6, 7; saves the qualification, then /subject.',
    machine: studentEducationMachine,
    sampleEvents: {
      // The class completes the School draft below.
      'field.change': { field: 'class_standard', value: 'Class 10' },
      'form.submit': {},
      'xstate.done.actor.findStudent': [
        { output: { studentId: 7, qualification: null } },
        { output: { studentId: null, qualification: null } },
      ],
      'xstate.error.actor.findStudent': {
        error: { kind: 'response', status: 500, body: { message: 'Server error' }, message: 'Server error' },
      },
      'xstate.done.actor.saveQualification': { output: { id: 3 } },
      'xstate.error.actor.saveQualification': {
        error: {
          kind: 'response',
          status: 422,
          body: { errors: { school_name: ['School name is too long'] }, message: 'Validation failed' },
          message: 'Validation failed',
        },
      },
    },
    // A draft: at school, the school's name typed, the class not yet.
    sampleInput: { draft: { education_type: 'School', school_name: 'South Point' } },
  },
  {
    name: 'subjectRequest',
    title: 'Subject request',
    routes: ['/subject'],
    description:
      'Subjects (or the five samples when they cannot load), search and chips, Add Subject (pending review, only this student sees it), preference radios, an optional location for matching by distance, Explore Teachers creates the request and goes to /teacherfinder. The subjects and preferences of a new request are kept as a draft on the device (a reload keeps them) until it is sent. Change request (with a request id) loads that request into the form and saves it with PUT.',
    machine: subjectRequestMachine,
    actorOutputs: { loadRequest: TeacherStudentRequest },
    sampleEvents: {
      // A new subject, and one that differs from an existing one only by its spaces (a duplicate).
      'search.change': [{ value: 'Chemistry' }, { value: 'computer  science' }],
      'subject.toggle': { subject: { id: 1, name: 'Physics' } },
      'subject.add': {},
      'preference.change': { field: 'mode_of_teaching', value: 'both' },
      'form.submit': {},
      'xstate.done.actor.loadSubjects': [
        {
          output: [
            { id: 1, name: 'Physics' },
            { id: 2, name: 'Mathematics' },
            { id: 3, name: 'Computer Science' },
          ],
        },
        { output: [] },
      ],
      'xstate.error.actor.loadSubjects': {
        error: { kind: 'no_response', status: null, body: null, message: 'Network Error' },
      },
      // A subject the student adds waits for an administrator's review (only they see it meanwhile).
      'xstate.done.actor.createSubject': { output: { id: 9, name: 'Chemistry', status: 'pending' } },
      'location.request': {},
      'location.clear': {},
      'xstate.done.actor.locate': { output: { latitude: 22.5726, longitude: 88.3639 } },
      // Refused (code 1), or the device could not tell (timeout, code 3).
      'xstate.error.actor.locate': [
        { error: { code: 1, message: 'User denied Geolocation' } },
        { error: { code: 3, message: 'Timeout expired' } },
      ],
      'xstate.error.actor.createSubject': {
        error: {
          kind: 'response',
          status: 409,
          body: {
            error: 'Subject "Chemistry" already exists',
            message: 'Subject "Chemistry" already exists',
          },
          message: 'Request failed',
        },
      },
      'xstate.done.actor.submitRequest': [{ output: { id: 55 } }, { output: { id: null } }],
      // 'Change request': the open request fills the form; a cancelled one can no longer change.
      'xstate.done.actor.loadRequest': [
        { output: row({ subjects: [{ id: 2, name: 'Mathematics' }], preferred_medium: 'bengali' }) },
        { output: row({ status: 'cancelled' }) },
      ],
      'xstate.error.actor.loadRequest': {
        error: { kind: 'no_response', status: null, body: null, message: 'Network Error' },
      },
      'change.retry': {},
      'change.abandon': {},
      'xstate.done.actor.updateRequest': { output: {} },
      'xstate.error.actor.updateRequest': {
        error: {
          kind: 'response',
          status: 409,
          body: { message: 'A request that is cancelled can no longer be changed.' },
          message: 'Request failed',
        },
      },
      'xstate.error.actor.submitRequest': {
        error: {
          kind: 'response',
          status: 422,
          body: { message: 'Please choose at least one subject' },
          message: 'Request failed',
        },
      },
    },
    sampleInput: { loggedIn: true },
  },
  {
    name: 'teacherFinder',
    title: 'Recommended teachers',
    routes: ['/teacherfinder'],
    description:
      "Finds the student's request (after a reload, with its first page of matches in the same call; or starts where that answer leads when the page already has it, input `first`), loads matching teachers per filter (or says online teaching is not offered and switches the request to offline), Connect sends the request to a teacher and confirms for 3 seconds.",
    machine: teacherFinderMachine,
    sampleEvents: {
      'filter.change': { filter: 'online' },
      'page.more': {},
      'teacher.connect': { teacherId: 1 },
      'toast.close': {},
      'load.retry': {},
      // After a reload: the student's latest request with its first page of matches (or an
      // online-only request nobody can match), or none yet.
      'xstate.done.actor.findLatestRequest': [
        { output: firstMatchPage },
        { output: null },
        { output: onlineOnlyPage },
      ],
      'xstate.error.actor.findLatestRequest': {
        error: { kind: 'response', status: 500, body: { message: 'Server error' }, message: 'Server error' },
      },
      'xstate.done.actor.loadMatches': [{ output: firstMatchPage }, { output: onlineOnlyPage }],
      'mode.offline': {},
      'xstate.done.actor.switchToOffline': { output: {} },
      'xstate.error.actor.switchToOffline': {
        error: { kind: 'response', status: 500, body: { message: 'Server error' }, message: 'Server error' },
      },
      'xstate.error.actor.loadMatches': {
        error: { kind: 'response', status: 500, body: { message: 'Server error' }, message: 'Server error' },
      },
      'xstate.done.actor.loadMoreMatches': {
        output: {
          data: [{ teacher: { id: 3, name: 'Chitra Ghosh' }, connection: null }],
          teacher_count: 3,
          page: 2,
          request: { id: 11, subjects: [{ id: 1, name: 'Physics' }] },
        },
      },
      'xstate.done.actor.connectTeacher': { output: { id: 50, status: 'request_send' } },
      // Already sent to this teacher (409 with the existing request), or a plain failure.
      'xstate.error.actor.connectTeacher': [
        {
          error: {
            kind: 'response',
            status: 409,
            body: { message: 'Already sent', data: { id: 50, status: 'request_send' } },
            message: 'Request failed',
          },
        },
        { error: { kind: 'response', status: 500, body: {}, message: 'Request failed' } },
      ],
    },
    // Opened after a reload: no request id in the navigation state.
    sampleInput: { requestId: null },
  },
  {
    name: 'studentRequests',
    title: 'My requests',
    routes: ['/requests'],
    description:
      "The student's requests (loaded, or given as input `first` when the page already has them) with the teachers each went to: a status timeline per teacher (sent, accepted, " +
      'declined with the reason, cancelled, ended), contact details once accepted. Cancel asks first; Find more ' +
      'teachers opens the finder for that request; Change request opens it prefilled. End tutoring on a teacher ' +
      'who accepted asks first, ends it and says where to find another teacher.',
    machine: studentRequestsMachine,
    actorOutputs: {
      loadRequests: listOf(TeacherStudentRequest),
      cancelRequest: TeacherStudentRequest,
      endTutoring: TeacherStudentRequest,
    },
    sampleEvents: {
      // 11 is open (cancel, find more, change); 12 is cancelled (nothing to do).
      'request.cancel': [{ id: 11 }, { id: 12 }],
      'request.findMore': { id: 11 },
      'request.change': { id: 11 },
      'request.new': {},
      'cancel.confirm': {},
      'cancel.dismiss': {},
      // 21 was accepted by Anita Roy (End tutoring); 22 was declined (nothing to end).
      'tutoring.end': [{ id: 21 }, { id: 22 }],
      'end.confirm': {},
      'end.dismiss': {},
      'requests.retry': {},
      'xstate.done.actor.loadRequests': [{ output: sampleRequests }, { output: [] }],
      'xstate.error.actor.loadRequests': {
        error: { kind: 'response', status: 500, body: { message: 'Server error' }, message: 'Server error' },
      },
      'xstate.done.actor.cancelRequest': { output: row({ status: 'cancelled' }) },
      'xstate.error.actor.cancelRequest': {
        error: {
          kind: 'response',
          status: 409,
          body: { message: 'A request that is cancelled cannot become cancelled.' },
          message: 'Request failed',
        },
      },
      'xstate.done.actor.endTutoring': {
        output: row({
          id: 21,
          teacher_id: 1,
          parent_request_id: 11,
          status: 'ended',
          teacher: { id: 1, name: 'Anita Roy', contact: null },
        }),
      },
      // The teacher ended it first.
      'xstate.error.actor.endTutoring': {
        error: {
          kind: 'response',
          status: 409,
          body: {
            message:
              'This tutoring is no longer active, so it cannot be ended. Reload to see where it stands.',
          },
          message: 'Request failed',
        },
      },
    },
  },
];
