import { ADMIN_MESSAGES } from '../../contract/rules/admin';
import { SUBJECT_MESSAGES } from '../../contract/rules/student-subject';
import { AdminTeacherFileResponse, MonthOverview, TeacherDecision } from '../../contract/structs/admin';
import { JobPosting } from '../../contract/structs/jobs';
import { listOf, type MachineEntry } from '../registry';
import {
  failure,
  LOAD_FAILURE,
  noResponse,
  SAMPLE_APPLICATION,
  SAMPLE_JOB_SEEKER,
  SAMPLE_POSTING,
} from '../samples';
import { adminApplicationsBoardMachine } from './adminApplicationsBoard';
import { adminApprovalsMachine } from './adminApprovals';
import { adminDashboardMachine } from './adminDashboard';
import { adminPostingEditorMachine } from './adminPostingEditor';
import { adminSignInMachine } from './adminSignIn';
import { adminSubjectsMachine } from './adminSubjects';
import { adminTeacherFileMachine } from './adminTeacherFile';
import { adminTeacherListMachine } from './adminTeacherList';

/** A teacher as GET /api/v1/teachers returns it (contract/structs/teacher.ts), pending review. */
const teacher = (id: number, name: string) => ({
  id,
  user_id: 100 + id,
  name,
  email: `teacher${id}@example.com`,
  mobile_number: String(9800000000 + id),
  whatsapp_number: null,
  alt_mobile: null,
  gender: 'female',
  date_of_birth: '01/05/1990',
  address: `${id} Lake Road, Kolkata 700029`,
  latitude: null,
  longitude: null,
  profile_photo: null,
  aadhar_photo: `/api/v1/uploads/${id}`,
  is_active: true,
  verification_status: 'pending',
  verified: false,
  rejection_reason: null,
  review_version: 1,
  created_at: '2025-03-10T10:00:00.000Z',
  teacher_educational_qualification: null,
  teacher_preference: null,
  teacher_schedules: [],
  subjects: [{ id: 1, name: 'Physics' }],
});
/** The server's answers to a decision on Anita Sen (Teacher Approvals and the teacher's file alike). */
const teacherApproved = {
  status: 'success',
  data: { ...teacher(21, 'Anita Sen'), verification_status: 'verified', verified: true },
};
/** A document on file, as a teacher record refers to it. */
const documentRef = (id: number, fileName: string) => ({
  id,
  url: `/api/v1/uploads/${id}`,
  file_name: fileName,
  content_type: 'application/pdf',
});
/** A teacher with the mark sheet and certificate on file too (the Aadhar photo always is). */
const documented = (t: ReturnType<typeof teacher>) => ({
  ...t,
  teacher_preference: {
    id: t.id,
    teacher_id: t.id,
    teaching_radius_km: 10,
    preferred_teaching_type: 'individual',
    prior_experience: 2,
    teaching_mode: 'offline',
    teaching_location_preference: null,
    teaching_school: false,
    special_need_children: false,
    special_attention_children: false,
    preferred_medium: ['english'],
    subject_ids: [1],
    subjects: [{ id: 1, name: 'Physics' }],
    mark_sheet: documentRef(t.id + 100, 'marks.pdf'),
    highest_qualification_certificate: documentRef(t.id + 200, 'degree.pdf'),
    resume: null,
  },
});
/** Anita Sen's file, pending review with every document on file. */
const anitaFile = {
  teacher: documented(teacher(21, 'Anita Sen')),
  requests: [
    {
      id: 40,
      student_name: 'Arka Pal',
      subjects: 'Physics',
      status: 'request_send',
      mode_of_teaching: 'online',
      preferred_time: ['morning'],
      created_at: '2025-03-11T08:00:00.000Z',
    },
  ],
  activity: [
    {
      id: 7,
      action: 'teacher_approved',
      actor_type: 'admin',
      details: null,
      created_at: '2025-03-12T09:30:00.000Z',
    },
  ],
};
/** Her file once another administrator rejected her. */
const anitaRejectedFile = {
  ...anitaFile,
  teacher: {
    ...anitaFile.teacher,
    is_active: false,
    verification_status: 'rejected',
    rejection_reason: 'Certificate is blurred',
  },
};
/** The server's answer to a decision when another administrator decided on the teacher first. */
const decidedFirst = failure(409, {
  error: 'conflict',
  message: ADMIN_MESSAGES.alreadyDecided,
  verification_status: 'rejected',
  rejection_reason: 'Certificate is blurred',
});
/** The server's answer to a decision taken on a screen from before the teacher changed their documents. */
const changedSinceShown = failure(409, {
  error: 'conflict',
  message: ADMIN_MESSAGES.changedSinceShown,
  verification_status: 'pending',
  review_version: 2,
  review_changes: ['mark_sheet'],
});
/** The server's answer to a decision on a suggested subject another administrator decided on first. */
const subjectDecidedFirst = failure(409, {
  error: 'conflict',
  message: SUBJECT_MESSAGES.alreadyDecided,
  data: { id: 31, name: 'Robotics', is_active: false, status: 'rejected' },
});
const teacherRejected = {
  status: 'success',
  data: {
    ...teacher(21, 'Anita Sen'),
    is_active: false,
    verification_status: 'rejected',
    rejection_reason: 'Aadhar photo unreadable',
  },
};

const NAMES = ['Moumita Bose', 'Sayan Kar', 'Riya Ghosh', 'Arindam Pal', 'Tania Das'];
/** The first page of 23 teachers, newest first, 10 per page. */
const firstPage = Array.from({ length: 10 }, (_, i) => teacher(23 - i, `${NAMES[i % 5]} ${23 - i}`));

/** A month's overview (GET /api/v1/admin/overview, contract/structs/admin.ts MonthOverview). */
const MONTHS = [
  { value: '2025-03', label: 'March, 2025' },
  { value: '2025-01', label: 'January, 2025' },
];
const march = {
  month: '2025-03',
  label: 'March, 2025',
  months: MONTHS,
  summary: {
    total_teachers: 192,
    active_teachers: 134,
    total_students: 2203,
    active_students: 1898,
    active_job_posts: 0,
    job_applications: 0,
  },
  teaching: {
    class_modes: [
      { name: 'Online', value: 45 },
      { name: 'Offline', value: 35 },
      { name: 'Mix', value: 20 },
    ],
    busy_hours: [
      { slot: '8am-12pm', school_students: 12, college_students: 4, working_pro: 1 },
      { slot: '12pm-4pm', school_students: 8, college_students: 6, working_pro: 0 },
      { slot: '4pm-8pm', school_students: 15, college_students: 9, working_pro: 7 },
      { slot: '8pm-12am', school_students: 0, college_students: 0, working_pro: 0 },
    ],
    searched_subjects: [
      { subject: 'Physics', count: 30 },
      { subject: 'Mathematics', count: 22 },
    ],
  },
  jobs: {
    industry_postings: [
      { industry: 'school', label: 'School', count: 2 },
      { industry: 'coaching_centre', label: 'Coaching centre', count: 1 },
      { industry: 'college', label: 'College', count: 0 },
      { industry: 'ed_tech', label: 'Ed-tech', count: 1 },
      { industry: 'corporate_training', label: 'Corporate training', count: 0 },
      { industry: 'other', label: 'Other', count: 0 },
    ],
    hiring_ratio: [
      { name: 'Hired', value: 2 },
      { name: 'Not selected', value: 3 },
      { name: 'In progress', value: 4 },
    ],
  },
};
/** A month without requests: the Teaching charts show their empty states. */
const january = {
  ...march,
  month: '2025-01',
  label: 'January, 2025',
  summary: { ...march.summary, total_teachers: 150, active_teachers: 101 },
  teaching: {
    class_modes: march.teaching.class_modes.map((m) => ({ ...m, value: 0 })),
    busy_hours: march.teaching.busy_hours.map((b) => ({
      ...b,
      school_students: 0,
      college_students: 0,
      working_pro: 0,
    })),
    searched_subjects: [],
  },
  jobs: {
    industry_postings: march.jobs.industry_postings.map((i) => ({ ...i, count: 0 })),
    hiring_ratio: march.jobs.hiring_ratio.map((r) => ({ ...r, value: 0 })),
  },
};

const APPLICANT = {
  ...SAMPLE_APPLICATION,
  cover_note: 'I have taught physics for five years.',
  job_seeker: { ...SAMPLE_JOB_SEEKER, email: 'rina@example.com' },
  education: null,
};

/** This feature's machines, as the registry lists them. */
export const entries: MachineEntry[] = [
  {
    name: 'adminSignIn',
    title: 'Admin sign-in',
    routes: ['/adminsignin'],
    description:
      'Login / signup card of the Admin Portal. Clears the stored session on load and on every toggle; login ' +
      'checks presence only, signup the email pattern, 8-character password and terms. Login stores token, user id ' +
      "and role 4 and goes to /admin; signup returns to login with 'Admin registration successful!...'. Failures " +
      'are shown in the docs/product.md#validation-and-messages order.',
    machine: adminSignInMachine,
    sampleEvents: {
      // Both fields: a login needs both, a signup a valid email and 8 characters.
      'field.change': [
        { field: 'email', value: 'admin@example.com' },
        { field: 'password', value: 'adminpass123' },
      ],
      'field.clear': { field: 'password' },
      'terms.change': { checked: true },
      'xstate.done.actor.logIn': {
        output: {
          token: 'admin-token',
          refresh_token: 'admin-refresh',
          resource_owner: { id: 3, email: 'admin@example.com' },
          user_id: 3,
        },
      },
      'xstate.error.actor.logIn': {
        error: failure(401, { error: 'invalid_grant', message: 'Invalid email or password' }),
      },
      'xstate.done.actor.register': {
        output: { status: 'success', data: { id: 1, email: 'admin@example.com' } },
      },
      'xstate.error.actor.register': { error: failure(403, { error: 'Admin registration is closed' }) },
    },
  },
  {
    name: 'adminTeacherList',
    title: 'Admin teacher list (pagination)',
    routes: ['/Admin_Teacher'],
    description:
      'Server-side pages of every teacher (D10): page, rows per page (3, 5, 10, 20; a change resets to page 1), ' +
      'status filter cycling Active / Inactive / All, and a search committed after a 300 ms pause or on Enter. ' +
      "Each change loads one page; a non-success status shows 'Failed to retrieve teacher data', a failed " +
      "request 'Failed to load teacher data. Please try again later.'",
    machine: adminTeacherListMachine,
    sampleEvents: {
      'page.go': { page: 2 },
      'pageSize.change': { limit: 5 },
      'search.change': { value: 'physics' },
      'xstate.done.actor.fetchTeachers': [
        {
          output: {
            status: 'success',
            data: firstPage,
            teacher_count: 23,
            pagination: { next: 2, prev: null },
          },
        },
        { output: { status: 'error' } },
        // The list shrank under the page shown (another administrator's decisions): 5 teachers left.
        { output: { status: 'success', data: [], teacher_count: 5, pagination: { next: null, prev: 1 } } },
      ],
      'xstate.error.actor.fetchTeachers': { error: noResponse },
    },
  },
  {
    name: 'adminTeacherFile',
    title: "Admin: a teacher's full record",
    routes: ['/Admin_Teacher/:id'],
    description:
      'Opened from a card of the teacher list: loads everything on file about one teacher (every field, ' +
      'documents, qualification, preferences, schedule, requests sent to them, activity). A 404 shows ' +
      "'Teacher not found'; another failure offers 'Try again'. A teacher whose verification is pending " +
      'is decided on here as in Teacher Approvals: Approve at once (only with the Aadhar card, mark sheet ' +
      'and certificate on file; otherwise the file says which are missing), Reject after a reason ' +
      '(required, in a dialog); the answer shows the new status at once, is confirmed, and the file loads ' +
      'again (the activity gains the decision). When another administrator decided first, the file says ' +
      'so and loads again, showing the status and reason now stored; when the teacher changed their documents ' +
      'or details since the file loaded (each decision sends back the review version shown), it says so and ' +
      'loads again, showing the documents now stored.',
    machine: adminTeacherFileMachine,
    sampleInput: { teacherId: 21 },
    actorOutputs: {
      fetchTeacherFile: AdminTeacherFileResponse.schema.data,
      approveTeacher: TeacherDecision,
      rejectTeacher: TeacherDecision,
    },
    sampleEvents: {
      // Pending with every document on file; then as another administrator left it (rejected).
      'xstate.done.actor.fetchTeacherFile': [{ output: anitaFile }, { output: anitaRejectedFile }],
      'xstate.error.actor.fetchTeacherFile': [
        { error: noResponse },
        { error: failure(404, { error: 'not_found', message: 'Teacher not found' }) },
      ],
      'file.retry': {},
      'file.approve': {},
      'file.reject': {},
      'decision.change': { value: 'Aadhar photo unreadable' },
      'xstate.done.actor.approveTeacher': { output: teacherApproved },
      'xstate.error.actor.approveTeacher': [
        { error: decidedFirst },
        { error: changedSinceShown },
        { error: noResponse },
      ],
      'xstate.done.actor.rejectTeacher': { output: teacherRejected },
      'xstate.error.actor.rejectTeacher': [
        { error: decidedFirst },
        { error: changedSinceShown },
        { error: noResponse },
      ],
    },
  },
  {
    name: 'adminDashboard',
    title: 'Admin dashboard (overview and notifications)',
    routes: ['/admin', '/Admin'],
    description:
      'Two independent regions: the month overview (cards and charts computed by the server for the chosen month, D9; ' +
      "'month.select' loads another month) and the notifications since the last 'Mark all as read', " +
      "the latest ten first and 'Show more' for the next page.",
    machine: adminDashboardMachine,
    actorOutputs: { fetchOverview: MonthOverview.schema.data },
    sampleEvents: {
      'month.select': { month: '2025-01' },
      'overview.refresh': {},
      'xstate.done.actor.fetchOverview': [{ output: march }, { output: january }],
      'xstate.error.actor.fetchOverview': { error: noResponse },
      // The first page, and another follows ('Show more').
      'xstate.done.actor.fetchNotifications': {
        output: {
          items: [
            {
              id: 'teacher-21',
              kind: 'teacher_registered',
              message: 'New teacher registered: Anita Sen',
              created_at: '2025-03-12T09:30:00.000Z',
            },
          ],
          hasMore: true,
        },
      },
      'xstate.error.actor.fetchNotifications': { error: noResponse },
      'notifications.more': {},
      'xstate.done.actor.fetchMoreNotifications': {
        output: {
          items: [
            {
              id: 'request-40',
              kind: 'request_created',
              message: 'New request from Arka Pal for Physics',
              created_at: '2025-03-11T08:00:00.000Z',
            },
          ],
          hasMore: false,
        },
      },
      'xstate.error.actor.fetchMoreNotifications': { error: noResponse },
      'xstate.done.actor.markNotificationsRead': { output: { status: 'success' } },
      'xstate.error.actor.markNotificationsRead': { error: noResponse },
    },
  },
  {
    name: 'adminApprovals',
    title: 'Teacher approvals',
    routes: ['/admin', '/Admin'],
    description:
      'Teachers whose documents wait for review, the first three and then ten more on each ' +
      "'Show more' (paged on the server). Approve marks the teacher verified; Reject asks for a reason " +
      '(required) and deactivates the teacher; the list reloads after each decision, as long as it was. ' +
      'When another administrator decided first (409), the server says so and the list reloads without ' +
      'the teacher; when the teacher changed their documents since the list showed them (409: each decision ' +
      'sends back the review version shown), it says so and the list reloads with them as now stored; ' +
      'another refusal keeps the reason typed.',
    machine: adminApprovalsMachine,
    sampleEvents: {
      'item.approve': { id: 21 },
      'item.reject': { id: 21 },
      'decision.change': { value: 'Aadhar photo unreadable' },
      // The whole list, and the first page of a longer one ('Show more').
      'xstate.done.actor.fetchApprovals': [
        { output: { items: [teacher(21, 'Anita Sen'), teacher(22, 'Sayan Kar')], total: 2 } },
        { output: { items: [teacher(21, 'Anita Sen'), teacher(22, 'Sayan Kar')], total: 4 } },
      ],
      'xstate.error.actor.fetchApprovals': { error: noResponse },
      'list.more': {},
      'xstate.done.actor.fetchMoreApprovals': {
        output: { items: [teacher(23, 'Riya Ghosh'), teacher(24, 'Arindam Pal')], total: 4 },
      },
      'xstate.error.actor.fetchMoreApprovals': { error: noResponse },
      'xstate.done.actor.approveTeacher': { output: teacherApproved },
      // Another administrator decided first (the teacher leaves the queue), the teacher changed their
      // documents since the list showed them (the list reloads), or no answer at all.
      'xstate.error.actor.approveTeacher': [
        { error: decidedFirst },
        { error: changedSinceShown },
        { error: noResponse },
      ],
      'xstate.done.actor.rejectTeacher': { output: teacherRejected },
      'xstate.error.actor.rejectTeacher': [
        { error: decidedFirst },
        { error: changedSinceShown },
        { error: noResponse },
      ],
    },
  },
  {
    name: 'adminSubjects',
    title: 'New subjects (moderation)',
    routes: ['/admin', '/Admin'],
    description:
      'Subjects students added that wait for review (D14), beside Teacher Approvals. Approve adds one to the ' +
      'shared list; Merge asks for the approved subject it duplicates and moves its requests and teachers there; ' +
      "Reject refuses it. The list reloads after each decision; a refused decision shows the server's message. " +
      'When another administrator decided first (409), the list reloads as long as it was without the subject; ' +
      'another refusal keeps the subject picked to merge into.',
    machine: adminSubjectsMachine,
    sampleEvents: {
      'item.approve': { id: 31 },
      'item.reject': { id: 31 },
      'item.merge': { id: 31 },
      // A subject of the shared list, and none chosen (the merge asks for one).
      'decision.change': [{ value: 1 }, { value: null }],
      'decision.confirm': {},
      'decision.cancel': {},
      'list.retry': {},
      'xstate.done.actor.fetchNewSubjects': {
        output: {
          items: [
            {
              id: 31,
              name: 'Robotics',
              created_at: '2025-03-12T09:30:00.000Z',
              suggested_by: 'arka@example.com',
            },
            { id: 32, name: 'Phisics', created_at: '2025-03-12T10:00:00.000Z', suggested_by: null },
          ],
          choices: [
            { id: 1, name: 'Physics' },
            { id: 2, name: 'Mathematics' },
          ],
        },
      },
      'xstate.error.actor.fetchNewSubjects': { error: noResponse },
      'xstate.done.actor.approveSubject': {
        output: { status: 'success', data: { id: 31, name: 'Robotics', status: 'approved' } },
      },
      // Another administrator decided first (the subject leaves the queue), or no answer at all.
      'xstate.error.actor.approveSubject': [{ error: subjectDecidedFirst }, { error: noResponse }],
      'xstate.done.actor.rejectSubject': {
        output: { status: 'success', data: { id: 31, name: 'Robotics', status: 'rejected' } },
      },
      'xstate.error.actor.rejectSubject': [
        { error: subjectDecidedFirst },
        { error: failure(500, { error: 'internal_server_error' }) },
      ],
      'xstate.done.actor.mergeSubject': {
        output: {
          status: 'success',
          data: { id: 31, name: 'Robotics', status: 'merged' },
          merged_into: { id: 1, name: 'Physics' },
        },
      },
      'xstate.error.actor.mergeSubject': [
        { error: subjectDecidedFirst },
        {
          error: failure(422, {
            message: 'Validation failed',
            errors: { into_id: ['Merge into an approved subject other than this one'] },
          }),
        },
      ],
    },
  },
  {
    name: 'adminPostingEditor',
    title: 'Admin job postings',
    routes: ['/admin/jobs'],
    description:
      'Every job posting, open and closed, newest first. New job posting and Edit open the editor (the shared ' +
      "posting rules first, then the server's); Save reloads the list; Close and Reopen decide whether a posting " +
      'takes applications.',
    machine: adminPostingEditorMachine,
    actorOutputs: { fetchPostings: listOf(JobPosting) },
    sampleEvents: {
      'posting.new': {},
      'posting.edit': { id: 11 },
      'posting.close': { id: 11 },
      'posting.reopen': { id: 12 },
      // The title completes the edited posting; a new one stays incomplete (its rules are shown).
      'field.change': { field: 'title', value: 'Senior Physics Teacher' },
      'form.submit': {},
      'form.cancel': {},
      'list.retry': {},
      // An open posting and a closed one (Close and Reopen each have a posting to act on).
      'xstate.done.actor.fetchPostings': {
        output: [
          SAMPLE_POSTING,
          {
            ...SAMPLE_POSTING,
            id: 12,
            title: 'Maths Tutor',
            status: 'closed',
            accepting_applications: false,
          },
        ],
      },
      'xstate.error.actor.fetchPostings': LOAD_FAILURE,
      'xstate.done.actor.savePosting': { output: SAMPLE_POSTING },
      'xstate.error.actor.savePosting': {
        error: failure(422, { errors: { closing_date: ['Closing date cannot be in the past'] } }),
      },
      'xstate.done.actor.closePosting': { output: SAMPLE_POSTING },
      'xstate.error.actor.closePosting': LOAD_FAILURE,
      'xstate.done.actor.reopenPosting': { output: SAMPLE_POSTING },
      'xstate.error.actor.reopenPosting': LOAD_FAILURE,
    },
    sampleInput: { today: '2025-03-01' },
  },
  {
    name: 'adminApplicationsBoard',
    title: 'Admin applications board',
    routes: ['/admin/jobs/:id'],
    description:
      "A posting's applications: open an applicant's details and resume; move an application applied -> " +
      'shortlisted -> hired or not selected (only the moves the rules allow), with an optional note the job ' +
      'seeker sees; the board reloads after each move.',
    machine: adminApplicationsBoardMachine,
    sampleEvents: {
      'application.select': { id: 21 },
      'status.choose': { id: 21, status: 'shortlisted' },
      // A note of only emoji is refused on the page; the move waits for one in words.
      'note.change': [{ value: 'Interview on Monday.' }, { value: '😀😀😀' }],
      'decision.confirm': {},
      'decision.cancel': {},
      'resume.open': { url: '/api/v1/job_applications/21/resume' },
      'board.retry': {},
      'xstate.done.actor.fetchBoard': { output: { posting: SAMPLE_POSTING, applications: [APPLICANT] } },
      'xstate.error.actor.fetchBoard': LOAD_FAILURE,
      'xstate.done.actor.moveApplication': { output: { ...APPLICANT, status: 'shortlisted' } },
      'xstate.error.actor.moveApplication': LOAD_FAILURE,
    },
    sampleInput: { postingId: 11 },
  },
];
