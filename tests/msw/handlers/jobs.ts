import { HttpResponse, http } from 'msw';

export const sampleJobSeeker = {
  id: 3,
  user_id: 41,
  name: 'Rina Das',
  mobile_number: '9876543210',
  alternate_number: '',
  gender: 'female',
  date_of_birth: '31/01/2000',
  marital_status: 'single',
  address: '12 College Street, Kolkata',
};

export const sampleJobEducation = {
  id: 1,
  job_seeker_id: 3,
  qualification: 5,
  school_name: 'Hindu School',
  year_of_passing: '2020',
  resume_url: '/api/v1/job_seekers/3/resume',
};

export const samplePosting = (overrides: Record<string, unknown> = {}) => ({
  id: 11,
  organisation: 'Hindu School',
  industry: 'school',
  title: 'Physics Teacher',
  location: 'Kolkata',
  employment_type: 'full_time',
  pay_min: 25000,
  pay_max: 40000,
  description: 'Teach physics to classes 9 to 12.',
  closing_date: '2099-12-31',
  status: 'open',
  accepting_applications: true,
  created_at: '2025-03-01T10:00:00.000Z',
  my_application: null,
  ...overrides,
});

export const sampleApplication = (overrides: Record<string, unknown> = {}) => ({
  id: 21,
  job_posting_id: 11,
  job_seeker_id: 3,
  cover_note: null,
  status: 'applied',
  status_note: null,
  resume_url: '/api/v1/job_applications/21/resume',
  created_at: '2025-03-02T10:00:00.000Z',
  history: [{ status: 'applied', note: null, created_at: '2025-03-02T10:00:00.000Z' }],
  ...overrides,
});

/** Default job side answers: saving succeeds, one open posting, no applications. */
export const jobHandlers = [
  http.post('*/api/v1/job_seekers', () =>
    HttpResponse.json({ status: 'success', data: sampleJobSeeker, id: sampleJobSeeker.id }, { status: 201 }),
  ),
  http.put('*/api/v1/job_seekers/:id', () => HttpResponse.json({ status: 'success', data: sampleJobSeeker })),
  http.put('*/api/v1/job_seekers/:id/education', () =>
    HttpResponse.json({ status: 'success', data: sampleJobEducation }),
  ),
  http.get('*/api/v1/job_seekers/:id/education', () =>
    HttpResponse.json({ status: 'success', data: sampleJobEducation }),
  ),
  http.get('*/api/v1/job_postings', () =>
    HttpResponse.json({
      status: 'success',
      data: [samplePosting()],
      total_count: 1,
      pagination: { next: null, prev: null },
    }),
  ),
  http.get('*/api/v1/job_postings/:id', () =>
    HttpResponse.json({ status: 'success', data: samplePosting() }),
  ),
  http.get('*/api/v1/job_applications', () => HttpResponse.json({ status: 'success', data: [] })),
  http.get('*/api/v1/job_applications/:id/resume', () =>
    HttpResponse.arrayBuffer(new TextEncoder().encode('%PDF-1.4\n%%EOF\n').buffer as ArrayBuffer, {
      headers: { 'content-type': 'application/pdf' },
    }),
  ),
];
