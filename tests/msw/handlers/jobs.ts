import { HttpResponse, http } from 'msw';
import { SAMPLE_JOB_SEEKER, SAMPLE_SEEKER_POSTING } from '../../../machines/samples';

/** The registries' samples (machines/samples.ts), as these routes answer them. */
export const sampleJobSeeker = { ...SAMPLE_JOB_SEEKER, user_id: 41 };

export const sampleJobEducation = {
  id: 1,
  job_seeker_id: 3,
  qualification: 5,
  school_name: 'Hindu School',
  year_of_passing: '2020',
  resume_url: '/api/v1/job_seekers/3/resume',
};

export const samplePosting = (overrides: Record<string, unknown> = {}) => ({
  ...SAMPLE_SEEKER_POSTING,
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
