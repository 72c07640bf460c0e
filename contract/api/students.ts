import { nullable, optional } from 'superstruct';
import { REQUEST_MESSAGES } from '../rules/request';
import { Deleted } from '../structs/common';
import {
  StudentListResponse,
  StudentPreferenceListResponse,
  StudentPreferenceResponse,
  StudentQualificationListResponse,
  StudentQualificationResponse,
  StudentResponse,
} from '../structs/student';
import { IdParams, MAX, PageQuery } from './common';
import { fields, formText, id, ids, text, wrapped } from './fields';
import { route } from './route';

const form = (max: number = MAX.name) => optional(formText(max));

const StudentBody = wrapped(
  'student',
  fields({
    user_id: optional(nullable(id())),
    name: form(),
    mobile_number: form(MAX.phone),
    gender: form(MAX.short),
    date_of_birth: form(MAX.short),
    marital_status: form(MAX.short),
    address: form(MAX.address),
    guardian_number: form(MAX.phone),
    age: form(MAX.short),
  }),
);

const QualificationBody = wrapped(
  'student_educational_qualification',
  fields({
    student_id: form(12),
    degree_id: form(12),
    current_academic_level: form(MAX.short),
    school_name: form(),
    college_name: form(),
    university_name: form(),
    additional_information: form(),
  }),
);

/** The subject ids a student picks; the product rule's messages stand for a malformed list. */
export const SubjectIds = ids(100, {
  notList: REQUEST_MESSAGES.subjectsRequired,
  notId: REQUEST_MESSAGES.subjectsUnknown,
});

/** The preferences of a request (mode, group, medium, one or several teachers). */
export const RequestPreferenceFields = {
  subject_ids: optional(SubjectIds),
  mode_of_teaching: optional(text(MAX.short)),
  preferred_group: optional(text(MAX.short)),
  preferred_medium: optional(text(MAX.short)),
  teacher_assignment_preference: optional(text(MAX.short)),
};

/** Students: the record, education and saved request preferences. */
export const studentRoutes = {
  listStudents: route({
    id: 'students.list',
    method: 'GET',
    path: '/api/v1/students',
    summary: 'Students, newest first (administrators)',
    access: 'admin',
    query: PageQuery,
    response: StudentListResponse,
  }),
  createStudent: route({
    id: 'students.create',
    method: 'POST',
    path: '/api/v1/students',
    summary: 'Create the student record (a student for themselves; administrators with `user_id`)',
    description:
      'Date of birth DD/MM/YYYY; the age is computed by the server. 409 when the account already has one.',
    access: 'student',
    body: StudentBody,
    status: 201,
    response: StudentResponse,
    errors: [409],
  }),
  showStudent: route({
    id: 'students.show',
    method: 'GET',
    path: '/api/v1/students/:id',
    summary: 'A student record (its own user or an administrator)',
    access: 'signed_in',
    params: IdParams,
    response: StudentResponse,
  }),
  updateStudent: route({
    id: 'students.update',
    method: ['PUT', 'PATCH'],
    path: '/api/v1/students/:id',
    summary: 'Replace the student record (the whole wrapper `student`, same rules)',
    access: 'signed_in',
    params: IdParams,
    body: StudentBody,
    response: StudentResponse,
  }),
  removeStudent: route({
    id: 'students.remove',
    method: 'DELETE',
    path: '/api/v1/students/:id',
    summary: 'Delete a student record',
    access: 'signed_in',
    params: IdParams,
    response: Deleted,
  }),
  studentQualifications: route({
    id: 'studentQualifications.listForStudent',
    method: 'GET',
    path: '/api/v1/students/:id/educational_qualifications',
    summary: 'A student’s educational qualifications',
    access: 'signed_in',
    params: IdParams,
    response: StudentQualificationListResponse,
  }),
  listPreferences: route({
    id: 'studentPreferences.list',
    method: 'GET',
    path: '/api/v1/students/:id/preferences',
    summary: 'A student’s saved request preferences, newest first',
    access: 'signed_in',
    params: IdParams,
    response: StudentPreferenceListResponse,
  }),
  savePreferences: route({
    id: 'studentPreferences.create',
    method: 'POST',
    path: '/api/v1/students/:id/preferences',
    summary: 'Save request preferences (wrapper `preference`)',
    access: 'signed_in',
    params: IdParams,
    body: wrapped('preference', fields(RequestPreferenceFields)),
    status: 201,
    response: StudentPreferenceResponse,
  }),
  listQualifications: route({
    id: 'studentQualifications.list',
    method: 'GET',
    path: '/api/v1/student_educational_qualifications',
    summary: 'Student qualifications: a student’s own, or all for administrators',
    access: 'signed_in',
    response: StudentQualificationListResponse,
  }),
  createQualification: route({
    id: 'studentQualifications.create',
    method: 'POST',
    path: '/api/v1/student_educational_qualifications',
    summary: 'Add an educational qualification (wrapper `student_educational_qualification`)',
    description:
      'The education type is read from `current_academic_level` (else `degree_id` 3/5/6/7); `additional_information` is the class or the profession.',
    access: 'signed_in',
    body: QualificationBody,
    status: 201,
    response: StudentQualificationResponse,
  }),
  showQualification: route({
    id: 'studentQualifications.show',
    method: 'GET',
    path: '/api/v1/student_educational_qualifications/:id',
    summary: 'One student qualification',
    access: 'signed_in',
    params: IdParams,
    response: StudentQualificationResponse,
  }),
  updateQualification: route({
    id: 'studentQualifications.update',
    method: ['PUT', 'PATCH'],
    path: '/api/v1/student_educational_qualifications/:id',
    summary: 'Change a student qualification',
    access: 'signed_in',
    params: IdParams,
    body: QualificationBody,
    response: StudentQualificationResponse,
  }),
  removeQualification: route({
    id: 'studentQualifications.remove',
    method: 'DELETE',
    path: '/api/v1/student_educational_qualifications/:id',
    summary: 'Delete a student qualification',
    access: 'signed_in',
    params: IdParams,
    response: Deleted,
  }),
};
