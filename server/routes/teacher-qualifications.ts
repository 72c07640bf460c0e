import type { FastifyInstance, FastifyRequest } from 'fastify';
import { teacherRoutes } from '../../contract/api';
import { DEFAULT_SCHOOL_BOARD } from '../../contract/constants';
import { isBlank } from '../../contract/rules/common';
import {
  OTHER_DEGREE,
  TEACHER_EDUCATION_MESSAGES,
  type TeacherEducationInput,
  validateTeacherEducation,
} from '../../contract/rules/teacher-education';
import { assertValid } from '../lib/http';
import { serve } from '../lib/route';
import { principalOf } from '../plugins/auth';
import { degreeExists } from '../services/reference';
import {
  createQualification,
  findQualification,
  listQualifications,
  type QualificationRow,
  removeQualification,
  serializeQualifications,
  subjectExists,
  updateQualification,
} from '../services/teacher-qualifications';
import { loadAccessibleTeacher } from '../services/teacher-records';

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());

/** Reads the wrapper teacher_educational_qualification, over a stored row for updates, and validates it (D7). */
async function readQualification(
  app: FastifyInstance,
  fields: Record<string, unknown>,
  existing?: QualificationRow,
) {
  const pick = (key: string, stored: unknown) => (key in fields ? text(fields[key]) : text(stored));
  const degreeId = pick('degree_id', existing?.degreeId);
  const degreeName = pick('degree_name', existing?.degreeName);
  // degree_id null with a degree_name is 'Other' (docs/product.md#teacher-education).
  const input: TeacherEducationInput = {
    degree_id: degreeId || (degreeName ? OTHER_DEGREE : ''),
    degree_name: degreeName,
    subject_id: pick('subject_id', existing?.subjectId),
    school_name: pick('school_name', existing?.schoolName),
    school_education_board:
      pick('school_education_board', existing?.schoolEducationBoard) ||
      (existing ? '' : DEFAULT_SCHOOL_BOARD),
    college_name: pick('college_name', existing?.collegeName),
    university_name: pick('university_name', existing?.universityName),
    year_of_passing: pick('year_of_passing', existing?.yearOfPassing),
  };
  const errors = validateTeacherEducation(input);
  const m = TEACHER_EDUCATION_MESSAGES;
  if (!errors.degree_id && input.degree_id !== OTHER_DEGREE) {
    const id = Number(input.degree_id);
    if (!Number.isInteger(id) || !(await degreeExists(app.db, id))) errors.degree_id = m.degreeRequired;
  }
  if (!errors.subject_id) {
    const id = Number(input.subject_id);
    if (!Number.isInteger(id) || !(await subjectExists(app.db, id))) errors.subject_id = m.subjectRequired;
  }
  assertValid(errors);
  const isOther = input.degree_id === OTHER_DEGREE;
  return {
    degreeId: isOther ? null : Number(input.degree_id),
    degreeName: isOther ? input.degree_name : isBlank(input.degree_name) ? null : input.degree_name,
    subjectId: Number(input.subject_id),
    yearOfPassing: input.year_of_passing,
    schoolName: input.school_name,
    collegeName: input.college_name,
    universityName: input.university_name,
    schoolEducationBoard: input.school_education_board,
  };
}

async function loadAccessibleQualification(app: FastifyInstance, request: FastifyRequest, id: number) {
  const row = await findQualification(app.db, id);
  await loadAccessibleTeacher(app.db, principalOf(request), row.teacherId);
  return row;
}

/** Teacher educational qualifications (docs/product.md#api-conventions). */
export default async function teacherQualificationsRoutes(app: FastifyInstance) {
  serve(app, teacherRoutes.listQualifications, async ({ params: { id: teacherId } }, request) => {
    await loadAccessibleTeacher(app.db, principalOf(request), teacherId);
    const rows = await listQualifications(app.db, teacherId);
    return { status: 'success', data: await serializeQualifications(app.db, rows) };
  });

  serve(app, teacherRoutes.createQualification, async ({ params: { id: teacherId }, body }, request) => {
    await loadAccessibleTeacher(app.db, principalOf(request), teacherId);
    const values = await readQualification(app, body.fields);
    const row = await createQualification(app.db, teacherId, values);
    const [data] = await serializeQualifications(app.db, [row]);
    return { status: 'success', data, id: row.id };
  });

  serve(app, teacherRoutes.updateQualification, async ({ params: { id }, body }, request) => {
    const existing = await loadAccessibleQualification(app, request, id);
    const values = await readQualification(app, body.fields, existing);
    const row = await updateQualification(app.db, existing, values);
    const [data] = await serializeQualifications(app.db, [row]);
    return { status: 'success', data };
  });

  serve(app, teacherRoutes.removeQualification, async ({ params: { id } }, request) => {
    const existing = await loadAccessibleQualification(app, request, id);
    await removeQualification(app.db, existing);
    return { status: 'success', data: { id: existing.id } };
  });
}
