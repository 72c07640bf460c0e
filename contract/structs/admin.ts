import {
  array,
  boolean,
  type Infer,
  integer,
  literal,
  nullable,
  number,
  optional,
  record,
  string,
  type,
  unknown,
} from 'superstruct';
import { SubjectSuggestionsResponse, SubjectsResponse } from './reference';
import { TeacherRecord } from './teacher';

/** POST /admin_users/tokens/sign_in and POST /admin-sign-in. */
export const AdminSignInResponse = type({
  token: string(),
  refresh_token: string(),
  expires_in: optional(number()),
  token_type: optional(string()),
  created_at: optional(number()),
  resource_owner: type({
    id: integer(),
    email: string(),
    role_id: optional(integer()),
    role: optional(string()),
    created_at: optional(string()),
  }),
  id: optional(integer()),
  user_id: integer(),
  user: optional(type({ id: integer(), email: string() })),
  role_id: optional(integer()),
  roles: optional(array(type({ name: string() }))),
});
export type AdminSignInResponse = Infer<typeof AdminSignInResponse>;

/** POST /admin_users (201). */
export const AdminRegistered = type({
  status: literal('success'),
  data: type({ id: integer(), email: string() }),
  message: optional(string()),
});

export const Pagination = type({ next: nullable(integer()), prev: nullable(integer()) });

/**
 * GET /api/v1/teachers (admin list). status is read as any string: anything but 'success' is shown
 * as 'Failed to retrieve teacher data' (docs/product.md#validation-and-messages); teacher_count falls back to data's length.
 */
export const AdminTeacherList = type({
  status: string(),
  data: optional(array(TeacherRecord)),
  teacher_count: optional(integer()),
  pagination: optional(nullable(Pagination)),
});
export type AdminTeacherList = Infer<typeof AdminTeacherList>;

export const MonthOption = type({ value: string(), label: string() });

export const OverviewSummary = type({
  total_teachers: integer(),
  active_teachers: integer(),
  total_students: integer(),
  active_students: integer(),
  active_job_posts: integer(),
  job_applications: integer(),
});

export const ClassModeSlice = type({ name: string(), value: integer() });
export const BusyHoursBar = type({
  slot: string(),
  school_students: integer(),
  college_students: integer(),
  working_pro: integer(),
});
export const SubjectBar = type({ subject: string(), count: integer() });
/** Postings open during the month, per industry (every industry, zeros included). */
export const IndustryBar = type({ industry: string(), label: string(), count: integer() });

/** GET /api/v1/admin/overview?month=YYYY-MM: every figure of the dashboard for one month (D9). */
export const MonthOverview = type({
  status: literal('success'),
  data: type({
    month: string(),
    label: string(),
    months: array(MonthOption),
    summary: OverviewSummary,
    teaching: type({
      class_modes: array(ClassModeSlice),
      busy_hours: array(BusyHoursBar),
      searched_subjects: array(SubjectBar),
    }),
    jobs: type({
      industry_postings: array(IndustryBar),
      hiring_ratio: array(ClassModeSlice),
    }),
  }),
});
export type MonthOverview = Infer<typeof MonthOverview>['data'];

export const AdminNotification = type({
  id: string(),
  kind: string(),
  /** In English; `params` carry its values so that a client words it in the reader's language. */
  message: string(),
  /**
   * teacher_registered, job_application_created and job_application_withdrawn: `name` (the teacher,
   * the posting's title);
   * request_created: `name` (the student) and `subjects` (null when none); sign_in_failures: `email`,
   * `failures` (null when unknown) and `minutes`.
   */
  params: optional(
    type({
      name: optional(string()),
      subjects: optional(nullable(array(string()))),
      email: optional(string()),
      failures: optional(nullable(number())),
      minutes: optional(number()),
    }),
  ),
  created_at: string(),
});
export type AdminNotification = Infer<typeof AdminNotification>;

/**
 * GET /api/v1/admin/notifications?offset=&limit=: events since the administrator last marked them
 * read, newest first, a page at a time (10 by default); `has_more` says whether another page follows.
 */
export const AdminNotifications = type({
  status: literal('success'),
  data: array(AdminNotification),
  since: nullable(string()),
  has_more: optional(boolean()),
});

/**
 * GET /api/v1/admin/teacher_approvals?offset=&limit=: pending teachers whose documents are on file,
 * oldest first, a page at a time; `total_count` is how many wait in all.
 */
export const TeacherApprovals = type({
  status: literal('success'),
  data: array(TeacherRecord),
  total_count: integer(),
});

/**
 * GET /api/v1/admin/dashboard: the dashboard's first screen in one answer. Each part is what its own
 * call answers for that screen: this month's overview, the first teacher approvals
 * (`APPROVALS_FIRST`), the subjects waiting for review and the approved list they may be merged
 * into, and the first page of notifications.
 */
export const AdminDashboard = type({
  status: literal('success'),
  overview: MonthOverview,
  teacher_approvals: TeacherApprovals,
  subject_suggestions: SubjectSuggestionsResponse,
  subjects: SubjectsResponse,
  notifications: AdminNotifications,
});

/** PATCH /api/v1/teachers/{id}/approve and /reject. */
export const TeacherDecision = type({ status: literal('success'), data: TeacherRecord });

export const ActivityEntry = type({
  id: integer(),
  actor_type: string(),
  actor_id: nullable(integer()),
  actor_email: nullable(string()),
  action: string(),
  subject_type: nullable(string()),
  subject_id: nullable(integer()),
  details: nullable(record(string(), unknown())),
  created_at: string(),
});

/** GET /Activity-Log. */
export const ActivityLogPage = type({
  status: literal('success'),
  data: array(ActivityEntry),
  total_count: integer(),
  pagination: Pagination,
});

export const SuccessMessage = type({ status: literal('success'), message: optional(string()) });

/** A request a student sent to one teacher, as the administrator's view of that teacher lists it. */
export const AdminTeacherRequest = type({
  id: integer(),
  student_name: string(),
  subjects: string(),
  status: string(),
  mode_of_teaching: string(),
  preferred_time: array(string()),
  created_at: string(),
});
export type AdminTeacherRequest = Infer<typeof AdminTeacherRequest>;

/** One entry of the activity log about (or by) a teacher. */
export const AdminTeacherActivity = type({
  id: integer(),
  action: string(),
  actor_type: string(),
  details: nullable(string()),
  created_at: string(),
});
export type AdminTeacherActivity = Infer<typeof AdminTeacherActivity>;

/** GET /api/v1/admin/teachers/{id}: everything on file about one teacher (administrators only). */
export const AdminTeacherFileResponse = type({
  status: literal('success'),
  data: type({
    teacher: TeacherRecord,
    requests: array(AdminTeacherRequest),
    activity: array(AdminTeacherActivity),
  }),
});
export type AdminTeacherFile = Infer<typeof AdminTeacherFileResponse>['data'];
