import { toWireDate } from '../../contract/rules/common';
import type { JobPostingValues } from '../../contract/rules/job-postings';
import { JOB_MESSAGES, type JobEducationValues, type JobPersonalValues } from '../../contract/rules/jobs';
import {
  ApplicationResponse,
  BoardResponse,
  type JobPosting,
  JobPostingList,
  JobPostingResponse,
  JobSeekerEducationResponse,
  JobSeekerResponse,
  MyApplicationsResponse,
} from '../../contract/structs/jobs';
import { session } from '../lib/session';
import { fetchUser } from './auth';
import { ApiError, request, toFormData } from './client';

/** The job side's calls: job seeker details and resume, postings, applications, hiring. */

/** The signed-in job seeker's id: the stored job_seeker_id, else the user's profile (stored). */
export async function resolveJobSeekerId(): Promise<number | null> {
  const stored = session.numberOf('jobSeekerId');
  if (stored) return stored;
  const userId = session.userId();
  if (!userId) return null;
  const id = (await fetchUser(userId)).profile?.[0]?.id ?? null;
  if (id) session.set('jobSeekerId', id);
  return id;
}

const personalBody = (values: JobPersonalValues) => ({
  job_seeker: { ...values, date_of_birth: values.date_of_birth ? toWireDate(values.date_of_birth) : '' },
});

/** Creates the job seeker's record, or updates it when it exists. */
export async function saveJobSeeker(values: JobPersonalValues) {
  const id = await resolveJobSeekerId();
  if (id) {
    return (
      await request(JobSeekerResponse, {
        method: 'PUT',
        url: `/api/v1/job_seekers/${id}`,
        data: personalBody(values),
      })
    ).data;
  }
  try {
    const created = (
      await request(JobSeekerResponse, {
        method: 'POST',
        url: '/api/v1/job_seekers',
        data: personalBody(values),
      })
    ).data;
    session.set('jobSeekerId', created.id);
    return created;
  } catch (error) {
    const existing = error instanceof ApiError && error.status === 409 ? Number(error.data.id) : 0;
    if (existing > 0) {
      session.set('jobSeekerId', existing);
      return saveJobSeeker(values);
    }
    throw error;
  }
}

export const NO_JOB_SEEKER = JOB_MESSAGES.personalDetailsFirst;

/** Saves the education with the chosen resume (multipart). */
export async function saveJobEducation(values: JobEducationValues, resume: Blob | null) {
  const id = await resolveJobSeekerId();
  if (!id) throw new Error(NO_JOB_SEEKER);
  const form = toFormData('job_seeker_education', { ...values, resume });
  return (
    await request(JobSeekerEducationResponse, {
      method: 'PUT',
      url: `/api/v1/job_seekers/${id}/education`,
      data: form,
    })
  ).data;
}

export const fetchJobEducation = async (jobSeekerId: number) =>
  (await request(JobSeekerEducationResponse, { url: `/api/v1/job_seekers/${jobSeekerId}/education` })).data;

export interface JobListQuery {
  page: number;
  industry: string;
  district: string;
  type: string;
  q: string;
  /** Administrators: closed postings too. */
  all?: boolean;
  /** Postings per page (the server's default when absent). */
  limit?: number;
}

export const fetchJobPostings = (query: JobListQuery) =>
  request(JobPostingList, {
    url: '/api/v1/job_postings',
    params: {
      page: query.page,
      industry: query.industry,
      district: query.district,
      type: query.type,
      q: query.q.trim(),
      status: query.all ? 'all' : undefined,
      limit: query.limit,
    },
  });

/**
 * Administrators: every posting, open and closed, newest first. The server answers a page at a
 * time; this follows the pages to the last, so no posting is out of the administrator's reach.
 */
export async function fetchEveryJobPosting(): Promise<JobPosting[]> {
  const postings: JobPosting[] = [];
  let page: number | null = 1;
  while (page !== null) {
    const res = await fetchJobPostings({
      page,
      industry: '',
      district: '',
      type: '',
      q: '',
      all: true,
      limit: 100,
    });
    postings.push(...res.data);
    page = res.pagination.next;
  }
  return postings;
}

export const fetchJobPosting = async (id: number) =>
  (await request(JobPostingResponse, { url: `/api/v1/job_postings/${id}` })).data;

/** Applies with the resume on file, or `resume` when a new one is chosen. */
export async function applyToJob(postingId: number, coverNote: string, resume: Blob | null) {
  const form = toFormData('job_application', { cover_note: coverNote.trim() || undefined, resume });
  return (
    await request(ApplicationResponse, {
      method: 'POST',
      url: `/api/v1/job_postings/${postingId}/applications`,
      data: form,
    })
  ).data;
}

export const fetchMyApplications = async () =>
  (await request(MyApplicationsResponse, { url: '/api/v1/job_applications' })).data;

/** The job seeker withdraws their application (only while it is in progress; 409 once decided). */
export const withdrawApplication = async (applicationId: number) =>
  (
    await request(ApplicationResponse, {
      method: 'POST',
      url: `/api/v1/job_applications/${applicationId}/withdraw`,
    })
  ).data;

// ---------------------------------------------------------------- administrators

const postingBody = (values: JobPostingValues) => ({ job_posting: values });

export const createJobPosting = async (values: JobPostingValues) =>
  (
    await request(JobPostingResponse, {
      method: 'POST',
      url: '/api/v1/job_postings',
      data: postingBody(values),
    })
  ).data;

export const updateJobPosting = async (id: number, values: JobPostingValues) =>
  (
    await request(JobPostingResponse, {
      method: 'PUT',
      url: `/api/v1/job_postings/${id}`,
      data: postingBody(values),
    })
  ).data;

export const setJobPostingOpen = async (id: number, open: boolean) =>
  (
    await request(JobPostingResponse, {
      method: 'POST',
      url: `/api/v1/job_postings/${id}/${open ? 'reopen' : 'close'}`,
    })
  ).data;

export const fetchPostingApplications = (postingId: number) =>
  request(BoardResponse, { url: `/api/v1/job_postings/${postingId}/applications` });

export const moveApplication = async (applicationId: number, status: string, note: string) =>
  (
    await request(ApplicationResponse, {
      method: 'PATCH',
      url: `/api/v1/job_applications/${applicationId}/status`,
      data: { status, note: note.trim() || undefined },
    })
  ).data;
