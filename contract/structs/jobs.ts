import { array, boolean, type Infer, integer, literal, nullable, optional, string, type } from 'superstruct';

/** A job seeker's personal details (date_of_birth DD/MM/YYYY). */
export const JobSeekerRecord = type({
  id: integer(),
  user_id: integer(),
  name: string(),
  mobile_number: string(),
  alternate_number: string(),
  gender: string(),
  date_of_birth: string(),
  marital_status: string(),
  address: string(),
});
export type JobSeekerRecord = Infer<typeof JobSeekerRecord>;
export const JobSeekerResponse = type({
  status: literal('success'),
  data: JobSeekerRecord,
  id: optional(integer()),
});

/** A job seeker's education; the resume is read from resume_url (owner, administrators). */
export const JobSeekerEducation = type({
  id: integer(),
  job_seeker_id: integer(),
  qualification: integer(),
  school_name: string(),
  year_of_passing: string(),
  resume_url: string(),
});
export type JobSeekerEducation = Infer<typeof JobSeekerEducation>;
export const JobSeekerEducationResponse = type({
  status: literal('success'),
  data: nullable(JobSeekerEducation),
});

export const MyApplicationRef = type({ id: integer(), status: string() });

export const JobPosting = type({
  id: integer(),
  organisation: string(),
  industry: string(),
  title: string(),
  location: string(),
  employment_type: string(),
  pay_min: nullable(integer()),
  pay_max: nullable(integer()),
  description: string(),
  /** 'YYYY-MM-DD'. */
  closing_date: string(),
  status: string(),
  accepting_applications: boolean(),
  created_at: string(),
  my_application: optional(nullable(MyApplicationRef)),
});
export type JobPosting = Infer<typeof JobPosting>;

export const JobPostingResponse = type({
  status: literal('success'),
  data: JobPosting,
  id: optional(integer()),
});
export const JobPostingList = type({
  status: literal('success'),
  data: array(JobPosting),
  total_count: integer(),
  pagination: type({ next: nullable(integer()), prev: nullable(integer()) }),
});
export type JobPostingList = Infer<typeof JobPostingList>;

export const ApplicationEvent = type({ status: string(), note: nullable(string()), created_at: string() });
export type ApplicationEvent = Infer<typeof ApplicationEvent>;

export const JobApplication = type({
  id: integer(),
  job_posting_id: integer(),
  job_seeker_id: integer(),
  cover_note: nullable(string()),
  status: string(),
  status_note: nullable(string()),
  resume_url: string(),
  created_at: string(),
  history: array(ApplicationEvent),
  /** On creation: the posting applied to. */
  posting: optional(JobPosting),
});
export type JobApplication = Infer<typeof JobApplication>;

/** One of the job seeker's applications, with the posting it was made to. */
export const MyApplication = type({
  id: integer(),
  job_posting_id: integer(),
  cover_note: nullable(string()),
  status: string(),
  status_note: nullable(string()),
  created_at: string(),
  history: array(ApplicationEvent),
  posting: JobPosting,
});
export type MyApplication = Infer<typeof MyApplication>;
export const MyApplicationsResponse = type({ status: literal('success'), data: array(MyApplication) });
export const ApplicationResponse = type({
  status: literal('success'),
  data: JobApplication,
  id: optional(integer()),
});

/** An application on the hiring board, with the applicant's details. */
export const BoardApplication = type({
  id: integer(),
  cover_note: nullable(string()),
  status: string(),
  status_note: nullable(string()),
  resume_url: string(),
  created_at: string(),
  history: array(ApplicationEvent),
  job_seeker: type({
    id: integer(),
    name: string(),
    email: string(),
    mobile_number: string(),
    alternate_number: string(),
    gender: string(),
    date_of_birth: string(),
    marital_status: string(),
    address: string(),
  }),
  education: nullable(JobSeekerEducation),
});
export type BoardApplication = Infer<typeof BoardApplication>;
export const BoardResponse = type({
  status: literal('success'),
  data: array(BoardApplication),
  posting: JobPosting,
});

/** GET /api/v1/job_seekers/{id}: the details with the education on file (or null). */
export const JobSeekerWithEducationResponse = type({
  status: literal('success'),
  data: type({
    id: integer(),
    user_id: integer(),
    name: string(),
    mobile_number: string(),
    alternate_number: string(),
    gender: string(),
    date_of_birth: string(),
    marital_status: string(),
    address: string(),
    education: nullable(JobSeekerEducation),
  }),
});
