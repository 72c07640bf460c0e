import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { adminUsers, users } from './accounts';
import { degrees, uploads } from './reference';

/** A job seeker (role 3): the personal details of /jobdetails1. */
export const jobSeekers = pgTable(
  'job_seekers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    alternateNumber: text('alternate_number').notNull().default(''),
    gender: text('gender').notNull(),
    dateOfBirth: date('date_of_birth').notNull(),
    maritalStatus: text('marital_status').notNull(),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('job_seekers_user_id_key').on(t.userId)],
);

/** The education and resume of /jobdetails2 (one per job seeker; saving again replaces it). */
export const jobSeekerEducations = pgTable(
  'job_seeker_educations',
  {
    id: serial('id').primaryKey(),
    jobSeekerId: integer('job_seeker_id')
      .notNull()
      .references(() => jobSeekers.id, { onDelete: 'cascade' }),
    degreeId: integer('degree_id')
      .notNull()
      .references(() => degrees.id),
    schoolName: text('school_name').notNull(),
    yearOfPassing: integer('year_of_passing').notNull(),
    resumeUploadId: integer('resume_upload_id')
      .notNull()
      .references(() => uploads.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('job_seeker_educations_seeker_key').on(t.jobSeekerId),
    // Uploads' references, looked up by upload id (migration 0033).
    index('job_seeker_educations_resume_idx').on(t.resumeUploadId),
  ],
);

/** An opening an administrator posts on behalf of the organisation that hires. */
export const jobPostings = pgTable(
  'job_postings',
  {
    id: serial('id').primaryKey(),
    organisation: text('organisation').notNull(),
    industry: text('industry', {
      enum: ['school', 'coaching_centre', 'college', 'ed_tech', 'corporate_training', 'other'],
    }).notNull(),
    title: text('title').notNull(),
    /** A West Bengal district, or 'remote'. */
    location: text('location').notNull(),
    employmentType: text('employment_type', { enum: ['full_time', 'part_time', 'contract'] }).notNull(),
    payMin: integer('pay_min'),
    payMax: integer('pay_max'),
    description: text('description').notNull(),
    closingDate: date('closing_date').notNull(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdByAdminId: integer('created_by_admin_id').references(() => adminUsers.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('job_postings_open_idx').on(t.status, t.closingDate, t.createdAt),
    index('job_postings_created_at_idx').on(t.createdAt),
  ],
);

/**
 * One live application per posting per job seeker (a withdrawn one does not count: its job seeker
 * may apply again); status follows APPLICATION_TRANSITIONS, or is withdrawn by the job seeker.
 */
export const jobApplications = pgTable(
  'job_applications',
  {
    id: serial('id').primaryKey(),
    jobPostingId: integer('job_posting_id')
      .notNull()
      .references(() => jobPostings.id, { onDelete: 'cascade' }),
    jobSeekerId: integer('job_seeker_id')
      .notNull()
      .references(() => jobSeekers.id, { onDelete: 'cascade' }),
    resumeUploadId: integer('resume_upload_id')
      .notNull()
      .references(() => uploads.id),
    coverNote: text('cover_note'),
    status: text('status', { enum: ['applied', 'shortlisted', 'hired', 'not_selected', 'withdrawn'] })
      .notNull()
      .default('applied'),
    /** The note the job seeker sees with the latest status. */
    statusNote: text('status_note'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('job_applications_posting_seeker_key')
      .on(t.jobPostingId, t.jobSeekerId)
      .where(sql`${t.status} <> 'withdrawn'`),
    index('job_applications_seeker_idx').on(t.jobSeekerId, t.createdAt),
    index('job_applications_created_at_idx').on(t.createdAt, t.status),
    index('job_applications_resume_idx').on(t.resumeUploadId),
  ],
);

/** Every status an application has had (its history), with the note shown to the job seeker. */
export const jobApplicationEvents = pgTable(
  'job_application_events',
  {
    id: serial('id').primaryKey(),
    jobApplicationId: integer('job_application_id')
      .notNull()
      .references(() => jobApplications.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note'),
    adminId: integer('admin_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('job_application_events_app_idx').on(t.jobApplicationId, t.createdAt),
    index('job_application_events_withdrawn_idx').on(t.createdAt).where(sql`${t.status} = 'withdrawn'`),
  ],
);
