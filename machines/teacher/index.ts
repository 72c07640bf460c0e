import { TeacherStudentRequest } from '../../contract/structs/request';
import {
  TeacherEducationalQualification,
  TeacherRecord,
  TeacherSchedule,
} from '../../contract/structs/teacher';
import { listOf, type MachineEntry, orNull } from '../registry';
import { dashboardMachine } from './dashboard';
import { educationalDetailsMachine } from './educationalDetails';
import { personalDetailsMachine } from './personalDetails';
import { preferencesMachine } from './preferences';
import { profileMachine } from './profile';
import { scheduleMachine } from './schedule';

const photo = (name: string, type = 'image/png', size = 2048) => ({ name, size, type, blob: null });
const samplePhoto = photo('photo.png');

/** A 422 as the HTTP layer reports it (contract/api-failure.ts). */
const unprocessable = (errors: Record<string, string[]>) => ({
  kind: 'response',
  status: 422,
  body: { errors, message: 'Validation failed' },
  message: 'Validation failed',
});
const noResponse = {
  kind: 'no_response',
  status: null,
  body: null,
  message: 'No response from server. Please try again later.',
};

const subjectOptions = [
  { id: 1, name: 'Physics' },
  { id: 2, name: 'Mathematics' },
];

/** A saved teacher (GET /api/v1/teachers/{id}) for the steps that prefill from it. */
const savedQualification = {
  id: 7,
  teacher_id: 21,
  degree_id: 5,
  degree_name: null,
  subject_id: 1,
  subject_name: 'Physics',
  year_of_passing: '2012',
  school_name: 'Hindu School',
  college_name: 'Presidency College',
  university_name: 'University of Calcutta',
  school_education_board: 'cbse',
};
const document = (id: number, file_name: string) => ({
  id,
  url: `/api/v1/uploads/${id}`,
  file_name,
  content_type: 'image/png',
});
const savedPreference = {
  id: 4,
  teacher_id: 21,
  teaching_radius_km: 12,
  preferred_teaching_type: 'individual',
  prior_experience: 5,
  teaching_mode: 'offline',
  teaching_location_preference: null,
  teaching_school: true,
  special_need_children: false,
  special_attention_children: true,
  preferred_medium: ['english', 'bengali'],
  subject_ids: [1, 2],
  subjects: subjectOptions,
  mark_sheet: document(2, 'marks.png'),
  highest_qualification_certificate: document(3, 'degree.png'),
  resume: null,
};
const savedSchedules = [
  {
    id: 1,
    teacher_id: 21,
    week_day: 0,
    time_slots: [{ id: 1, time_of_day: 'morning', preferred_group: 'any' }],
  },
  {
    id: 2,
    teacher_id: 21,
    week_day: 2,
    time_slots: [{ id: 2, time_of_day: 'evening', preferred_group: 'any' }],
  },
];
/** A request as GET /api/v1/teacher_student_requests returns it (contract/structs/request.ts). */
const request = (id: number, status: string, name: string) => ({
  id,
  student_id: id + 10,
  teacher_id: 21,
  parent_request_id: null,
  subject_ids: [1],
  teacher_assignment_preference: 'multiple',
  updated_at: '2025-01-01T00:00:00.000Z',
  status,
  mode_of_teaching: 'offline',
  preferred_group: 'individual',
  preferred_medium: 'english',
  preferred_time: ['morning'],
  subjects: [{ id: 1, name: 'Physics' }],
  student: { id: id + 10, name, address: 'Salt Lake, Kolkata', mobile_number: '9000000000' },
  teacher: null,
  created_at: '2025-01-01T00:00:00.000Z',
});
const sampleTeacher = {
  id: 21,
  user_id: 3,
  name: 'Anita Sen',
  email: 'anita@example.com',
  mobile_number: '9876543210',
  whatsapp_number: '9876543210',
  alt_mobile: null,
  gender: 'female',
  date_of_birth: '15/08/1990',
  address: '12 Park Street, Kolkata 700016',
  latitude: 22.572645,
  longitude: 88.363892,
  profile_photo: '/uploads/profile_photos/0123456789abcdef0123456789abcdef.png',
  aadhar_photo: '/api/v1/uploads/1',
  is_active: true,
  verification_status: 'pending',
  verified: false,
  rejection_reason: null,
  review_version: 0,
  created_at: '2025-01-01T00:00:00.000Z',
  teacher_educational_qualification: savedQualification,
  teacher_preference: savedPreference,
  teacher_schedules: savedSchedules,
  subjects: subjectOptions,
};

/** Refused in review (D13): the administrator's reason, and the mark sheet not on file. */
const rejectedTeacher = {
  ...sampleTeacher,
  verification_status: 'rejected',
  is_active: false,
  rejection_reason: 'The mark sheet is unreadable',
  teacher_preference: { ...savedPreference, mark_sheet: null },
};

/** This feature's machines, as the registry lists them. */
export const entries: MachineEntry[] = [
  {
    name: 'teacherPersonalDetails',
    title: 'Teacher personal details',
    routes: ['/personal_details_teacher'],
    description:
      'Step 1 of teacher onboarding. Without a session: a notice, then /. Device location is asked once beside ' +
      "the form. Every change is kept as a draft ('personaldetails', photos excluded). Submit validates every " +
      'rule, scrolls to the first wrong field, then creates the teacher (multipart) or updates the stored one; ' +
      'a failure keeps everything and puts server errors under their fields. Done goes to /educational_details_teacher. ' +
      'Back is offered only to a teacher with a profile (or editing it) and leads to the dashboard: a new ' +
      "teacher's first step has nothing before it (Logout is the way out). A teacher refused in review sees " +
      'the reason and the documents not on file at the top (D13).',
    machine: personalDetailsMachine,
    sampleEvents: {
      'field.change': { field: 'name', value: 'Anita Sen' },
      'whatsapp.sameAsMobile': { checked: false },
      'file.pick': [
        { field: 'aadhar_photo', file: photo('aadhar.jpg', 'image/jpeg') },
        { field: 'profile_photo', file: samplePhoto },
      ],
      'file.remove': { field: 'profile_photo' },
      // The second: the stored user id has gone by the time Next is pressed.
      'form.submit': [{}, { userId: null }],
      'form.back': {},
      'location.retry': {},
      'xstate.done.actor.getLocation': { output: { latitude: 22.5726451, longitude: 88.3638919 } },
      'xstate.error.actor.getLocation': { error: { code: 1, message: 'User denied Geolocation' } },
      // A new teacher has no stored record (null); one updating gets theirs (one refused in review).
      'xstate.done.actor.loadTeacher': [
        { output: null },
        { output: { ...sampleTeacher } },
        { output: rejectedTeacher },
      ],
      'xstate.error.actor.loadTeacher': { error: noResponse },
      'xstate.done.actor.saveTeacher': { output: { ...sampleTeacher } },
      'xstate.error.actor.saveTeacher': {
        error: unprocessable({ mobile_number: ['Please enter a valid 10-digit mobile number'] }),
      },
    },
    // Signed in with a draft holding every text field (a new teacher: no stored teacher id).
    sampleInput: {
      userId: 3,
      hasToken: true,
      email: 'anita@example.com',
      teacherId: null,
      draft: {
        name: 'Anita Sen',
        mobile_number: '9876543210',
        gender: 'female',
        date_of_birth: '1990-08-15',
        address: '12 Park Street, Kolkata 700016',
      },
    },
  },
  {
    name: 'teacherEducationalDetails',
    title: 'Teacher educational details',
    routes: ['/educational_details_teacher'],
    description:
      "Step 2. Degrees and subjects load in parallel; if either fails, 'Could not load data' with Try Again. " +
      'Qualification (Other needs free text), subject, school, board, college, university (Others switches to free ' +
      "text, 'Show Dropdown' returns), year of passing (an invalid year is an error, D6). Until the first save " +
      'what is typed is kept as a draft on the device (a reload keeps it). Done goes to /teacherSubject.',
    machine: educationalDetailsMachine,
    actorOutputs: { loadQualification: orNull(TeacherEducationalQualification) },
    sampleEvents: {
      'field.change': [
        { field: 'school_name', value: 'Hindu School' },
        { field: 'year_of_passing', value: '1800' },
      ],
      'university.select': { value: 'Others' },
      'university.showDropdown': {},
      'form.submit': {},
      'form.back': {},
      'data.retry': {},
      'xstate.done.actor.loadDegrees': { output: [{ id: 5, name: 'B.Sc' }] },
      'xstate.done.actor.loadSubjects': { output: subjectOptions },
      'xstate.error.actor.loadDegrees': { error: noResponse },
      'xstate.error.actor.loadSubjects': { error: noResponse },
      'xstate.done.actor.loadQualification': { output: savedQualification },
      'xstate.error.actor.loadQualification': { error: noResponse },
      'xstate.done.actor.saveQualification': { output: savedQualification },
      'xstate.error.actor.saveQualification': {
        error: unprocessable({ college_name: ['Please enter your college name'] }),
      },
    },
    sampleInput: { teacherId: 21 },
  },
  {
    name: 'teacherPreferences',
    title: 'Teacher preferences',
    routes: ['/teacherSubject', '/teachersubject'],
    description:
      'Step 3. The subject list loads beside the form. Subjects, experience, mediums, yes/no questions, Offline ' +
      '(required; Online unavailable), radius 0-50 km, mark sheet and certificate images, optional PDF resume. ' +
      'A failed submit shows the red banner and keeps every choice. Until the first save every choice but the ' +
      'files is kept as a draft on the device (a reload keeps it). Done goes to /slots. A teacher refused in ' +
      'review sees the reason and the documents not on file at the top (D13).',
    machine: preferencesMachine,
    actorOutputs: { loadPreference: orNull(TeacherRecord) },
    sampleEvents: {
      'subjects.change': { ids: [1] },
      'mediums.change': { values: ['english'] },
      'experience.change': { value: '3' },
      'radius.change': { value: 15 },
      'offline.toggle': { checked: false },
      'answer.change': { field: 'teaching_school', value: false },
      'file.pick': { field: 'resume', file: photo('resume.pdf', 'application/pdf') },
      'file.remove': { field: 'resume' },
      'form.submit': {},
      'form.back': {},
      'subjects.retry': {},
      'xstate.done.actor.loadSubjects': { output: subjectOptions },
      'xstate.error.actor.loadSubjects': { error: noResponse },
      // A revisit: the saved preference with its mark sheet and certificate on file (or, refused in
      // review, the mark sheet missing).
      'xstate.done.actor.loadPreference': [{ output: sampleTeacher }, { output: rejectedTeacher }],
      'xstate.error.actor.loadPreference': { error: noResponse },
      'xstate.done.actor.savePreference': { output: savedPreference },
      'xstate.error.actor.savePreference': { error: noResponse },
    },
    sampleInput: { teacherId: 21 },
  },
  {
    name: 'teacherSchedule',
    title: 'Teacher schedule (Date & Time)',
    routes: ['/slots'],
    description:
      'Step 4. Toggle days Monday-Sunday and their Morning/Afternoon/Evening slots (disabling a day clears it; ' +
      "slots of disabled days cannot be toggled). 'Create Profile' only with a slot; 'Saving...', then " +
      "'User registered successfully! Redirecting...' and / after 2 seconds.",
    machine: scheduleMachine,
    actorOutputs: { loadSchedule: listOf(TeacherSchedule) },
    sampleEvents: {
      'day.toggle': { day: 1 },
      'slot.toggle': { day: 1, slot: 'afternoon' },
      'form.submit': {},
      'form.back': {},
      'xstate.done.actor.loadSchedule': { output: savedSchedules },
      'xstate.error.actor.loadSchedule': { error: noResponse },
      'xstate.done.actor.saveSchedule': { output: savedSchedules },
      'xstate.error.actor.saveSchedule': {
        error: {
          ...noResponse,
          kind: 'response',
          status: 500,
          body: { message: 'Could not save the schedule' },
        },
      },
    },
    sampleInput: { teacherId: 21 },
  },
  {
    name: 'teacherDashboard',
    title: 'Teacher dashboard',
    routes: ['/dashboard', '/tutor'],
    description:
      'Loads the signed-in teacher (spinner until then), then their requests, or starts with both when the ' +
      "page already has the first screen's answer (input `first`) (D9): New Requests with Accept and " +
      'Decline (each confirmed in a dialog; Decline with an optional reason the student sees), Active with the ' +
      'contact of the student and End Contract (dialog, then the status ended on the server and a toast). At the ' +
      'top the verification state (under review, verified, or rejected with the reason and Fix documents, D13: ' +
      'step 3 when only its mark sheet or certificate is missing, else step 1). ' +
      'Edit opens the onboarding steps in edit mode; Details opens /profile (D11).',
    machine: dashboardMachine,
    actorOutputs: {
      loadTeacher: TeacherRecord,
      loadRequests: listOf(TeacherStudentRequest),
      updateStatus: TeacherStudentRequest,
    },
    sampleEvents: {
      'account.edit': {},
      'account.details': {},
      'request.accept': { id: 1 },
      'request.decline': { id: 1 },
      'reason.change': [{ reason: '', key: 'schedule_full' }, { reason: 'Moving to Delhi next month' }],
      'decision.confirm': {},
      'decision.cancel': {},
      'contract.end': { id: 2 },
      'dialog.confirm': {},
      'dialog.cancel': {},
      'teacher.retry': {},
      'requests.retry': {},
      'toast.dismiss': {},
      // Documents under review, verified, or rejected with a reason (the verification banner).
      'xstate.done.actor.loadTeacher': [
        { output: sampleTeacher },
        { output: { ...sampleTeacher, verification_status: 'verified', verified: true } },
        {
          output: {
            ...sampleTeacher,
            verification_status: 'rejected',
            is_active: false,
            rejection_reason: 'The Aadhar photo is blurred',
          },
        },
        // Fix documents opens step 3, where the missing mark sheet goes.
        { output: rejectedTeacher },
      ],
      'documents.fix': {},
      'xstate.error.actor.loadTeacher': { error: noResponse },
      // Request 1 is new (Accept, Decline); request 2 is active (End Contract).
      'xstate.done.actor.loadRequests': {
        output: [request(1, 'request_send', 'Rahul Das'), request(2, 'accepted', 'Priya Roy')],
      },
      'xstate.error.actor.loadRequests': { error: noResponse },
      'xstate.done.actor.acceptRequest': { output: request(1, 'accepted', 'Rahul Das') },
      'xstate.done.actor.declineRequest': { output: request(1, 'declined', 'Rahul Das') },
      'xstate.done.actor.endContract': { output: request(2, 'ended', 'Priya Roy') },
      'xstate.error.actor.acceptRequest': { error: noResponse },
      'xstate.error.actor.declineRequest': { error: noResponse },
      'xstate.error.actor.endContract': { error: noResponse },
    },
  },
  {
    name: 'teacherProfile',
    title: 'Teacher profile',
    routes: ['/profile'],
    description:
      "The signed-in teacher's own record (D9): account details, preferences, schedule, documents on file. " +
      'Private documents open through an authenticated fetch (D8).',
    machine: profileMachine,
    actorOutputs: { loadTeacher: TeacherRecord },
    sampleEvents: {
      'teacher.retry': {},
      'document.open': { url: '/api/v1/uploads/1' },
      'xstate.done.actor.loadTeacher': { output: sampleTeacher },
      'xstate.error.actor.loadTeacher': { error: noResponse },
      'xstate.done.actor.openDocument': { output: undefined },
      'xstate.error.actor.openDocument': { error: noResponse },
    },
  },
];
