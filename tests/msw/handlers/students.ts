import { HttpResponse, http } from 'msw';

export const sampleStudent = {
  id: 7,
  user_id: 42,
  name: 'Riya Sen',
  mobile_number: '9830012345',
  address: '5 Park Street, Kolkata 700016',
  gender: 'female',
  age: 16,
  guardian_number: '',
  is_active: true,
  date_of_birth: '12/03/2009',
  marital_status: 'single',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

export const sampleQualification = {
  id: 3,
  student_id: 7,
  degree_id: 3,
  current_academic_level: 'Primary/Secondary',
  school_name: 'South Point',
  college_name: null,
  university_name: null,
  additional_information: 'Class 10',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

/** Students and their qualifications: echo what was sent as the created record. */
export const studentHandlers = [
  http.post('*/api/v1/students', async ({ request }) => {
    const body = (await request.json()) as { student: Record<string, unknown> };
    return HttpResponse.json(
      { status: 'success', data: { ...sampleStudent, ...body.student, id: 7 }, id: 7 },
      { status: 201 },
    );
  }),
  http.put('*/api/v1/students/:id', async ({ request, params }) => {
    const body = (await request.json()) as { student: Record<string, unknown> };
    return HttpResponse.json({
      status: 'success',
      data: { ...sampleStudent, ...body.student, id: Number(params.id) },
    });
  }),
  http.get('*/api/v1/students/:id', ({ params }) =>
    HttpResponse.json({ status: 'success', data: { ...sampleStudent, id: Number(params.id) } }),
  ),
  http.get('*/api/v1/students/:id/educational_qualifications', () =>
    HttpResponse.json({ status: 'success', data: [] }),
  ),
  http.post('*/api/v1/student_educational_qualifications', async ({ request }) => {
    const body = (await request.json()) as { student_educational_qualification: Record<string, unknown> };
    return HttpResponse.json(
      {
        status: 'success',
        data: { ...sampleQualification, ...body.student_educational_qualification, id: 3 },
      },
      { status: 201 },
    );
  }),
  http.put('*/api/v1/student_educational_qualifications/:id', async ({ request, params }) => {
    const body = (await request.json()) as { student_educational_qualification: Record<string, unknown> };
    return HttpResponse.json({
      status: 'success',
      data: { ...sampleQualification, ...body.student_educational_qualification, id: Number(params.id) },
    });
  }),
];
