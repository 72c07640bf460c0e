import { HttpResponse, http } from 'msw';

/** A full teacher record (contract/structs/teacher.ts) for client tests. */
export function teacherRecord(overrides: Record<string, unknown> = {}) {
  return {
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
    teacher_educational_qualification: null,
    teacher_preference: {
      id: 4,
      teacher_id: 21,
      teaching_radius_km: 10,
      preferred_teaching_type: 'individual',
      prior_experience: 2,
      teaching_mode: 'offline',
      teaching_location_preference: null,
      teaching_school: false,
      special_need_children: false,
      special_attention_children: false,
      preferred_medium: ['english', 'bengali'],
      subject_ids: [1],
      subjects: [{ id: 1, name: 'Physics' }],
      mark_sheet: { id: 2, url: '/api/v1/uploads/2', file_name: 'marks.png', content_type: 'image/png' },
      highest_qualification_certificate: null,
      resume: null,
    },
    teacher_schedules: [
      {
        id: 1,
        teacher_id: 21,
        week_day: 0,
        time_slots: [{ id: 1, time_of_day: 'morning', preferred_group: 'any' }],
      },
    ],
    subjects: [{ id: 1, name: 'Physics' }],
    ...overrides,
  };
}

/** Default teacher endpoints: every write succeeds; reads answer the sample record. */
export const teacherHandlers = [
  // The dashboard in one call; without `requests` here the page loads them from the request list,
  // which tests override per case.
  http.get('*/api/v1/teachers/me/dashboard', () =>
    HttpResponse.json({ status: 'success', data: { teacher: teacherRecord() } }),
  ),
  http.get('*/api/v1/teachers/:id', ({ params }) =>
    HttpResponse.json({ status: 'success', data: teacherRecord({ id: Number(params.id) }) }),
  ),
  http.post('*/api/v1/teachers', () =>
    HttpResponse.json({ status: 'success', data: teacherRecord() }, { status: 201 }),
  ),
  http.post('*/api/v1/teachers/:id', ({ params }) =>
    HttpResponse.json({ status: 'success', data: teacherRecord({ id: Number(params.id) }) }),
  ),
  http.post('*/api/v1/teachers/:id/teacher_educational_qualifications', () =>
    HttpResponse.json(
      {
        status: 'success',
        data: {
          id: 1,
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
        },
      },
      { status: 201 },
    ),
  ),
  http.post('*/api/v1/teachers/:id/teacher_preferences', () =>
    HttpResponse.json({ status: 'success', data: teacherRecord().teacher_preference }, { status: 201 }),
  ),
  http.post('*/api/v1/teachers/:id/teacher_schedules/import_schedule', () =>
    HttpResponse.json({ status: 'success', data: teacherRecord().teacher_schedules }, { status: 201 }),
  ),
];
