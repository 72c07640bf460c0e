import { nullable, optional } from 'superstruct';
import { APPLICATION_NOTE_MAX, COVER_NOTE_MAX } from '../constants';
import { JOB_MESSAGES } from '../rules/jobs';
import {
  ApplicationResponse,
  BoardResponse,
  JobPostingList,
  JobPostingResponse,
  JobSeekerEducationResponse,
  JobSeekerResponse,
  JobSeekerWithEducationResponse,
  MyApplicationsResponse,
} from '../structs/jobs';
import { IdParams, MAX } from './common';
import { fields, formText, queryInt, text, wrapped } from './fields';
import { pdfFile, route } from './route';

const form = (max: number = MAX.name) => optional(formText(max));

const JobSeekerBody = wrapped(
  'job_seeker',
  fields({
    name: form(),
    mobile_number: form(MAX.phone),
    alternate_number: form(MAX.phone),
    gender: form(MAX.short),
    date_of_birth: form(MAX.short),
    marital_status: form(MAX.short),
    address: form(MAX.address),
  }),
);

const PostingBody = wrapped(
  'job_posting',
  fields({
    organisation: form(),
    industry: form(MAX.short),
    title: form(),
    location: form(MAX.name),
    employment_type: form(MAX.short),
    pay_min: form(MAX.short),
    pay_max: form(MAX.short),
    description: form(10_000),
    closing_date: form(MAX.short),
  }),
);

const resume = pdfFile(JOB_MESSAGES.resumeTooLarge);
const PdfFile = { file: ['application/pdf'] };

/** The job side: job seekers, postings, applications and their status. */
export const jobRoutes = {
  createJobSeeker: route({
    id: 'jobSeekers.create',
    method: 'POST',
    path: '/api/v1/job_seekers',
    summary: 'A job seeker saves their details (wrapper `job_seeker`)',
    access: 'job_seeker',
    body: JobSeekerBody,
    status: 201,
    response: JobSeekerResponse,
    errors: [409],
  }),
  showJobSeeker: route({
    id: 'jobSeekers.show',
    method: 'GET',
    path: '/api/v1/job_seekers/:id',
    summary: 'A job seeker’s details and education (owner, administrators)',
    access: 'signed_in',
    params: IdParams,
    response: JobSeekerWithEducationResponse,
  }),
  updateJobSeeker: route({
    id: 'jobSeekers.update',
    method: 'PUT',
    path: '/api/v1/job_seekers/:id',
    summary: 'Change a job seeker’s details',
    access: 'signed_in',
    params: IdParams,
    body: JobSeekerBody,
    response: JobSeekerResponse,
  }),
  showEducation: route({
    id: 'jobSeekers.education',
    method: 'GET',
    path: '/api/v1/job_seekers/:id/education',
    summary: 'A job seeker’s education (null until saved)',
    access: 'signed_in',
    params: IdParams,
    response: JobSeekerEducationResponse,
  }),
  saveEducation: route({
    id: 'jobSeekers.saveEducation',
    method: 'PUT',
    path: '/api/v1/job_seekers/:id/education',
    summary: 'Save education with the PDF resume (multipart `job_seeker_education`)',
    description: 'The resume may be left out when one is already on file.',
    access: 'signed_in',
    params: IdParams,
    body: fields({ qualification: form(12), school_name: form(), year_of_passing: form(MAX.short) }),
    multipart: { wrapper: 'job_seeker_education', files: { resume } },
    response: JobSeekerEducationResponse,
    errors: [413],
  }),
  jobSeekerResume: route({
    id: 'jobSeekers.resume',
    method: 'GET',
    path: '/api/v1/job_seekers/:id/resume',
    summary: 'A job seeker’s resume (owner, administrators)',
    access: 'signed_in',
    params: IdParams,
    response: PdfFile,
  }),
  listPostings: route({
    id: 'jobPostings.list',
    method: 'GET',
    path: '/api/v1/job_postings',
    summary: 'Open job postings, filtered (administrators may include closed ones: `status=all`)',
    access: 'optional',
    query: fields({
      page: optional(queryInt(1, 1_000_000)),
      limit: optional(queryInt(1, 1000)),
      industry: optional(text(MAX.short)),
      district: optional(text(MAX.name)),
      type: optional(text(MAX.short)),
      q: optional(text(MAX.name)),
      status: optional(text(MAX.short)),
    }),
    response: JobPostingList,
  }),
  showPosting: route({
    id: 'jobPostings.show',
    method: 'GET',
    path: '/api/v1/job_postings/:id',
    summary: 'One job posting (with the caller’s application, for a job seeker)',
    access: 'optional',
    params: IdParams,
    response: JobPostingResponse,
  }),
  createPosting: route({
    id: 'jobPostings.create',
    method: 'POST',
    path: '/api/v1/job_postings',
    summary: 'Publish a job posting (administrators; wrapper `job_posting`)',
    access: 'admin',
    body: PostingBody,
    status: 201,
    response: JobPostingResponse,
  }),
  updatePosting: route({
    id: 'jobPostings.update',
    method: 'PUT',
    path: '/api/v1/job_postings/:id',
    summary: 'Change a job posting (administrators)',
    access: 'admin',
    params: IdParams,
    body: PostingBody,
    response: JobPostingResponse,
  }),
  closePosting: route({
    id: 'jobPostings.close',
    method: 'POST',
    path: '/api/v1/job_postings/:id/close',
    summary: 'Close a job posting to applications (administrators)',
    access: 'admin',
    params: IdParams,
    response: JobPostingResponse,
  }),
  reopenPosting: route({
    id: 'jobPostings.reopen',
    method: 'POST',
    path: '/api/v1/job_postings/:id/reopen',
    summary: 'Reopen a job posting (administrators)',
    access: 'admin',
    params: IdParams,
    response: JobPostingResponse,
  }),
  apply: route({
    id: 'jobApplications.create',
    method: 'POST',
    path: '/api/v1/job_postings/:id/applications',
    summary: 'Apply to a posting (multipart or JSON `job_application`; once per posting)',
    description: 'Without a new resume the one on file is sent. Closed postings refuse (409).',
    access: 'job_seeker',
    params: IdParams,
    body: fields({ cover_note: optional(nullable(text(COVER_NOTE_MAX * 2))) }),
    multipart: { wrapper: 'job_application', files: { resume } },
    status: 201,
    response: ApplicationResponse,
    errors: [409, 413],
  }),
  postingApplications: route({
    id: 'jobApplications.listForPosting',
    method: 'GET',
    path: '/api/v1/job_postings/:id/applications',
    summary: 'The hiring board of a posting (administrators)',
    access: 'admin',
    params: IdParams,
    response: BoardResponse,
  }),
  myApplications: route({
    id: 'jobApplications.list',
    method: 'GET',
    path: '/api/v1/job_applications',
    summary: 'The signed-in job seeker’s applications',
    access: 'job_seeker',
    response: MyApplicationsResponse,
  }),
  changeApplicationStatus: route({
    id: 'jobApplications.updateStatus',
    method: 'PATCH',
    path: '/api/v1/job_applications/:id/status',
    summary: 'Move an application along the hiring steps (administrators; wrapper `job_application`)',
    access: 'admin',
    params: IdParams,
    body: wrapped(
      'job_application',
      fields({ status: optional(text(MAX.short)), note: optional(nullable(text(APPLICATION_NOTE_MAX * 2))) }),
    ),
    response: ApplicationResponse,
    errors: [409],
  }),
  withdrawApplication: route({
    id: 'jobApplications.withdraw',
    method: 'POST',
    path: '/api/v1/job_applications/:id/withdraw',
    summary: 'The job seeker withdraws their application while it is still in progress (no body)',
    description:
      'Only an application that is applied or shortlisted; a decided one (hired, not selected) or one ' +
      'already withdrawn is refused with 409. Only the job seeker who sent it may withdraw it (403 for ' +
      'anyone else, administrators included). The administrators are notified; the job seeker may apply ' +
      'again to the posting while it takes applications.',
    access: 'job_seeker',
    params: IdParams,
    response: ApplicationResponse,
    errors: [409],
  }),
  applicationResume: route({
    id: 'jobApplications.resume',
    method: 'GET',
    path: '/api/v1/job_applications/:id/resume',
    summary: 'The resume sent with an application (its job seeker, administrators)',
    access: 'signed_in',
    params: IdParams,
    response: PdfFile,
  }),
};
