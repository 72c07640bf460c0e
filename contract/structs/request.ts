import { array, boolean, type Infer, integer, literal, nullable, optional, string, type } from 'superstruct';
import { TeacherRecord, TeacherSubject } from './teacher';

/**
 * A teacher-student request (SPEC.md section 3) as the API returns it. The request a student makes
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
  created_at: string(),
  updated_at: string(),
  /** Who asked: shown to the teacher it was sent to. The mobile number only once accepted. */
  student: nullable(
    type({
      id: integer(),
      name: string(),
      address: optional(nullable(string())),
      mobile_number: optional(nullable(string())),
    }),
  ),
  /** Who it was sent to, when sent. */
  teacher: nullable(type({ id: integer(), name: string() })),
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
 * One teacher of GET /api/v1/teacher_student_requests/{id}/matching_teachers: the teacher record
 * (contact details and private documents withheld), which requested subjects they cover, how well
 * mode and medium fit, and the request already sent to them.
 */
export const MatchingTeacher = type({
  teacher: TeacherRecord,
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
});
export type MatchingTeachersResponse = Infer<typeof MatchingTeachersResponse>;
