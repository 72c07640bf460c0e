/**
 * Sample data the registries (machines/<feature>/index.ts) walk their machines with, shared where
 * two features show the same thing (a job posting on the job list and in the admin's editor) and
 * with the tests' default server answers (tests/msw/handlers/), so one sample is written once.
 */

/** A failure as the HTTP layer reports it (contract/api-failure.ts). */
export const failure = (status: number, body: Record<string, unknown>, message = 'Request failed') => ({
  kind: 'response',
  status,
  body,
  message,
});

/** A request that got no answer. */
export const noResponse = {
  kind: 'no_response',
  status: null,
  body: null,
  message: 'No response from server. Please try again later.',
};

/** A load the server refused: the error event's payload. */
export const LOAD_FAILURE = { error: failure(500, { message: 'Something went wrong' }) };

/** An open job posting (contract/structs/jobs.ts) as the administrators' editor reads it. */
export const SAMPLE_POSTING = {
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
};

/** The same posting as a job seeker reads it (who has not applied yet). */
export const SAMPLE_SEEKER_POSTING = { ...SAMPLE_POSTING, my_application: null };

/** A job seeker's details. */
export const SAMPLE_JOB_SEEKER = {
  id: 3,
  name: 'Rina Das',
  mobile_number: '9876543210',
  alternate_number: '',
  gender: 'female',
  date_of_birth: '31/01/2000',
  marital_status: 'single',
  address: '12 College Street, Kolkata',
};

/** That job seeker's application to the posting, just sent. */
export const SAMPLE_APPLICATION = {
  id: 21,
  cover_note: null as string | null,
  status: 'applied',
  status_note: null,
  resume_url: '/api/v1/job_applications/21/resume',
  created_at: '2025-03-02T10:00:00.000Z',
  history: [{ status: 'applied', note: null, created_at: '2025-03-02T10:00:00.000Z' }],
};

/** A job seeker's applications: one still in progress (Maths Tutor), one decided (Physics Teacher). */
export const SAMPLE_MY_APPLICATIONS = [
  {
    id: 22,
    job_posting_id: 12,
    cover_note: null,
    status: 'applied',
    status_note: null,
    created_at: '2025-03-04T10:00:00.000Z',
    history: [{ status: 'applied', note: null, created_at: '2025-03-04T10:00:00.000Z' }],
    posting: {
      ...SAMPLE_SEEKER_POSTING,
      id: 12,
      title: 'Maths Tutor',
      my_application: { id: 22, status: 'applied' },
    },
  },
  {
    id: 21,
    job_posting_id: 11,
    cover_note: null,
    status: 'hired',
    status_note: 'Please join on the 1st.',
    created_at: '2025-03-02T10:00:00.000Z',
    history: [
      { status: 'applied', note: null, created_at: '2025-03-02T10:00:00.000Z' },
      { status: 'hired', note: 'Please join on the 1st.', created_at: '2025-03-05T10:00:00.000Z' },
    ],
    posting: SAMPLE_SEEKER_POSTING,
  },
];
