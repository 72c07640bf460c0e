import { and, asc, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { type ApplicationStatus, IN_PROGRESS_STATUSES } from '../../contract/constants';
import { toWireDate } from '../../contract/rules/common';
import { ACCESS_MESSAGES } from '../../contract/rules/http';
import {
  indiaToday,
  isAcceptingApplications,
  type JobPostingValues,
  POSTING_MESSAGES,
  validateStatusChange,
} from '../../contract/rules/job-postings';
import type { Db } from '../db/client';
import {
  degrees,
  jobApplicationEvents,
  jobApplications,
  jobPostings,
  jobSeekerEducations,
  jobSeekers,
  users,
} from '../db/schema';
import { type ActivityAction, logActivity } from '../lib/activity';
import { assertValid, conflict, forbidden, notFound, unprocessable } from '../lib/http';
import { recordNotifications } from '../lib/notifications';
import type { Principal } from '../plugins/auth';

/**
 * The job side's data: job seekers, postings, applications and their history. Route handlers
 * (server/routes/jobs.ts) parse and authorise; everything that reads or writes these tables is here.
 */

type SeekerRow = typeof jobSeekers.$inferSelect;
type EducationRow = typeof jobSeekerEducations.$inferSelect;
type PostingRow = typeof jobPostings.$inferSelect;
type ApplicationRow = typeof jobApplications.$inferSelect;
type EventRow = typeof jobApplicationEvents.$inferSelect;

export const serializeJobSeeker = (s: SeekerRow) => ({
  id: s.id,
  user_id: s.userId,
  name: s.name,
  mobile_number: s.mobileNumber,
  alternate_number: s.alternateNumber,
  gender: s.gender,
  date_of_birth: toWireDate(s.dateOfBirth),
  marital_status: s.maritalStatus,
  address: s.address,
  created_at: s.createdAt.toISOString(),
  updated_at: s.updatedAt.toISOString(),
});

export const serializeEducation = (e: EducationRow) => ({
  id: e.id,
  job_seeker_id: e.jobSeekerId,
  qualification: e.degreeId,
  school_name: e.schoolName,
  year_of_passing: String(e.yearOfPassing),
  resume_url: `/api/v1/job_seekers/${e.jobSeekerId}/resume`,
  updated_at: e.updatedAt.toISOString(),
});

export function serializePosting(p: PostingRow, today = indiaToday()) {
  const wire = { status: p.status, closing_date: p.closingDate };
  return {
    id: p.id,
    organisation: p.organisation,
    industry: p.industry,
    title: p.title,
    location: p.location,
    employment_type: p.employmentType,
    pay_min: p.payMin,
    pay_max: p.payMax,
    description: p.description,
    closing_date: p.closingDate,
    status: p.status,
    accepting_applications: isAcceptingApplications(wire, today),
    closed_at: p.closedAt?.toISOString() ?? null,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

export const serializeEvent = (e: EventRow) => ({
  status: e.status,
  note: e.note,
  created_at: e.createdAt.toISOString(),
});

export const serializeApplication = (a: ApplicationRow) => ({
  id: a.id,
  job_posting_id: a.jobPostingId,
  job_seeker_id: a.jobSeekerId,
  cover_note: a.coverNote,
  status: a.status,
  status_note: a.statusNote,
  status_changed_at: a.statusChangedAt?.toISOString() ?? null,
  resume_url: `/api/v1/job_applications/${a.id}/resume`,
  created_at: a.createdAt.toISOString(),
});

// ------------------------------------------------------------------------------------ job seekers

export async function jobSeekerOfUser(db: Db, userId: number) {
  const [row] = await db.select().from(jobSeekers).where(eq(jobSeekers.userId, userId));
  return row ?? null;
}

/** The job seeker `id`, if the caller is its own user or an administrator (404 / 403 otherwise). */
export async function ownJobSeeker(db: Db, p: Principal, id: number) {
  const [row] = await db.select().from(jobSeekers).where(eq(jobSeekers.id, id));
  if (!row) throw notFound('Job seeker not found');
  if (p.type !== 'admin' && !(p.type === 'user' && p.id === row.userId))
    throw forbidden('You may only see and change your own details.');
  return row;
}

/** A job seeker's record and its audit entry, in one transaction (one per user: the unique index decides). */
export async function createJobSeeker(
  db: Db,
  userId: number,
  values: Omit<typeof jobSeekers.$inferInsert, 'userId'>,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(jobSeekers)
      .values({ ...values, userId })
      .returning();
    await logActivity(tx, {
      actorType: 'user',
      actorId: userId,
      action: 'job_seeker_registered',
      subjectType: 'job_seeker',
      subjectId: row.id,
    });
    return row;
  });
}

/** A job seeker's new personal details. */
export async function updateJobSeeker(
  db: Db,
  id: number,
  values: Omit<typeof jobSeekers.$inferInsert, 'userId'>,
) {
  const [row] = await db
    .update(jobSeekers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(jobSeekers.id, id))
    .returning();
  if (!row) throw notFound('Job seeker not found');
  return row;
}

export async function jobSeekerById(db: Db, id: number) {
  const [row] = await db.select().from(jobSeekers).where(eq(jobSeekers.id, id));
  return row ?? null;
}

export async function educationOf(db: Db, jobSeekerId: number) {
  const [row] = await db
    .select()
    .from(jobSeekerEducations)
    .where(eq(jobSeekerEducations.jobSeekerId, jobSeekerId));
  return row ?? null;
}

export async function degreeExists(db: Db, id: number) {
  const [row] = await db.select({ id: degrees.id }).from(degrees).where(eq(degrees.id, id));
  return Boolean(row);
}

/** Creates or replaces the education record (the resume upload is kept when none is given). */
export async function saveEducation(
  db: Db,
  jobSeekerId: number,
  values: { degreeId: number; schoolName: string; yearOfPassing: number; resumeUploadId: number | null },
) {
  const existing = await educationOf(db, jobSeekerId);
  const resumeUploadId = values.resumeUploadId ?? existing?.resumeUploadId ?? null;
  if (resumeUploadId === null) assertValid({ resume: POSTING_MESSAGES.resumeMissing });
  const row = {
    degreeId: values.degreeId,
    schoolName: values.schoolName,
    yearOfPassing: values.yearOfPassing,
    resumeUploadId: resumeUploadId as number,
  };
  const [saved] = await db
    .insert(jobSeekerEducations)
    .values({ jobSeekerId, ...row })
    .onConflictDoUpdate({ target: jobSeekerEducations.jobSeekerId, set: { ...row, updatedAt: new Date() } })
    .returning();
  return saved;
}

/**
 * Who may read a job seeker's resume: the job seeker, administrators, and (once organisations have
 * their own accounts) the organisations behind the postings the seeker applied to. Today postings
 * are published by administrators, so that last group is the administrators.
 */
export function mayReadResume(p: Principal, seeker: { userId: number }): boolean {
  return p.type === 'admin' || (p.type === 'user' && p.id === seeker.userId);
}

// ------------------------------------------------------------------------------------ postings

export interface PostingFilters {
  industry?: string;
  district?: string;
  type?: string;
  q?: string;
  /** Administrators may list closed postings too. */
  includeClosed?: boolean;
}

function postingConditions(f: PostingFilters, today: string) {
  const conditions = [];
  if (!f.includeClosed) {
    conditions.push(eq(jobPostings.status, 'open'));
    conditions.push(sql`${jobPostings.closingDate} >= ${today}::date`);
  }
  if (f.industry) conditions.push(eq(jobPostings.industry, f.industry as PostingRow['industry']));
  if (f.district) conditions.push(eq(jobPostings.location, f.district));
  if (f.type) conditions.push(eq(jobPostings.employmentType, f.type as PostingRow['employmentType']));
  const q = f.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(jobPostings.title, pattern),
        ilike(jobPostings.organisation, pattern),
        ilike(jobPostings.description, pattern),
      ),
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** A page of postings, newest first, with the total matching. */
export async function listPostings(
  db: Db,
  filters: PostingFilters,
  page: { limit: number; offset: number },
  today = indiaToday(),
) {
  const where = postingConditions(filters, today);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(jobPostings)
      .where(where)
      .orderBy(desc(jobPostings.createdAt), desc(jobPostings.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(jobPostings).where(where),
  ]);
  return { rows, total: Number(total) };
}

export async function postingById(db: Db, id: number) {
  const [row] = await db.select().from(jobPostings).where(eq(jobPostings.id, id));
  if (!row) throw notFound(POSTING_MESSAGES.postingNotFound);
  return row;
}

export function postingColumns(values: JobPostingValues) {
  const pay = (v: string) => (v.trim() === '' ? null : Number(v));
  return {
    organisation: values.organisation.trim(),
    industry: values.industry as PostingRow['industry'],
    title: values.title.trim(),
    location: values.location,
    employmentType: values.employment_type as PostingRow['employmentType'],
    payMin: pay(values.pay_min),
    payMax: pay(values.pay_max),
    description: values.description.trim(),
    closingDate: values.closing_date.trim(),
  };
}

/** The audit entry of an administrator's change to a posting. */
const postingAudit = (tx: Db, adminId: number, action: ActivityAction, postingId: number) =>
  logActivity(tx, {
    actorType: 'admin',
    actorId: adminId,
    action,
    subjectType: 'job_posting',
    subjectId: postingId,
  });

/** A new posting and its audit entry, in one transaction. */
export async function createPosting(db: Db, values: JobPostingValues, adminId: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(jobPostings)
      .values({ ...postingColumns(values), createdByAdminId: adminId })
      .returning();
    await postingAudit(tx, adminId, 'job_posting_created', row.id);
    return row;
  });
}

/** A posting's new values and the audit entry, in one transaction (404 for an unknown posting). */
export async function updatePosting(db: Db, id: number, values: JobPostingValues, adminId: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(jobPostings)
      .set({ ...postingColumns(values), updatedAt: new Date() })
      .where(eq(jobPostings.id, id))
      .returning();
    if (!row) throw notFound(POSTING_MESSAGES.postingNotFound);
    await postingAudit(tx, adminId, 'job_posting_updated', row.id);
    return row;
  });
}

/** Close (no more applications) or reopen a posting, with its audit entry, in one transaction. */
export async function setPostingOpen(db: Db, id: number, open: boolean, adminId: number) {
  const now = new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(jobPostings)
      .set(
        open
          ? { status: 'open', closedAt: null, updatedAt: now }
          : { status: 'closed', closedAt: now, updatedAt: now },
      )
      .where(eq(jobPostings.id, id))
      .returning();
    if (!row) throw notFound(POSTING_MESSAGES.postingNotFound);
    await postingAudit(tx, adminId, open ? 'job_posting_reopened' : 'job_posting_closed', row.id);
    return row;
  });
}

/**
 * The caller's application status per posting id (for the list and the posting page): the live one
 * when there is one, else the latest withdrawn one (after withdrawing, a job seeker may apply again).
 */
export async function myApplicationsFor(db: Db, jobSeekerId: number, postingIds: number[]) {
  if (!postingIds.length) return new Map<number, { id: number; status: string }>();
  const rows = await db
    .select({
      id: jobApplications.id,
      postingId: jobApplications.jobPostingId,
      status: jobApplications.status,
    })
    .from(jobApplications)
    .where(
      and(
        eq(jobApplications.jobSeekerId, jobSeekerId),
        sql`${jobApplications.jobPostingId} = any(${sql.raw(`ARRAY[${postingIds.map(Number).join(',')}]::int[]`)})`,
      ),
    )
    // The last row of a posting wins in the map: withdrawn ones first, then the live one.
    .orderBy(sql`${jobApplications.status} <> 'withdrawn'`, asc(jobApplications.id));
  return new Map(rows.map((r) => [r.postingId, { id: r.id, status: r.status }]));
}

// ------------------------------------------------------------------------------------ applications

/**
 * Applies to a posting: refused when it is closed or past its closing date (422), or when the job
 * seeker already has a live application to it (409: the unique index decides when two requests
 * race). A withdrawn application does not count: its job seeker may apply again.
 */
export async function applyToPosting(
  db: Db,
  options: {
    postingId: number;
    jobSeekerId: number;
    resumeUploadId: number;
    coverNote: string | null;
    /** The applying user (the audit entry's actor). */
    userId: number;
  },
) {
  const posting = await postingById(db, options.postingId);
  if (!isAcceptingApplications({ status: posting.status, closing_date: posting.closingDate }))
    throw unprocessable({ job_posting: [POSTING_MESSAGES.postingClosed] }, POSTING_MESSAGES.postingClosed);
  const alreadyApplied = () => conflict(POSTING_MESSAGES.alreadyApplied);
  const [existing] = await db
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .where(
      and(
        eq(jobApplications.jobPostingId, posting.id),
        eq(jobApplications.jobSeekerId, options.jobSeekerId),
        ne(jobApplications.status, 'withdrawn'),
      ),
    );
  if (existing) throw alreadyApplied();
  // Two applications racing: the unique index decides and server/lib/db-errors.ts answers the same 409.
  return await db.transaction(async (tx) => {
    const [application] = await tx
      .insert(jobApplications)
      .values({
        jobPostingId: posting.id,
        jobSeekerId: options.jobSeekerId,
        resumeUploadId: options.resumeUploadId,
        coverNote: options.coverNote,
      })
      .returning();
    await tx.insert(jobApplicationEvents).values({ jobApplicationId: application.id, status: 'applied' });
    await logActivity(tx, {
      actorType: 'user',
      actorId: options.userId,
      action: 'job_application_created',
      subjectType: 'job_application',
      subjectId: application.id,
      details: { job_posting_id: posting.id, title: posting.title },
    });
    return { application, posting };
  });
}

export async function applicationById(db: Db, id: number) {
  const [row] = await db.select().from(jobApplications).where(eq(jobApplications.id, id));
  if (!row) throw notFound(POSTING_MESSAGES.applicationNotFound);
  return row;
}

export async function historyOf(db: Db, applicationIds: number[]) {
  if (!applicationIds.length) return new Map<number, ReturnType<typeof serializeEvent>[]>();
  const rows = await db
    .select()
    .from(jobApplicationEvents)
    .where(
      sql`${jobApplicationEvents.jobApplicationId} = any(${sql.raw(`ARRAY[${applicationIds.map(Number).join(',')}]::int[]`)})`,
    )
    .orderBy(asc(jobApplicationEvents.createdAt), asc(jobApplicationEvents.id));
  const map = new Map<number, ReturnType<typeof serializeEvent>[]>();
  for (const row of rows) {
    const list = map.get(row.jobApplicationId) ?? [];
    list.push(serializeEvent(row));
    map.set(row.jobApplicationId, list);
  }
  return map;
}

/** A job seeker's applications, newest first, each with its posting and history. */
export async function applicationsOfSeeker(db: Db, jobSeekerId: number) {
  const rows = await db
    .select({ application: jobApplications, posting: jobPostings })
    .from(jobApplications)
    .innerJoin(jobPostings, eq(jobPostings.id, jobApplications.jobPostingId))
    .where(eq(jobApplications.jobSeekerId, jobSeekerId))
    .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id));
  const history = await historyOf(
    db,
    rows.map((r) => r.application.id),
  );
  return rows.map((r) => ({
    ...serializeApplication(r.application),
    posting: serializePosting(r.posting),
    history: history.get(r.application.id) ?? [],
  }));
}

/**
 * A posting's applications for the hiring board, oldest first, with each applicant's details; the
 * withdrawn ones after the others (nothing is left to decide on them).
 */
export async function applicationsOfPosting(db: Db, postingId: number) {
  const rows = await db
    .select({
      application: jobApplications,
      seeker: jobSeekers,
      email: users.email,
      education: jobSeekerEducations,
    })
    .from(jobApplications)
    .innerJoin(jobSeekers, eq(jobSeekers.id, jobApplications.jobSeekerId))
    .innerJoin(users, eq(users.id, jobSeekers.userId))
    .leftJoin(jobSeekerEducations, eq(jobSeekerEducations.jobSeekerId, jobSeekers.id))
    .where(eq(jobApplications.jobPostingId, postingId))
    .orderBy(
      sql`${jobApplications.status} = 'withdrawn'`,
      asc(jobApplications.createdAt),
      asc(jobApplications.id),
    );
  const history = await historyOf(
    db,
    rows.map((r) => r.application.id),
  );
  return rows.map((r) => ({
    ...serializeApplication(r.application),
    job_seeker: { ...serializeJobSeeker(r.seeker), email: r.email },
    education: r.education ? serializeEducation(r.education) : null,
    history: history.get(r.application.id) ?? [],
  }));
}

/**
 * Moves an application to `to` (with an optional note the job seeker sees), in one transaction with
 * the row locked, so two administrators acting at once cannot both move it from the same status.
 */
export async function changeApplicationStatus(
  db: Db,
  options: { applicationId: number; to: unknown; note: unknown; adminId: number },
) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.id, options.applicationId))
      .for('update');
    if (!current) throw notFound(POSTING_MESSAGES.applicationNotFound);
    if (current.status === 'withdrawn') throw conflict(POSTING_MESSAGES.applicationWithdrawn);
    assertValid(validateStatusChange(current.status as ApplicationStatus, options.to, options.note));
    const note = typeof options.note === 'string' && options.note.trim() ? options.note.trim() : null;
    const now = new Date();
    const [updated] = await tx
      .update(jobApplications)
      .set({
        status: options.to as ApplicationStatus,
        statusNote: note,
        statusChangedAt: now,
        updatedAt: now,
      })
      .where(eq(jobApplications.id, current.id))
      .returning();
    await tx.insert(jobApplicationEvents).values({
      jobApplicationId: current.id,
      status: updated.status,
      note,
      adminId: options.adminId,
    });
    await logActivity(tx, {
      actorType: 'admin',
      actorId: options.adminId,
      action: 'job_application_status_changed',
      subjectType: 'job_application',
      subjectId: current.id,
      details: { status: updated.status, job_posting_id: current.jobPostingId },
    });
    const [posting] = await tx.select().from(jobPostings).where(eq(jobPostings.id, current.jobPostingId));
    const [seeker] = await tx.select().from(jobSeekers).where(eq(jobSeekers.id, current.jobSeekerId));
    // The job seeker is told in the same transaction; e-mails go after it commits.
    const notified = await recordNotifications(tx, [
      {
        userId: seeker.userId,
        kind: `application_${updated.status}`,
        params: { posting: posting.title, organisation: posting.organisation, note },
        link: '/myapplications',
      },
    ]);
    return { application: updated, posting, seeker, notified };
  });
}

/**
 * The job seeker `jobSeekerId` (null: the caller has no job seeker record) withdraws an application
 * still in progress. The status condition is in the UPDATE itself, in one transaction with the
 * history row: a withdrawal racing an administrator's decision (which locks the row) waits for it
 * and then finds the application decided (409), or commits first and the decision finds it
 * withdrawn (409). Unknown id: 404; another job seeker's application: 403; decided or already
 * withdrawn: 409. The administrators see it among their notifications (admin-notifications.ts).
 */
export async function withdrawApplication(
  db: Db,
  options: { applicationId: number; jobSeekerId: number | null; userId: number },
) {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [withdrawn] =
      options.jobSeekerId === null
        ? []
        : await tx
            .update(jobApplications)
            .set({ status: 'withdrawn', statusNote: null, statusChangedAt: now, updatedAt: now })
            .where(
              and(
                eq(jobApplications.id, options.applicationId),
                eq(jobApplications.jobSeekerId, options.jobSeekerId),
                inArray(jobApplications.status, [...IN_PROGRESS_STATUSES]),
              ),
            )
            .returning();
    if (!withdrawn) {
      const [current] = await tx
        .select({ jobSeekerId: jobApplications.jobSeekerId, status: jobApplications.status })
        .from(jobApplications)
        .where(eq(jobApplications.id, options.applicationId));
      if (!current) throw notFound(POSTING_MESSAGES.applicationNotFound);
      if (current.jobSeekerId !== options.jobSeekerId)
        throw forbidden(ACCESS_MESSAGES.ownApplicationWithdraws);
      throw conflict(
        current.status === 'withdrawn' ? POSTING_MESSAGES.alreadyWithdrawn : POSTING_MESSAGES.withdrawDecided,
      );
    }
    await tx.insert(jobApplicationEvents).values({ jobApplicationId: withdrawn.id, status: 'withdrawn' });
    await logActivity(tx, {
      actorType: 'user',
      actorId: options.userId,
      action: 'job_application_withdrawn',
      subjectType: 'job_application',
      subjectId: withdrawn.id,
      details: { job_posting_id: withdrawn.jobPostingId },
    });
    return withdrawn;
  });
}
