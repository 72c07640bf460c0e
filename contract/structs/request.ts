import {
  array,
  boolean,
  type Infer,
  integer,
  literal,
  nullable,
  number,
  optional,
  string,
  type,
} from 'superstruct';
import { TeacherSubject } from './teacher';

/** A teacher's contact details, shown to the student only while the request is accepted. */
export const Contact = type({
  mobile_number: string(),
  whatsapp_url: nullable(string()),
  email: string(),
});
export type Contact = Infer<typeof Contact>;

/**
 * A teacher-student request (docs/product.md#api-conventions) as the API returns it. The request a student makes
 * on /subject has teacher_id null; Connect sends it to a teacher as a row with teacher_id set and
 * parent_request_id pointing at the student's request.
 */
export const TeacherStudentRequest = type({
  id: integer(),
  student_id: integer(),
  teacher_id: nullable(integer()),
  parent_request_id: nullable(integer()),
  subject_ids: array(integer()),
  subjects: array(TeacherSubject),
  status: string(),
  mode_of_teaching: string(),
  preferred_group: string(),
  preferred_medium: string(),
  teacher_assignment_preference: string(),
  preferred_time: array(string()),
  /** The student's location when they shared it (only the student and administrators see it). */
  latitude: optional(nullable(number())),
  longitude: optional(nullable(number())),
  created_at: string(),
  updated_at: string(),
  /** When the status last changed, when the teacher accepted, and why they declined (if they said). */
  status_changed_at: optional(nullable(string())),
  accepted_at: optional(nullable(string())),
  /** The decline reason: a preset's English text or the teacher's own words (as typed). */
  decline_reason: optional(nullable(string())),
  /** The preset the teacher picked (DECLINE_REASON_KEYS; shown in the reader's language), or 'other'. */
  decline_reason_key: optional(nullable(string())),
  /**
   * Who asked: shown to the teacher it was sent to. Contact details (mobile, guardian, e-mail,
   * WhatsApp, street address) only while the request is accepted; the locality of the address (area
   * and PIN, never the street) always, so that a teacher can tell how far it is before accepting.
   */
  student: nullable(
    type({
      id: integer(),
      name: string(),
      locality: optional(nullable(string())),
      address: optional(nullable(string())),
      mobile_number: optional(nullable(string())),
      guardian_number: optional(nullable(string())),
      email: optional(nullable(string())),
      whatsapp_url: optional(nullable(string())),
    }),
  ),
  /** Who it was sent to, when sent; their contact only while the request is accepted. */
  teacher: nullable(
    type({
      id: integer(),
      name: string(),
      contact: optional(nullable(Contact)),
    }),
  ),
});
export type TeacherStudentRequest = Infer<typeof TeacherStudentRequest>;

export const RequestResponse = type({
  status: literal('success'),
  data: TeacherStudentRequest,
  /** On creation (201): the new request's id, also as `teacher_student_request.id`. */
  id: optional(integer()),
  teacher_student_request: optional(type({ id: integer() })),
});
export const RequestListResponse = type({ status: literal('success'), data: array(TeacherStudentRequest) });

/** GET /api/v1/teacher_student_requests with pagination (additive fields; older decoders ignore them). */
export const RequestPageResponse = type({
  status: literal('success'),
  data: array(TeacherStudentRequest),
  total: integer(),
  pagination: type({ next: nullable(integer()), prev: nullable(integer()) }),
});

/** The student's state with one matching teacher: the request sent to them, if any. */
export const MatchConnection = type({ id: integer(), status: string() });

/**
 * A teacher as a student sees them before any request is accepted: name, photo, subjects, mode,
 * experience, availability, verification and the locality (area and PIN) or the distance; never the
 * street address, mobile, email or date of birth.
 */
export const MatchCard = type({
  id: integer(),
  name: string(),
  profile_photo: nullable(string()),
  verified: boolean(),
  verification_status: optional(string()),
  locality: optional(string()),
  distance_km: optional(nullable(number())),
  subjects: array(TeacherSubject),
  teacher_preference: nullable(
    type({
      teaching_mode: string(),
      prior_experience: integer(),
      preferred_medium: optional(array(string())),
    }),
  ),
  teacher_schedules: array(
    type({
      week_day: integer(),
      time_slots: array(type({ time_of_day: string(), preferred_group: optional(string()) })),
    }),
  ),
});
export type MatchCard = Infer<typeof MatchCard>;

/**
 * One teacher of GET /api/v1/teacher_student_requests/{id}/matching_teachers: the teacher record
 * card (contact details and private documents withheld), which requested subjects they cover, how well
 * mode and medium fit, and the request already sent to them.
 */
export const MatchingTeacher = type({
  teacher: MatchCard,
  covered_subject_ids: array(integer()),
  mode_fit: boolean(),
  medium_fit: boolean(),
  connection: nullable(MatchConnection),
});
export type MatchingTeacher = Infer<typeof MatchingTeacher>;

export const MatchingTeachersResponse = type({
  status: literal('success'),
  data: array(MatchingTeacher),
  teacher_count: integer(),
  page: integer(),
  limit: integer(),
  pagination: type({ next: nullable(integer()), prev: nullable(integer()) }),
  request: TeacherStudentRequest,
  /** Online-only request while online teaching is not offered: nobody can match. */
  mode_unavailable: optional(boolean()),
  /** Whether the student's location was used (teachers within their radius, nearest first). */
  using_distance: optional(boolean()),
  /** The most cards one request can page through. */
  max_results: optional(integer()),
});
export type MatchingTeachersResponse = Infer<typeof MatchingTeachersResponse>;

/**
 * GET /api/v1/students/me/finder: the finder's first screen in one call — the matching page of the
 * signed-in student's latest request (as matching_teachers answers it), or null when there is none.
 */
export const FinderResponse = type({ status: literal('success'), data: nullable(MatchingTeachersResponse) });
export type FinderResponse = Infer<typeof FinderResponse>;
