import { HttpResponse, http } from 'msw';

export const sampleRequest = {
  id: 11,
  student_id: 7,
  teacher_id: null,
  parent_request_id: null,
  subject_ids: [1, 2],
  subjects: [
    { id: 1, name: 'Physics' },
    { id: 2, name: 'Mathematics' },
  ],
  status: 'request_send',
  mode_of_teaching: 'online',
  preferred_group: 'individual',
  preferred_medium: 'english',
  teacher_assignment_preference: 'multiple',
  preferred_time: ['morning', 'afternoon'],
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  student: { id: 7, name: 'Riya Sen', address: '5 Park Street', mobile_number: null },
  teacher: null,
};

export function sampleTeacher(id: number, name: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    user_id: 100 + id,
    name,
    email: '',
    mobile_number: '',
    whatsapp_number: null,
    alt_mobile: null,
    gender: 'female',
    date_of_birth: '',
    address: '',
    latitude: null,
    longitude: null,
    profile_photo: null,
    aadhar_photo: null,
    is_active: true,
    verification_status: 'verified',
    verified: true,
    rejection_reason: null,
    locality: 'Kolkata 700016',
    distance_km: 3.2,
    created_at: '2025-01-01T00:00:00.000Z',
    teacher_educational_qualification: null,
    teacher_preference: {
      id,
      teacher_id: id,
      teaching_radius_km: 10,
      preferred_teaching_type: 'individual',
      prior_experience: 5,
      teaching_mode: 'online',
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
    teacher_schedules: [
      {
        id: id * 10,
        teacher_id: id,
        week_day: 0,
        time_slots: [{ id: 1, time_of_day: 'evening', preferred_group: 'any' }],
      },
    ],
    subjects: [{ id: 1, name: 'Physics' }],
    ...extra,
  };
}

export const sampleMatches = [
  {
    teacher: sampleTeacher(1, 'Anita Roy'),
    covered_subject_ids: [1],
    mode_fit: true,
    medium_fit: true,
    connection: null,
  },
  {
    teacher: sampleTeacher(2, 'Bikash Pal', { verified: false, verification_status: 'pending' }),
    covered_subject_ids: [1],
    mode_fit: true,
    medium_fit: true,
    connection: { id: 30, status: 'accepted' },
  },
];

export function matchesBody(data = sampleMatches, total = data.length) {
  return {
    status: 'success',
    data,
    teacher_count: total,
    page: 1,
    limit: 20,
    pagination: { next: null, prev: null },
    request: sampleRequest,
  };
}

/** Requests, matching teachers and Connect. */
export const requestHandlers = [
  http.post('*/api/v1/teacher_student_requests', async ({ request }) => {
    const body = (await request.json()) as { teacher_student_request: Record<string, unknown> };
    const data = { ...sampleRequest, ...body.teacher_student_request, id: 11 };
    return HttpResponse.json({ status: 'success', data, id: 11 }, { status: 201 });
  }),
  http.get('*/api/v1/teacher_student_requests', () =>
    HttpResponse.json({
      status: 'success',
      data: [sampleRequest],
      total: 1,
      pagination: { next: null, prev: null },
    }),
  ),
  // One request (the change-request form loads it; /requests' Change request lands there).
  http.get('*/api/v1/teacher_student_requests/:id', ({ params }) =>
    HttpResponse.json({ status: 'success', data: { ...sampleRequest, id: Number(params.id) } }),
  ),
  http.get('*/api/v1/teacher_student_requests/:id/matching_teachers', () => HttpResponse.json(matchesBody())),
  http.get('*/api/v1/students/me/finder', () =>
    HttpResponse.json({ status: 'success', data: matchesBody() }),
  ),
  http.post('*/api/v1/teacher_student_requests/:id/connect', async ({ request, params }) => {
    const body = (await request.json()) as { teacher_id: number };
    return HttpResponse.json(
      {
        status: 'success',
        data: {
          ...sampleRequest,
          id: 50,
          parent_request_id: Number(params.id),
          teacher_id: body.teacher_id,
          teacher: { id: body.teacher_id, name: 'Anita Roy' },
        },
      },
      { status: 201 },
    );
  }),
];
