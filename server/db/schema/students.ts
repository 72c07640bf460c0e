import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { degrees } from './reference';
import { teachers } from './teachers';

export const students = pgTable(
  'students',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    address: text('address').notNull(),
    gender: text('gender').notNull(),
    age: integer('age').notNull(),
    guardianNumber: text('guardian_number').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    dateOfBirth: date('date_of_birth').notNull(),
    maritalStatus: text('marital_status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('students_user_id_key').on(t.userId), index('students_created_at_idx').on(t.createdAt)],
);

export const studentEducationalQualifications = pgTable(
  'student_educational_qualifications',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    degreeId: integer('degree_id')
      .notNull()
      .default(1)
      .references(() => degrees.id),
    currentAcademicLevel: text('current_academic_level'),
    schoolName: text('school_name'),
    collegeName: text('college_name'),
    universityName: text('university_name'),
    additionalInformation: text('additional_information'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('student_edu_student_idx').on(t.studentId)],
);

export const studentPreferences = pgTable(
  'student_preferences',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    subjectIds: integer('subject_ids').array().notNull().default([]),
    modeOfTeaching: text('mode_of_teaching').notNull().default('online'),
    preferredGroup: text('preferred_group').notNull().default('individual'),
    preferredMedium: text('preferred_medium').notNull().default('english'),
    teacherAssignmentPreference: text('teacher_assignment_preference').notNull().default('multiple'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('student_preferences_student_idx').on(t.studentId)],
);

/**
 * A student's request for tutoring. Created on /subject with no teacher (status request_send);
 * Connect on /teacherfinder sends it to a teacher: a row with teacher_id set and parent_request_id
 * pointing at the request the student made. Status changes follow REQUEST_TRANSITIONS.
 */
export const teacherStudentRequests = pgTable(
  'teacher_student_requests',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id').references(() => teachers.id, { onDelete: 'cascade' }),
    parentRequestId: integer('parent_request_id'),
    subjectIds: integer('subject_ids').array().notNull(),
    status: text('status', { enum: ['request_send', 'accepted', 'declined', 'ended', 'cancelled'] })
      .notNull()
      .default('request_send'),
    modeOfTeaching: text('mode_of_teaching').notNull(),
    preferredGroup: text('preferred_group').notNull(),
    preferredMedium: text('preferred_medium').notNull(),
    teacherAssignmentPreference: text('teacher_assignment_preference').notNull(),
    preferredTime: text('preferred_time').array().notNull(),
    /** The student's location when they shared it (matching by distance). */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /** When the teacher accepted (kept after the contract ends, for the student's timeline). */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The teacher's optional reason for declining, shown to the student. */
    declineReason: text('decline_reason'),
    /** The preset the teacher picked (DECLINE_REASON_KEYS), shown in the student's language; 'other': free text. */
    declineReasonKey: text('decline_reason_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('requests_student_idx').on(t.studentId, t.createdAt),
    index('requests_teacher_idx').on(t.teacherId, t.status),
    index('requests_parent_idx').on(t.parentRequestId),
    // Connect sends a request to a teacher once (two racing clicks end with one row).
    uniqueIndex('requests_parent_teacher_key').on(t.parentRequestId, t.teacherId),
    // One teacher accepts a request meant for a single teacher (two at once: one wins, 409 for the other).
    uniqueIndex('requests_single_accepted_key')
      .on(t.parentRequestId)
      .where(sql`${t.status} = 'accepted' and ${t.teacherAssignmentPreference} = 'single'`),
    index('requests_created_at_idx').on(t.createdAt),
  ],
);
