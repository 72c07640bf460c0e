import type { FastifyInstance, FastifyReply } from 'fastify';
import { jobRoutes } from '../../contract/api';
import { RESUME_MAX_BYTES, ROLE } from '../../contract/constants';
import { fromWireDate } from '../../contract/rules/common';
import { ACCESS_MESSAGES } from '../../contract/rules/http';
import {
  POSTING_MESSAGES,
  postingFormFrom,
  validateCoverNote,
  validateJobPosting,
} from '../../contract/rules/job-postings';
import {
  JOB_MESSAGES,
  type JobPersonalValues,
  schoolNameRule,
  validateJobPersonal,
  validateYearOfPassing,
} from '../../contract/rules/jobs';
import { assertValid, forbidden, HttpError, notFound } from '../lib/http';
import { emailNotifications } from '../lib/notifications';
import { pageParams, paginationFor } from '../lib/pagination';
import { serve } from '../lib/route';
import { type ReceivedFile, readUploadFile, storeUpload, uploadById } from '../lib/uploads';
import { isAdmin, type Principal, principalOf } from '../plugins/auth';
import {
  applicationById,
  applicationsOfPosting,
  applicationsOfSeeker,
  applyToPosting,
  changeApplicationStatus,
  createJobSeeker,
  createPosting,
  degreeExists,
  educationOf,
  historyOf,
  jobSeekerById,
  jobSeekerOfUser,
  listPostings,
  mayReadResume,
  myApplicationsFor,
  ownJobSeeker,
  postingById,
  saveEducation,
  serializeApplication,
  serializeEducation,
  serializeJobSeeker,
  serializePosting,
  setPostingOpen,
  updateJobSeeker,
  updatePosting,
  withdrawApplication,
} from '../services/jobs';
import { contentDisposition } from './uploads';

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The `job_seeker` body, checked with the form's own rules (D7), as column values. */
function personalValues(b: Record<string, unknown>) {
  const wireDob = text(b.date_of_birth).trim();
  const isoDob = /^\d{4}-\d{2}-\d{2}$/.test(wireDob) ? wireDob : fromWireDate(wireDob);
  const form: JobPersonalValues = {
    name: text(b.name),
    mobile_number: text(b.mobile_number).trim(),
    alternate_number: text(b.alternate_number).trim(),
    gender: text(b.gender),
    date_of_birth: isoDob ?? '',
    marital_status: text(b.marital_status),
    address: text(b.address),
  };
  const errors = validateJobPersonal(form);
  if (wireDob && !isoDob) errors.date_of_birth = JOB_MESSAGES.dateOfBirthInvalid;
  assertValid(errors);
  return {
    name: form.name.trim(),
    mobileNumber: form.mobile_number,
    alternateNumber: form.alternate_number,
    gender: form.gender,
    dateOfBirth: form.date_of_birth,
    maritalStatus: form.marital_status,
    address: form.address.trim(),
  };
}

/** A resume file: a PDF by its content, at most RESUME_MAX_BYTES (413 over it). */
function checkResume(file: ReceivedFile | undefined): ReceivedFile | undefined {
  if (!file) return undefined;
  if (file.size > RESUME_MAX_BYTES)
    throw new HttpError(413, {
      error: 'payload_too_large',
      message: JOB_MESSAGES.resumeTooLarge,
      errors: { resume: [JOB_MESSAGES.resumeTooLarge] },
    });
  if (file.sniffed !== 'application/pdf') assertValid({ resume: JOB_MESSAGES.resumeNotPdf });
  return file;
}

async function sendPdf(app: FastifyInstance, reply: FastifyReply, uploadId: number) {
  const row = await uploadById(app, uploadId);
  if (!row) throw notFound('File not found');
  let data: Buffer;
  try {
    data = await readUploadFile(app, row);
  } catch {
    throw notFound('File not found');
  }
  return reply
    .header('content-type', row.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', contentDisposition(row.originalName))
    .send(data);
}

/** The signed-in job seeker's record, or 403 / 422 when there is none. */
async function callerSeeker(app: FastifyInstance, p: Principal) {
  if (p.type !== 'user' || p.role !== ROLE.jobSeeker) throw forbidden(ACCESS_MESSAGES.jobSeekersOnly);
  const seeker = await jobSeekerOfUser(app.db, p.id);
  if (!seeker) assertValid({ job_seeker: POSTING_MESSAGES.profileMissing });
  return seeker as NonNullable<typeof seeker>;
}

/**
 * The job side: job seekers' details and resume, postings administrators publish, applications and
 * their status changes. Every handler parses, authorises and calls server/services/jobs.ts.
 */
export default async function jobsRoutes(app: FastifyInstance) {
  // ---------------------------------------------------------------------------- job seekers

  serve(app, jobRoutes.createJobSeeker, async ({ body }, request) => {
    const p = principalOf(request);
    if (isAdmin(p)) throw forbidden(ACCESS_MESSAGES.jobSeekersCreateOwn);
    const values = personalValues(body);
    const existing = await jobSeekerOfUser(app.db, p.id);
    if (existing) {
      throw new HttpError(409, {
        error: 'conflict',
        message: ACCESS_MESSAGES.detailsAlreadySaved,
        id: existing.id,
      });
    }
    const row = await createJobSeeker(app.db, p.id, values);
    return { status: 'success', data: serializeJobSeeker(row), id: row.id };
  });

  serve(app, jobRoutes.showJobSeeker, async ({ params: { id } }, request) => {
    const seeker = await ownJobSeeker(app.db, principalOf(request), id);
    const education = await educationOf(app.db, seeker.id);
    return {
      status: 'success',
      data: { ...serializeJobSeeker(seeker), education: education ? serializeEducation(education) : null },
    };
  });

  serve(app, jobRoutes.updateJobSeeker, async ({ params: { id }, body }, request) => {
    const seeker = await ownJobSeeker(app.db, principalOf(request), id);
    const values = personalValues(body);
    const row = await updateJobSeeker(app.db, seeker.id, values);
    return { status: 'success', data: serializeJobSeeker(row) };
  });

  serve(app, jobRoutes.showEducation, async ({ params: { id } }, request) => {
    const seeker = await ownJobSeeker(app.db, principalOf(request), id);
    const education = await educationOf(app.db, seeker.id);
    return { status: 'success', data: education ? serializeEducation(education) : null };
  });

  // Multipart `job_seeker_education[qualification|school_name|year_of_passing|resume]`; the resume
  // may be left out when one is already on file.
  serve(app, jobRoutes.saveEducation, async ({ params: { id }, body }, request) => {
    const p = principalOf(request);
    const seeker = await ownJobSeeker(app.db, p, id);
    const { fields, files } = body;
    const errors: Record<string, string> = {};
    const degreeId = Number(text(fields.qualification));
    if (!Number.isInteger(degreeId) || !(await degreeExists(app.db, degreeId)))
      errors.qualification = JOB_MESSAGES.qualificationRequired;
    const school = schoolNameRule(text(fields.school_name));
    if (school) errors.school_name = school;
    const year = validateYearOfPassing(text(fields.year_of_passing));
    if (year) errors.year_of_passing = year;
    const resume = checkResume(files.resume);
    assertValid(errors);
    const stored = resume
      ? await storeUpload(app, { ownerUserId: seeker.userId, kind: 'resume', file: resume })
      : null;
    const saved = await saveEducation(app.db, seeker.id, {
      degreeId,
      schoolName: text(fields.school_name).trim(),
      yearOfPassing: Number(text(fields.year_of_passing)),
      resumeUploadId: stored?.id ?? null,
    });
    return { status: 'success', data: serializeEducation(saved) };
  });

  serve(app, jobRoutes.jobSeekerResume, async ({ params: { id } }, request, reply) => {
    const p = principalOf(request);
    const seeker = await jobSeekerById(app.db, id);
    if (!seeker) throw notFound('Job seeker not found');
    if (!mayReadResume(p, seeker)) throw forbidden(ACCESS_MESSAGES.resumeNotYours);
    const education = await educationOf(app.db, seeker.id);
    if (!education) throw notFound(ACCESS_MESSAGES.noResume);
    return sendPdf(app, reply, education.resumeUploadId);
  });

  // ---------------------------------------------------------------------------- postings

  serve(app, jobRoutes.listPostings, async ({ query: q }, request) => {
    const { page, limit, offset } = pageParams(q, 10, 50);
    const p = request.principal;
    const { rows, total } = await listPostings(
      app.db,
      {
        industry: q.industry || undefined,
        district: q.district || undefined,
        type: q.type || undefined,
        q: q.q || undefined,
        includeClosed: isAdmin(p) && q.status === 'all',
      },
      { limit, offset },
    );
    const seeker =
      p?.type === 'user' && p.role === ROLE.jobSeeker ? await jobSeekerOfUser(app.db, p.id) : null;
    const mine = seeker
      ? await myApplicationsFor(
          app.db,
          seeker.id,
          rows.map((r) => r.id),
        )
      : new Map();
    return {
      status: 'success',
      data: rows.map((r) => ({ ...serializePosting(r), my_application: mine.get(r.id) ?? null })),
      total_count: total,
      pagination: paginationFor(page, limit, total),
    };
  });

  serve(app, jobRoutes.showPosting, async ({ params: { id } }, request) => {
    const posting = await postingById(app.db, id);
    const p = request.principal;
    const seeker =
      p?.type === 'user' && p.role === ROLE.jobSeeker ? await jobSeekerOfUser(app.db, p.id) : null;
    const mine = seeker ? await myApplicationsFor(app.db, seeker.id, [posting.id]) : new Map();
    return {
      status: 'success',
      data: { ...serializePosting(posting), my_application: mine.get(posting.id) ?? null },
    };
  });

  serve(app, jobRoutes.createPosting, async ({ body }, request) => {
    const values = postingFormFrom(body);
    assertValid(validateJobPosting(values));
    const adminId = principalOf(request).id;
    const row = await createPosting(app.db, values, adminId);
    return { status: 'success', data: serializePosting(row), id: row.id };
  });

  serve(app, jobRoutes.updatePosting, async ({ params: { id }, body }, request) => {
    const existing = await postingById(app.db, id);
    const values = postingFormFrom(body);
    assertValid(validateJobPosting(values, { previousClosingDate: existing.closingDate }));
    const row = await updatePosting(app.db, existing.id, values, principalOf(request).id);
    return { status: 'success', data: serializePosting(row) };
  });

  for (const [spec, open] of [
    [jobRoutes.closePosting, false],
    [jobRoutes.reopenPosting, true],
  ] as const) {
    serve(app, spec, async ({ params: { id } }, request) => {
      const row = await setPostingOpen(app.db, id, open, principalOf(request).id);
      return { status: 'success', data: serializePosting(row) };
    });
  }

  // Multipart or JSON `job_application[cover_note]`, optional `job_application[resume]` (a new PDF;
  // without it the resume on file is sent).
  serve(app, jobRoutes.apply, async ({ params: { id: postingId }, body }, request) => {
    const p = principalOf(request);
    const seeker = await callerSeeker(app, p);
    const { fields, files } = body;
    const coverNote = typeof fields.cover_note === 'string' ? fields.cover_note.trim() : undefined;
    const noteError = validateCoverNote(fields.cover_note);
    assertValid(noteError ? { cover_note: noteError } : {});
    const resume = checkResume(files.resume);
    let resumeUploadId: number;
    if (resume) {
      await postingById(app.db, postingId);
      resumeUploadId = (await storeUpload(app, { ownerUserId: p.id, kind: 'resume', file: resume })).id;
    } else {
      const education = await educationOf(app.db, seeker.id);
      if (!education) assertValid({ resume: POSTING_MESSAGES.resumeMissing });
      resumeUploadId = (education as NonNullable<typeof education>).resumeUploadId;
    }
    const { application, posting } = await applyToPosting(app.db, {
      postingId,
      jobSeekerId: seeker.id,
      resumeUploadId,
      coverNote: coverNote || null,
      userId: p.id,
    });
    const history = await historyOf(app.db, [application.id]);
    return {
      status: 'success',
      data: {
        ...serializeApplication(application),
        posting: serializePosting(posting),
        history: history.get(application.id) ?? [],
      },
      id: application.id,
    };
  });

  serve(app, jobRoutes.postingApplications, async ({ params: { id } }) => {
    const posting = await postingById(app.db, id);
    return {
      status: 'success',
      data: await applicationsOfPosting(app.db, posting.id),
      posting: serializePosting(posting),
    };
  });

  // ---------------------------------------------------------------------------- applications

  serve(app, jobRoutes.myApplications, async (_, request) => {
    const p = principalOf(request);
    if (isAdmin(p)) throw forbidden(ACCESS_MESSAGES.applicationsPerPosting);
    const seeker = await jobSeekerOfUser(app.db, p.id);
    return { status: 'success', data: seeker ? await applicationsOfSeeker(app.db, seeker.id) : [] };
  });

  serve(app, jobRoutes.changeApplicationStatus, async ({ params: { id }, body }, request) => {
    const adminId = principalOf(request).id;
    const { application, notified } = await changeApplicationStatus(app.db, {
      applicationId: id,
      to: body.status,
      note: body.note,
      adminId,
    });
    void emailNotifications(app, notified);
    const history = await historyOf(app.db, [application.id]);
    return {
      status: 'success',
      data: { ...serializeApplication(application), history: history.get(application.id) ?? [] },
    };
  });

  // Only the job seeker who sent it; an administrator, or any other role, is refused like the other
  // job seeker routes refuse them (403).
  serve(app, jobRoutes.withdrawApplication, async ({ params: { id } }, request) => {
    const p = principalOf(request);
    if (p.type !== 'user' || p.role !== ROLE.jobSeeker) throw forbidden(ACCESS_MESSAGES.jobSeekersOnly);
    const seeker = await jobSeekerOfUser(app.db, p.id);
    const application = await withdrawApplication(app.db, {
      applicationId: id,
      jobSeekerId: seeker?.id ?? null,
      userId: p.id,
    });
    const history = await historyOf(app.db, [application.id]);
    return {
      status: 'success',
      data: { ...serializeApplication(application), history: history.get(application.id) ?? [] },
    };
  });

  serve(app, jobRoutes.applicationResume, async ({ params: { id } }, request, reply) => {
    const p = principalOf(request);
    const application = await applicationById(app.db, id);
    const seeker = await jobSeekerById(app.db, application.jobSeekerId);
    if (!seeker || !mayReadResume(p, seeker)) throw forbidden(ACCESS_MESSAGES.resumeNotYours);
    return sendPdf(app, reply, application.resumeUploadId);
  });
}
