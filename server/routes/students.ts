import type { FastifyInstance } from 'fastify';
import { studentRoutes } from '../../contract/api';
import { toWireDate } from '../../contract/rules/common';
import { ACCESS_MESSAGES, DONE_MESSAGES } from '../../contract/rules/http';
import { validateRequestPreferences, validateSubjectSelection } from '../../contract/rules/request';
import {
  STUDENT_MESSAGES,
  studentAge,
  studentFormFromPayload,
  validateStudentPersonal,
} from '../../contract/rules/student';
import type { studentPreferences, students } from '../db/schema';
import { assertValid, forbidden } from '../lib/http';
import { pageParams, paginationFor } from '../lib/pagination';
import { serve } from '../lib/route';
import { isAdmin, principalOf } from '../plugins/auth';
import { knownSubjectIds } from '../services/matching';
import {
  addStudentPreference,
  createStudent,
  listStudentQualifications,
  listStudents,
  ownStudent,
  preferencesOfStudent,
  removeStudent,
  updateStudent,
} from '../services/students';
import { serializeQualification } from './student-qualifications';

export const serializeStudent = (s: typeof students.$inferSelect) => ({
  id: s.id,
  user_id: s.userId,
  name: s.name,
  mobile_number: s.mobileNumber,
  address: s.address,
  gender: s.gender,
  age: s.age,
  guardian_number: s.guardianNumber,
  is_active: s.isActive,
  date_of_birth: toWireDate(s.dateOfBirth),
  marital_status: s.maritalStatus,
  created_at: s.createdAt.toISOString(),
  updated_at: s.updatedAt.toISOString(),
});

const serializePreference = (p: typeof studentPreferences.$inferSelect) => ({
  id: p.id,
  student_id: p.studentId,
  subject_ids: p.subjectIds,
  mode_of_teaching: p.modeOfTeaching,
  preferred_group: p.preferredGroup,
  preferred_medium: p.preferredMedium,
  teacher_assignment_preference: p.teacherAssignmentPreference,
  created_at: p.createdAt.toISOString(),
});

/** The `student` body, checked with the client's rules (D7), as column values. */
function studentValues(body: Record<string, unknown>) {
  const form = studentFormFromPayload(body);
  assertValid(validateStudentPersonal(form));
  return {
    name: form.name.trim(),
    mobileNumber: form.mobile_number.trim(),
    address: form.address.trim(),
    gender: form.gender,
    // The age is computed from the date of birth, whatever the body says.
    age: studentAge(form.date_of_birth) ?? 0,
    guardianNumber: form.guardian_number.trim(),
    dateOfBirth: form.date_of_birth,
    maritalStatus: form.marital_status,
  };
}

/** Students (docs/product.md#api-conventions): list for administrators; each student their own record. */
export default async function studentsRoutes(app: FastifyInstance) {
  serve(app, studentRoutes.listStudents, async ({ query }) => {
    const { page, limit, offset } = pageParams(query);
    const { rows, total } = await listStudents(app.db, { limit, offset });
    return {
      status: 'success',
      data: rows.map(serializeStudent),
      student_count: total,
      pagination: paginationFor(page, limit, total),
    };
  });

  serve(app, studentRoutes.createStudent, async ({ body }, request) => {
    const p = principalOf(request);
    let userId = p.id;
    if (isAdmin(p)) userId = Number(body.user_id);
    else if (body.user_id !== undefined && body.user_id !== null && Number(body.user_id) !== p.id)
      throw forbidden(ACCESS_MESSAGES.createOwnStudentRecord);
    if (!Number.isInteger(userId) || userId <= 0) assertValid({ user_id: STUDENT_MESSAGES.userIdMissing });
    const values = studentValues(body);
    const row = await createStudent(app.db, userId, values, {
      type: isAdmin(p) ? 'admin' : 'user',
      id: p.id,
    });
    return { status: 'success', data: serializeStudent(row), id: row.id };
  });

  serve(app, studentRoutes.showStudent, async ({ params: { id } }, request) => {
    const row = await ownStudent(app.db, request, id);
    return { status: 'success', data: serializeStudent(row) };
  });

  serve(app, studentRoutes.updateStudent, async ({ params: { id }, body }, request) => {
    const row = await ownStudent(app.db, request, id);
    const values = studentValues(body);
    const updated = await updateStudent(app.db, row, values);
    return { status: 'success', data: serializeStudent(updated) };
  });

  serve(app, studentRoutes.removeStudent, async ({ params: { id } }, request) => {
    const row = await ownStudent(app.db, request, id);
    await removeStudent(app.db, row);
    return { status: 'success', data: { id: row.id }, message: DONE_MESSAGES.studentDeleted };
  });

  serve(app, studentRoutes.studentQualifications, async ({ params: { id } }, request) => {
    const row = await ownStudent(app.db, request, id);
    const rows = await listStudentQualifications(app.db, row.id);
    return { status: 'success', data: rows.map(serializeQualification) };
  });

  serve(app, studentRoutes.listPreferences, async ({ params: { id } }, request) => {
    const row = await ownStudent(app.db, request, id);
    const rows = await preferencesOfStudent(app.db, row.id);
    return { status: 'success', data: rows.map(serializePreference) };
  });

  serve(app, studentRoutes.savePreferences, async ({ params: { id }, body }, request) => {
    const row = await ownStudent(app.db, request, id);
    const input = {
      mode_of_teaching: body.mode_of_teaching ?? 'online',
      preferred_group: body.preferred_group ?? 'individual',
      preferred_medium: body.preferred_medium ?? 'english',
      teacher_assignment_preference: body.teacher_assignment_preference ?? 'multiple',
    } as unknown as Record<string, string>;
    const errors = validateRequestPreferences(input);
    const subjectError = validateSubjectSelection(body.subject_ids);
    if (subjectError) errors.subject_ids = subjectError;
    assertValid(errors);
    const subjectIds = await knownSubjectIds(app.db, body.subject_ids as unknown[], principalOf(request));
    const created = await addStudentPreference(app.db, row.id, {
      subjectIds,
      modeOfTeaching: input.mode_of_teaching,
      preferredGroup: input.preferred_group,
      preferredMedium: input.preferred_medium,
      teacherAssignmentPreference: input.teacher_assignment_preference,
    });
    return { status: 'success', data: serializePreference(created) };
  });
}
