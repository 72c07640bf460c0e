import { HttpResponse, http } from 'msw';
import { ADMIN_MESSAGES } from '../../../contract/rules/admin';
import type { AdminDashboard, MonthOverview } from '../../../contract/structs/admin';
import type { TeacherRecord } from '../../../contract/structs/teacher';
import { sampleSubjects } from './reference';

/** An admin list teacher record with sensible defaults. */
export function adminTeacher(id: number, over: Partial<TeacherRecord> = {}): TeacherRecord {
  return {
    id,
    user_id: 100 + id,
    name: `Teacher ${String(id).padStart(2, '0')}`,
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
    aadhar_photo: null,
    is_active: id % 4 !== 0,
    verification_status: id % 5 === 0 ? 'verified' : 'pending',
    verified: id % 5 === 0,
    rejection_reason: null,
    review_version: 1,
    created_at: '2025-01-10T10:00:00.000Z',
    teacher_educational_qualification: null,
    teacher_preference: {
      id,
      teacher_id: id,
      teaching_radius_km: 10,
      preferred_teaching_type: 'individual',
      prior_experience: 3,
      teaching_mode: 'offline',
      teaching_location_preference: null,
      teaching_school: false,
      special_need_children: false,
      special_attention_children: false,
      preferred_medium: ['english'],
      subject_ids: [1],
      subjects: [{ id: 1, name: 'Physics' }],
      mark_sheet: null,
      highest_qualification_certificate: null,
      resume: null,
    },
    teacher_schedules: [],
    subjects: [{ id: 1, name: 'Physics' }],
    ...over,
  };
}

/** 23 teachers, newest first, like the server orders them. */
export const adminTeachers: TeacherRecord[] = Array.from({ length: 23 }, (_, i) => adminTeacher(23 - i));

/** The server's list semantics over `adminTeachers` (status filter, search, pages). */
export function listTeachers(url: URL, teachers = adminTeachers) {
  const page = Number(url.searchParams.get('page') ?? 1);
  const limit = Number(url.searchParams.get('limit') ?? 10);
  const status = url.searchParams.get('status') ?? 'all';
  const search = (url.searchParams.get('search') ?? '').toLowerCase();
  const matching = teachers.filter(
    (t) =>
      (status === 'all' || t.is_active === (status === 'active')) &&
      (!search ||
        [t.name, t.email, t.address, t.mobile_number, ...t.subjects.map((s) => s.name)].some((v) =>
          v.toLowerCase().includes(search),
        )),
  );
  const pages = Math.max(1, Math.ceil(matching.length / limit));
  return {
    status: 'success',
    data: matching.slice((page - 1) * limit, page * limit),
    teacher_count: matching.length,
    pagination: { next: page < pages ? page + 1 : null, prev: page > 1 ? page - 1 : null },
  };
}

export const sampleOverview: MonthOverview = {
  month: '2025-03',
  label: 'March, 2025',
  months: [
    { value: '2025-03', label: 'March, 2025' },
    { value: '2025-01', label: 'January, 2025' },
  ],
  summary: {
    total_teachers: 192,
    active_teachers: 134,
    total_students: 2203,
    active_students: 1898,
    active_job_posts: 4,
    job_applications: 9,
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

export const januaryOverview: MonthOverview = {
  ...sampleOverview,
  month: '2025-01',
  label: 'January, 2025',
  summary: { ...sampleOverview.summary, total_teachers: 150, active_teachers: 101 },
  teaching: {
    class_modes: [
      { name: 'Online', value: 0 },
      { name: 'Offline', value: 0 },
      { name: 'Mix', value: 0 },
    ],
    busy_hours: sampleOverview.teaching.busy_hours,
    searched_subjects: [],
  },
};

/** The server's 409 when another administrator already rejected the teacher for `reason`. */
export const alreadyRejected = (reason: string) =>
  HttpResponse.json(
    {
      error: 'conflict',
      message: ADMIN_MESSAGES.alreadyDecided,
      verification_status: 'rejected',
      rejection_reason: reason,
    },
    { status: 409 },
  );

/**
 * The server's 409 when the teacher changed their documents since the screen showed them: what is
 * stored now (still pending, the new version and what changed).
 */
export const changedSinceShown = (version: number, changes: string[]) =>
  HttpResponse.json(
    {
      error: 'conflict',
      message: ADMIN_MESSAGES.changedSinceShown,
      verification_status: 'pending',
      review_version: version,
      review_changes: changes,
    },
    { status: 409 },
  );

/**
 * The dashboard's first screen in one answer (GET /api/v1/admin/dashboard): each part as the
 * handlers below answer its own call, unless given.
 */
export const adminDashboardAnswer = (
  parts: Partial<Omit<typeof AdminDashboard.TYPE, 'status'>> = {},
): typeof AdminDashboard.TYPE => ({
  status: 'success',
  overview: { status: 'success', data: sampleOverview },
  teacher_approvals: { status: 'success', data: [], total_count: 0 },
  subject_suggestions: { status: 'success', data: [] },
  subjects: { status: 'success', data: sampleSubjects },
  notifications: { status: 'success', data: [], since: '2025-03-01T00:00:00.000Z' },
  ...parts,
});

export const adminHandlers = [
  http.get('*/api/v1/admin/dashboard', () => HttpResponse.json(adminDashboardAnswer())),
  http.post('*/admin_users/tokens/sign_in', async ({ request }) => {
    const body = (await request.json()) as { email?: string; password?: string };
    if (body.password !== 'adminpass123')
      return HttpResponse.json(
        { error: 'invalid_grant', message: 'Invalid credentials. Please check your email and password.' },
        { status: 401 },
      );
    return HttpResponse.json({
      token: 'admin-token',
      refresh_token: 'admin-refresh',
      resource_owner: { id: 3, email: body.email },
      user_id: 3,
    });
  }),
  http.post('*/admin_users', () =>
    HttpResponse.json({ status: 'success', data: { id: 1, email: 'first@example.com' } }, { status: 201 }),
  ),
  http.get('*/api/v1/teachers', ({ request }) => HttpResponse.json(listTeachers(new URL(request.url)))),
  http.get('*/api/v1/admin/overview', ({ request }) =>
    HttpResponse.json({
      status: 'success',
      data: new URL(request.url).searchParams.get('month') === '2025-01' ? januaryOverview : sampleOverview,
    }),
  ),
  http.get('*/api/v1/admin/notifications', () =>
    HttpResponse.json({ status: 'success', data: [], since: '2025-03-01T00:00:00.000Z' }),
  ),
  http.post('*/api/v1/admin/notifications/seen', () => HttpResponse.json({ status: 'success' })),
  http.get('*/api/v1/admin/teacher_approvals', () =>
    HttpResponse.json({ status: 'success', data: [], total_count: 0 }),
  ),
  // New subjects (D14): none waiting by default.
  http.get('*/api/v1/admin/subjects', () => HttpResponse.json({ status: 'success', data: [] })),
];
