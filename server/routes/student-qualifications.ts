import type { FastifyInstance, FastifyRequest } from 'fastify';
import { studentRoutes } from '../../contract/api';
import { DEFAULT_STUDENT_DEGREE_ID, STUDENT_EDUCATION_TYPES } from '../../contract/constants';
import type { FieldErrors } from '../../contract/rules/common';
import { DONE_MESSAGES } from '../../contract/rules/http';
import {
  EDUCATION_WIRE_FIELDS,
  educationFormFromPayload,
  STUDENT_EDUCATION_MESSAGES,
  type StudentEducationField,
  validateStudentEducation,
} from '../../contract/rules/student-education';
import type { studentEducationalQualifications } from '../db/schema';
import { assertValid, forbidden } from '../lib/http';
import { serve } from '../lib/route';
import { isAdmin, principalOf } from '../plugins/auth';
import { degreeExists } from '../services/reference';
import {
  createStudentQualification,
  findStudentQualification,
  listStudentQualifications,
  ownStudent,
  removeStudentQualification,
  studentOfPrincipal,
  updateStudentQualification,
} from '../services/students';

type Row = typeof studentEducationalQualifications.$inferSelect;

export const serializeQualification = (q: Row) => ({
  id: q.id,
  student_id: q.studentId,
  degree_id: q.degreeId,
  current_academic_level: q.currentAcademicLevel,
  school_name: q.schoolName,
  college_name: q.collegeName,
  university_name: q.universityName,
  additional_information: q.additionalInformation,
  created_at: q.createdAt.toISOString(),
  updated_at: q.updatedAt.toISOString(),
});

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** Student educational qualifications (docs/product.md#api-conventions), checked with the client's rules (D7). */
export default async function studentQualificationsRoutes(app: FastifyInstance) {
  async function values(body: Record<string, unknown>) {
    const form = educationFormFromPayload(body);
    const formErrors = validateStudentEducation(form);
    const errors: FieldErrors = {};
    for (const [field, message] of Object.entries(formErrors))
      errors[EDUCATION_WIRE_FIELDS[field as StudentEducationField]] = message;
    const degreeId =
      body.degree_id === undefined || body.degree_id === null || body.degree_id === ''
        ? DEFAULT_STUDENT_DEGREE_ID
        : Number(body.degree_id);
    if (!Number.isInteger(degreeId) || !(await degreeExists(app.db, degreeId)))
      errors.degree_id = STUDENT_EDUCATION_MESSAGES.degreeInvalid;
    assertValid(errors);
    const type = form.education_type ? STUDENT_EDUCATION_TYPES[form.education_type] : null;
    return {
      degreeId,
      currentAcademicLevel: type?.current_academic_level ?? blankToNull(body.current_academic_level),
      schoolName: blankToNull(body.school_name),
      collegeName: blankToNull(body.college_name),
      universityName: blankToNull(body.university_name),
      additionalInformation: blankToNull(body.additional_information),
    };
  }

  async function ownQualification(request: FastifyRequest, id: number) {
    const row = await findStudentQualification(app.db, id);
    await ownStudent(app.db, request, row.studentId);
    return row;
  }

  serve(app, studentRoutes.listQualifications, async (_, request) => {
    const p = principalOf(request);
    if (isAdmin(p)) {
      const rows = await listStudentQualifications(app.db, null);
      return { status: 'success', data: rows.map(serializeQualification) };
    }
    const student = await studentOfPrincipal(app.db, p);
    if (!student) throw forbidden('Only students and administrators may list student qualifications.');
    const rows = await listStudentQualifications(app.db, student.id);
    return { status: 'success', data: rows.map(serializeQualification) };
  });

  serve(app, studentRoutes.showQualification, async ({ params: { id } }, request) => ({
    status: 'success',
    data: serializeQualification(await ownQualification(request, id)),
  }));

  serve(app, studentRoutes.createQualification, async ({ body }, request) => {
    if (body.student_id === undefined || body.student_id === null || body.student_id === '')
      assertValid({ student_id: STUDENT_EDUCATION_MESSAGES.studentIdMissing });
    const student = await ownStudent(app.db, request, body.student_id);
    const row = await createStudentQualification(app.db, student.id, await values(body));
    return { status: 'success', data: serializeQualification(row), id: row.id };
  });

  serve(app, studentRoutes.updateQualification, async ({ params: { id }, body }, request) => {
    const existing = await ownQualification(request, id);
    const row = await updateStudentQualification(app.db, existing, await values(body));
    return { status: 'success', data: serializeQualification(row) };
  });

  serve(app, studentRoutes.removeQualification, async ({ params: { id } }, request) => {
    const existing = await ownQualification(request, id);
    await removeStudentQualification(app.db, existing);
    return { status: 'success', data: { id: existing.id }, message: DONE_MESSAGES.qualificationDeleted };
  });
}
