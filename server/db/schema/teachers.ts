import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { degrees, subjects, uploads } from './reference';

export const teachers = pgTable(
  'teachers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    whatsappNumber: text('whatsapp_number'),
    altMobile: text('alt_mobile'),
    gender: text('gender').notNull(),
    dateOfBirth: date('date_of_birth').notNull(),
    address: text('address').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    profilePhotoId: integer('profile_photo_id').references(() => uploads.id),
    aadharPhotoId: integer('aadhar_photo_id').references(() => uploads.id),
    isActive: boolean('is_active').notNull().default(true),
    /** pending until an administrator reviews the documents; verified or rejected afterwards (D9). */
    verificationStatus: text('verification_status', { enum: ['pending', 'verified', 'rejected'] })
      .notNull()
      .default('pending'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    /** What changed since the last review (field names), shown in Teacher Approvals. */
    reviewChanges: text('review_changes').array().notNull().default(sql`'{}'`),
    /**
     * Goes up by one with every write that changes what an administrator reviews (name, date of
     * birth, documents); a decision taken on a screen that showed an older version is refused.
     */
    reviewVersion: integer('review_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the admin list search matches (D10): name, email, address and mobile, lower-cased. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(name || ' ' || email || ' ' || address || ' ' || mobile_number)`,
    ),
  },
  (t) => [
    uniqueIndex('teachers_user_id_key').on(t.userId),
    index('teachers_created_at_idx').on(t.createdAt),
    index('teachers_active_idx').on(t.isActive, t.id),
    index('teachers_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('teachers_location_idx')
      .on(t.latitude, t.longitude)
      .where(sql`${t.isActive} AND ${t.latitude} IS NOT NULL`),
    // Uploads' references, looked up by upload id (migration 0033).
    index('teachers_profile_photo_idx').on(t.profilePhotoId).where(sql`${t.profilePhotoId} IS NOT NULL`),
    index('teachers_aadhar_photo_idx').on(t.aadharPhotoId).where(sql`${t.aadharPhotoId} IS NOT NULL`),
  ],
);

export const teacherEducationalQualifications = pgTable(
  'teacher_educational_qualifications',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    degreeId: integer('degree_id').references(() => degrees.id),
    degreeName: text('degree_name'),
    subjectId: integer('subject_id').references(() => subjects.id),
    yearOfPassing: text('year_of_passing').notNull(),
    schoolName: text('school_name').notNull(),
    collegeName: text('college_name').notNull(),
    universityName: text('university_name').notNull(),
    schoolEducationBoard: text('school_education_board').notNull().default('cbse'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('teacher_edu_teacher_idx').on(t.teacherId)],
);

export const teacherPreferences = pgTable(
  'teacher_preferences',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    teachingRadiusKm: integer('teaching_radius_km').notNull(),
    preferredTeachingType: text('preferred_teaching_type').notNull().default('individual'),
    priorExperience: integer('prior_experience').notNull(),
    teachingMode: text('teaching_mode', { enum: ['online', 'offline', 'both'] }).notNull(),
    teachingLocationPreference: text('teaching_location_preference'),
    teachingSchool: boolean('teaching_school').notNull(),
    specialNeedChildren: boolean('special_need_children').notNull(),
    specialAttentionChildren: boolean('special_attention_children').notNull(),
    preferredMedium: text('preferred_medium').array().notNull(),
    markSheetId: integer('mark_sheet_id').references(() => uploads.id),
    highestQualificationCertificateId: integer('highest_qualification_certificate_id').references(
      () => uploads.id,
    ),
    resumeId: integer('resume_id').references(() => uploads.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One per teacher: saving again replaces it (migration 0020).
    uniqueIndex('teacher_preferences_teacher_key').on(t.teacherId),
    // Uploads' references, looked up by upload id (migration 0033).
    index('teacher_preferences_mark_sheet_idx').on(t.markSheetId).where(sql`${t.markSheetId} IS NOT NULL`),
    index('teacher_preferences_certificate_idx')
      .on(t.highestQualificationCertificateId)
      .where(sql`${t.highestQualificationCertificateId} IS NOT NULL`),
    index('teacher_preferences_resume_idx').on(t.resumeId).where(sql`${t.resumeId} IS NOT NULL`),
  ],
);

/** The subjects a teacher teaches (the preference's subject_ids); drives matching. */
export const teacherSubjects = pgTable(
  'teacher_subjects',
  {
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.teacherId, t.subjectId] }),
    index('teacher_subjects_subject_idx').on(t.subjectId, t.teacherId),
  ],
);

/**
 * What matching reads, one row per (teacher, subject) of every teacher who can be matched (active,
 * not rejected, preferences saved). Kept by triggers from teachers, teacher_preferences and
 * teacher_subjects (migration 0027); never written by the application. The location is also a unit
 * vector (ux, uy, uz) and the radius its cosine, so the great-circle test is a dot product. The
 * migration's index carries the other columns too (INCLUDE), so matching reads only the index.
 */
export const teacherMatch = pgTable(
  'teacher_match',
  {
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    ux: doublePrecision('ux'),
    uy: doublePrecision('uy'),
    uz: doublePrecision('uz'),
    cosRadius: doublePrecision('cos_radius').notNull(),
    teachingMode: text('teaching_mode').notNull(),
    verified: boolean('verified').notNull(),
    priorExperience: integer('prior_experience').notNull(),
    mediums: text('mediums').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teacherId, t.subjectId] }),
    index('teacher_match_subject_idx').on(t.subjectId, t.latitude),
  ],
);

/**
 * Matching without a location, ranked ahead (migration 0034): one row per (teacher in teacher_match,
 * set of one to three of their subjects, the ids ascending and comma-separated), indexed in a page's
 * order (set, verified, experience, id). Kept by triggers on teacher_match; never written by the
 * application.
 */
export const teacherMatchSubset = pgTable(
  'teacher_match_subset',
  {
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    subset: text('subset').notNull(),
    verified: boolean('verified').notNull(),
    priorExperience: integer('prior_experience').notNull(),
    teachingMode: text('teaching_mode').notNull(),
    mediums: text('mediums').array().notNull(),
    subjectIds: integer('subject_ids').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.teacherId, t.subset] })],
);

/** How many teacher_match_subset rows each (set, mode) has, kept by triggers on it (migration 0034). */
export const teacherMatchCount = pgTable(
  'teacher_match_count',
  {
    subset: text('subset').notNull(),
    teachingMode: text('teaching_mode').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.subset, t.teachingMode] })],
);

/**
 * Each teacher's full record as the JSON text of the API's wire shape (contract/structs/teacher.ts),
 * kept by triggers on every table a record is built from (migration 0029) in the same transaction as
 * the write; never written by the application. A page of records reads these texts instead of
 * building them (server/services/teacher-records.ts).
 */
export const teacherRecordCache = pgTable('teacher_record_cache', {
  teacherId: integer('teacher_id')
    .primaryKey()
    .references(() => teachers.id, { onDelete: 'cascade' }),
  record: text('record').notNull(),
  /** The record's MD5 (migration 0035): a matching page reads it and the server its cards by it. */
  digest: text('digest').generatedAlwaysAs(sql`md5(record)`),
});

export const teacherSchedules = pgTable(
  'teacher_schedules',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    /** Monday = 0 ... Sunday = 6. */
    weekDay: integer('week_day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('teacher_schedules_teacher_day_key').on(t.teacherId, t.weekDay)],
);

export const timeSlots = pgTable(
  'time_slots',
  {
    id: serial('id').primaryKey(),
    teacherScheduleId: integer('teacher_schedule_id')
      .notNull()
      .references(() => teacherSchedules.id, { onDelete: 'cascade' }),
    timeOfDay: text('time_of_day', { enum: ['morning', 'afternoon', 'evening'] }).notNull(),
    preferredGroup: text('preferred_group').notNull().default('any'),
  },
  (t) => [uniqueIndex('time_slots_schedule_time_key').on(t.teacherScheduleId, t.timeOfDay)],
);
