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

/** A student record (docs/product.md#api-conventions) as the API returns it; date_of_birth is DD/MM/YYYY. */
export const StudentRecord = type({
  id: integer(),
  user_id: integer(),
  name: string(),
  mobile_number: string(),
  address: string(),
  gender: string(),
  age: integer(),
  guardian_number: string(),
  is_active: boolean(),
  date_of_birth: string(),
  marital_status: string(),
  created_at: string(),
  updated_at: string(),
});
export type StudentRecord = Infer<typeof StudentRecord>;
export const StudentResponse = type({
  status: literal('success'),
  data: StudentRecord,
  id: optional(integer()),
});
export const StudentListResponse = type({
  status: literal('success'),
  data: array(StudentRecord),
  student_count: number(),
  pagination: type({ next: nullable(integer()), prev: nullable(integer()) }),
});

/** A student educational qualification (wrapper student_educational_qualification). */
export const StudentQualification = type({
  id: integer(),
  student_id: integer(),
  degree_id: integer(),
  current_academic_level: nullable(string()),
  school_name: nullable(string()),
  college_name: nullable(string()),
  university_name: nullable(string()),
  additional_information: nullable(string()),
  created_at: string(),
  updated_at: string(),
});
export type StudentQualification = Infer<typeof StudentQualification>;
export const StudentQualificationResponse = type({
  status: literal('success'),
  data: StudentQualification,
  id: optional(integer()),
});
export const StudentQualificationListResponse = type({
  status: literal('success'),
  data: array(StudentQualification),
});

/** A student's saved request preferences (GET/POST /students/{id}/preferences, wrapper preference). */
export const StudentPreference = type({
  id: integer(),
  student_id: integer(),
  subject_ids: array(integer()),
  mode_of_teaching: string(),
  preferred_group: string(),
  preferred_medium: string(),
  teacher_assignment_preference: string(),
  created_at: string(),
});
export const StudentPreferenceResponse = type({ status: literal('success'), data: StudentPreference });
export const StudentPreferenceListResponse = type({
  status: literal('success'),
  data: array(StudentPreference),
});
