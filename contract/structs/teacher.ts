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

/** A subject as it appears inside teacher records. */
export const TeacherSubject = type({ id: integer(), name: string() });

export const TimeSlot = type({ id: integer(), time_of_day: string(), preferred_group: string() });
export const TeacherSchedule = type({
  id: integer(),
  teacher_id: integer(),
  week_day: integer(),
  time_slots: array(TimeSlot),
});
export type TeacherSchedule = Infer<typeof TeacherSchedule>;

export const TeacherEducationalQualification = type({
  id: integer(),
  teacher_id: integer(),
  degree_id: nullable(integer()),
  degree_name: nullable(string()),
  subject_id: nullable(integer()),
  subject_name: nullable(string()),
  year_of_passing: string(),
  school_name: string(),
  college_name: string(),
  university_name: string(),
  school_education_board: string(),
});
export type TeacherEducationalQualification = Infer<typeof TeacherEducationalQualification>;

/** A private document on file: its URL is served only to the owner and administrators (D8). */
export const DocumentRef = type({
  id: integer(),
  url: string(),
  file_name: string(),
  content_type: string(),
});

export const TeacherPreference = type({
  id: integer(),
  teacher_id: integer(),
  teaching_radius_km: integer(),
  preferred_teaching_type: string(),
  prior_experience: integer(),
  teaching_mode: string(),
  teaching_location_preference: nullable(string()),
  teaching_school: boolean(),
  special_need_children: boolean(),
  special_attention_children: boolean(),
  preferred_medium: array(string()),
  subject_ids: array(integer()),
  subjects: array(TeacherSubject),
  mark_sheet: nullable(DocumentRef),
  highest_qualification_certificate: nullable(DocumentRef),
  resume: nullable(DocumentRef),
});
export type TeacherPreference = Infer<typeof TeacherPreference>;

/**
 * The teacher record of GET /api/v1/teachers/{id} (and each item of the admin list). profile_photo is
 * a public path the client loads from the API host; aadhar_photo is a private document URL.
 */
export const TeacherRecord = type({
  id: integer(),
  user_id: integer(),
  name: string(),
  email: string(),
  mobile_number: string(),
  whatsapp_number: nullable(string()),
  alt_mobile: nullable(string()),
  gender: string(),
  date_of_birth: string(),
  address: string(),
  latitude: nullable(number()),
  longitude: nullable(number()),
  profile_photo: nullable(string()),
  aadhar_photo: nullable(string()),
  is_active: boolean(),
  verification_status: string(),
  verified: boolean(),
  rejection_reason: nullable(string()),
  /** What changed since the last review (name, date_of_birth, aadhar_photo, mark_sheet, ...). */
  review_changes: optional(array(string())),
  /**
   * Goes up with every change to what an administrator reviews (name, date of birth, documents); a
   * decision sends back the one its screen showed (docs/api.md).
   */
  review_version: integer(),
  created_at: string(),
  teacher_educational_qualification: nullable(TeacherEducationalQualification),
  teacher_preference: nullable(TeacherPreference),
  teacher_schedules: array(TeacherSchedule),
  subjects: array(TeacherSubject),
});
export type TeacherRecord = Infer<typeof TeacherRecord>;

export const TeacherResponse = type({
  status: literal('success'),
  data: TeacherRecord,
  id: optional(integer()),
});

export const TeacherQualificationResponse = type({
  status: literal('success'),
  data: TeacherEducationalQualification,
  id: optional(integer()),
});
export const TeacherQualificationListResponse = type({
  status: literal('success'),
  data: array(TeacherEducationalQualification),
});

/** GET /api/v1/teachers/{id}/preferences: the bare list (at most one preference). */
export const TeacherPreferenceList = array(TeacherPreference);
export const TeacherPreferenceListResponse = type({
  status: literal('success'),
  data: array(TeacherPreference),
});
export const TeacherPreferenceResponse = type({
  status: literal('success'),
  data: TeacherPreference,
  id: optional(integer()),
});

export const TeacherScheduleResponse = type({ status: literal('success'), data: TeacherSchedule });
export const TeacherScheduleListResponse = type({ status: literal('success'), data: array(TeacherSchedule) });
