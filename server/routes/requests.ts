import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestRoutes } from '../../contract/api';
import { STUDENT_REQUEST_DEFAULTS } from '../../contract/constants';
import {
  canTransition,
  isRequestStatus,
  partyFor,
  REQUEST_MESSAGES,
  validateStudentRequest,
} from '../../contract/rules/request';
import { teacherStudentRequests, teacherSubjects, teachers } from '../db/schema';
import { logActivity } from '../lib/activity';
import { assertValid, conflict, forbidden, notFound, parseId, unprocessable } from '../lib/http';
import {
  connectionsOf,
  findMatchingTeachers,
  knownSubjectIds,
  MATCH_FILTERS,
  type MatchFilter,
  publicTeacherCard,
} from '../lib/matching';
import { type RequestRow, serializeRequest, serializeRequests } from '../lib/requests';
import { serve } from '../lib/route';
import { pageParams, paginationOf, studentOfPrincipal, teacherOfPrincipal } from '../lib/student-access';
import { loadTeacherRecords } from '../lib/teacher-record';
import { isAdmin, type Principal, principalOf } from '../plugins/auth';

type Party = 'student' | 'teacher' | 'admin';

/**
 * Teacher-student requests (SPEC.md section 7) and the marketplace loop of D9. A student's request
 * (made on /subject) has no teacher; Connect sends it to one teacher as a new row pointing at it
 * (parent_request_id). Statuses follow REQUEST_TRANSITIONS: the student cancels, the teacher it was
 * sent to accepts, declines or ends. A student sees only their own requests, a teacher only those
 * sent to them, administrators all.
 */
export default async function requestsRoutes(app: FastifyInstance) {
  async function findRow(requestId: number): Promise<RequestRow> {
    const [row] = await app.db
      .select()
      .from(teacherStudentRequests)
      .where(eq(teacherStudentRequests.id, requestId));
    if (!row) throw notFound(REQUEST_MESSAGES.requestNotFound);
    return row;
  }

  /** Which side of this request the caller is on; 403 when neither. */
  async function partyOf(p: Principal, row: RequestRow): Promise<Party> {
    if (isAdmin(p)) return 'admin';
    const student = await studentOfPrincipal(app.db, p);
    if (student && student.id === row.studentId) return 'student';
    const teacher = await teacherOfPrincipal(app.db, p);
    if (teacher && row.teacherId !== null && teacher.id === row.teacherId) return 'teacher';
    throw forbidden(teacher ? REQUEST_MESSAGES.notSentToYou : REQUEST_MESSAGES.notYours);
  }

  async function load(request: FastifyRequest, id: number) {
    const row = await findRow(id);
    const party = await partyOf(principalOf(request), row);
    return { row, party };
  }

  serve(app, requestRoutes.listRequests, async ({ query: q }, request) => {
    const p = principalOf(request);
    const { page, limit, offset } = pageParams(q, 50, 100);
    const where: SQL[] = [];
    const studentFilter = q.student_id ?? null;
    const teacherFilter = q.teacher_id ?? null;
    if (!isAdmin(p)) {
      const student = await studentOfPrincipal(app.db, p);
      const teacher = student ? null : await teacherOfPrincipal(app.db, p);
      if (student) {
        if (studentFilter !== null && studentFilter !== student.id)
          throw forbidden(REQUEST_MESSAGES.notYours);
        where.push(eq(teacherStudentRequests.studentId, student.id));
      } else if (teacher) {
        if (teacherFilter !== null && teacherFilter !== teacher.id)
          throw forbidden(REQUEST_MESSAGES.notSentToYou);
        where.push(eq(teacherStudentRequests.teacherId, teacher.id));
      } else throw forbidden('Only students, teachers and administrators may list requests.');
    }
    if (studentFilter !== null) where.push(eq(teacherStudentRequests.studentId, studentFilter));
    if (teacherFilter !== null) where.push(eq(teacherStudentRequests.teacherId, teacherFilter));
    if (q.status) {
      if (!isRequestStatus(q.status)) throw unprocessable({ status: REQUEST_MESSAGES.statusInvalid });
      where.push(eq(teacherStudentRequests.status, q.status));
    }
    if (q.sent === 'false') where.push(isNull(teacherStudentRequests.teacherId));
    if (q.sent === 'true') where.push(isNotNull(teacherStudentRequests.teacherId));
    const condition = where.length ? and(...where) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      app.db
        .select()
        .from(teacherStudentRequests)
        .where(condition)
        .orderBy(desc(teacherStudentRequests.createdAt), desc(teacherStudentRequests.id))
        .limit(limit)
        .offset(offset),
      app.db.select({ total: count() }).from(teacherStudentRequests).where(condition),
    ]);
    return {
      status: 'success',
      data: await serializeRequests(app.db, rows),
      total,
      pagination: paginationOf(page, limit, total),
    };
  });

  serve(app, requestRoutes.createRequest, async ({ body }, request) => {
    const p = principalOf(request);
    let studentId: number;
    if (isAdmin(p)) studentId = parseId(body.student_id, 'Student');
    else {
      const student = await studentOfPrincipal(app.db, p);
      if (!student)
        throw forbidden('Only students may request teachers. Please complete your student details first.');
      if (body.student_id !== undefined && body.student_id !== null && Number(body.student_id) !== student.id)
        throw forbidden(REQUEST_MESSAGES.notYours);
      studentId = student.id;
    }
    const input = {
      subject_ids: body.subject_ids,
      status: body.status,
      mode_of_teaching: (body.mode_of_teaching ?? STUDENT_REQUEST_DEFAULTS.mode_of_teaching) as string,
      preferred_group: (body.preferred_group ?? STUDENT_REQUEST_DEFAULTS.preferred_group) as string,
      preferred_medium: (body.preferred_medium ?? STUDENT_REQUEST_DEFAULTS.preferred_medium) as string,
      teacher_assignment_preference: (body.teacher_assignment_preference ??
        STUDENT_REQUEST_DEFAULTS.teacher_assignment_preference) as string,
    };
    assertValid(validateStudentRequest(input));
    const subjectIds = await knownSubjectIds(app.db, input.subject_ids as unknown[]);
    const [row] = await app.db
      .insert(teacherStudentRequests)
      .values({
        studentId,
        subjectIds,
        status: 'request_send',
        modeOfTeaching: input.mode_of_teaching,
        preferredGroup: input.preferred_group,
        preferredMedium: input.preferred_medium,
        teacherAssignmentPreference: input.teacher_assignment_preference,
        preferredTime: [...STUDENT_REQUEST_DEFAULTS.preferred_time],
      })
      .returning();
    await logActivity(app.db, {
      actorType: isAdmin(p) ? 'admin' : 'user',
      actorId: p.id,
      action: 'request_created',
      subjectType: 'teacher_student_request',
      subjectId: row.id,
      details: { student_id: studentId, subject_ids: subjectIds },
    });
    return {
      status: 'success',
      data: await serializeRequest(app.db, row),
      id: row.id,
      teacher_student_request: { id: row.id },
    };
  });

  serve(app, requestRoutes.showRequest, async ({ params: { id } }, request) => {
    const { row } = await load(request, id);
    return { status: 'success', data: await serializeRequest(app.db, row) };
  });

  serve(app, requestRoutes.updateRequest, async ({ params: { id }, body }, request) => {
    const { row, party } = await load(request, id);
    if (party === 'teacher') throw forbidden('Only the student who made this request can change it.');
    if (body.status !== undefined && body.status !== row.status)
      throw conflict(REQUEST_MESSAGES.useUpdateStatus);
    if (row.status !== 'request_send') throw conflict(REQUEST_MESSAGES.notEditable(row.status));
    if (row.teacherId !== null) throw conflict(REQUEST_MESSAGES.notEditable('already sent to a teacher'));
    const input = {
      subject_ids: body.subject_ids ?? row.subjectIds,
      mode_of_teaching: (body.mode_of_teaching ?? row.modeOfTeaching) as string,
      preferred_group: (body.preferred_group ?? row.preferredGroup) as string,
      preferred_medium: (body.preferred_medium ?? row.preferredMedium) as string,
      teacher_assignment_preference: (body.teacher_assignment_preference ??
        row.teacherAssignmentPreference) as string,
    };
    assertValid(validateStudentRequest(input, { creating: false }));
    const subjectIds = await knownSubjectIds(app.db, input.subject_ids as unknown[]);
    const [updated] = await app.db
      .update(teacherStudentRequests)
      .set({
        subjectIds,
        modeOfTeaching: input.mode_of_teaching,
        preferredGroup: input.preferred_group,
        preferredMedium: input.preferred_medium,
        teacherAssignmentPreference: input.teacher_assignment_preference,
        updatedAt: new Date(),
      })
      .where(eq(teacherStudentRequests.id, row.id))
      .returning();
    return { status: 'success', data: await serializeRequest(app.db, updated) };
  });

  serve(app, requestRoutes.removeRequest, async ({ params: { id } }, request) => {
    const { row, party } = await load(request, id);
    if (party === 'teacher') throw forbidden('Only the student who made this request can delete it.');
    const family = await app.db
      .select({ id: teacherStudentRequests.id, status: teacherStudentRequests.status })
      .from(teacherStudentRequests)
      .where(eq(teacherStudentRequests.parentRequestId, row.id));
    if ([row, ...family].some((r) => r.status === 'accepted')) throw conflict(REQUEST_MESSAGES.notDeletable);
    await app.db
      .delete(teacherStudentRequests)
      .where(inArray(teacherStudentRequests.id, [row.id, ...family.map((r) => r.id)]));
    return { status: 'success', data: { id: row.id }, message: 'Request deleted' };
  });

  serve(app, requestRoutes.updateRequestStatus, async ({ params: { id }, body }, request) => {
    const { row, party } = await load(request, id);
    const status = body.status;
    if (!isRequestStatus(status)) throw unprocessable({ status: REQUEST_MESSAGES.statusInvalid });
    const needed = partyFor(status);
    if (needed === 'student' && party !== 'student') throw forbidden(REQUEST_MESSAGES.onlyStudentCancels);
    if (needed === 'teacher') {
      if (row.teacherId === null) throw conflict(REQUEST_MESSAGES.notSentYet);
      if (party !== 'teacher') throw forbidden(REQUEST_MESSAGES.onlyTeacherDecides(status));
    }
    if (!canTransition(row.status, status))
      throw conflict(REQUEST_MESSAGES.badTransition(row.status, status));
    if (
      status === 'accepted' &&
      row.parentRequestId !== null &&
      row.teacherAssignmentPreference === 'single'
    ) {
      const [taken] = await app.db
        .select({ id: teacherStudentRequests.id })
        .from(teacherStudentRequests)
        .where(
          and(
            eq(teacherStudentRequests.parentRequestId, row.parentRequestId),
            eq(teacherStudentRequests.status, 'accepted'),
          ),
        );
      if (taken) throw conflict(REQUEST_MESSAGES.singleAlreadyAccepted);
    }
    const now = new Date();
    // The guard on the old status makes two racing decisions end with one winner.
    const [updated] = await app.db
      .update(teacherStudentRequests)
      .set({ status, statusChangedAt: now, updatedAt: now })
      .where(and(eq(teacherStudentRequests.id, row.id), eq(teacherStudentRequests.status, row.status)))
      .returning();
    if (!updated) throw conflict(REQUEST_MESSAGES.badTransition('changed meanwhile', status));
    if (status === 'cancelled' && row.teacherId === null) {
      // Cancelling the request the student made withdraws it from every teacher who has not decided.
      await app.db
        .update(teacherStudentRequests)
        .set({ status: 'cancelled', statusChangedAt: now, updatedAt: now })
        .where(
          and(
            eq(teacherStudentRequests.parentRequestId, row.id),
            eq(teacherStudentRequests.status, 'request_send'),
          ),
        );
    }
    const p = principalOf(request);
    await logActivity(app.db, {
      actorType: 'user',
      actorId: p.id,
      action: 'request_status_changed',
      subjectType: 'teacher_student_request',
      subjectId: row.id,
      details: { from: row.status, to: status },
    });
    return { status: 'success', data: await serializeRequest(app.db, updated) };
  });

  /** The student's request as the one matching and Connect work from (a sent copy leads to it). */
  async function studentRequest(request: FastifyRequest, id: number) {
    const { row, party } = await load(request, id);
    if (party === 'teacher') throw forbidden(REQUEST_MESSAGES.notYours);
    if (row.parentRequestId === null) return { row, party };
    return { row: await findRow(row.parentRequestId), party };
  }

  serve(app, requestRoutes.matchingTeachers, async ({ params: { id }, query: q }, request) => {
    const { row } = await studentRequest(request, id);
    const filter = (q.filter ?? 'all').toLowerCase() as MatchFilter;
    if (!MATCH_FILTERS.includes(filter))
      throw unprocessable({ filter: 'Choose All, Online, Offline, Individual or Group' });
    const { page, limit, offset } = pageParams(q, 20, 50);
    const { rows, total } = await findMatchingTeachers(app.db, {
      subjectIds: row.subjectIds,
      modeOfTeaching: row.modeOfTeaching,
      preferredMedium: row.preferredMedium,
      filter,
      limit,
      offset,
    });
    const ids = rows.map((r) => r.teacherId);
    const [records, connections, serialized] = await Promise.all([
      loadTeacherRecords(app.db, ids),
      connectionsOf(app.db, row.id, ids),
      serializeRequest(app.db, row),
    ]);
    const recordById = new Map(records.map((r) => [r.id, r]));
    const data = rows
      .filter((r) => recordById.has(r.teacherId))
      .map((r) => ({
        teacher: publicTeacherCard(recordById.get(r.teacherId)!),
        covered_subject_ids: r.coveredSubjectIds,
        mode_fit: r.modeFit,
        medium_fit: r.mediumFit,
        connection: connections.get(r.teacherId) ?? null,
      }));
    return {
      status: 'success',
      data,
      teacher_count: total,
      page,
      limit,
      pagination: paginationOf(page, limit, total),
      request: serialized,
    };
  });

  serve(app, requestRoutes.connect, async ({ params: { id }, body }, request) => {
    const { row, party } = await load(request, id);
    if (party !== 'student')
      throw forbidden('Only the student who made this request can send it to a teacher.');
    if (row.teacherId !== null) throw conflict(REQUEST_MESSAGES.alreadyConnectedRequest);
    if (row.status !== 'request_send') throw conflict(REQUEST_MESSAGES.notOpen(row.status));
    const teacherId = Number(body.teacher_id);
    if (!Number.isInteger(teacherId) || teacherId <= 0)
      throw unprocessable({ teacher_id: REQUEST_MESSAGES.teacherNotFound });
    const [teacher] = await app.db
      .select({ id: teachers.id, name: teachers.name, isActive: teachers.isActive })
      .from(teachers)
      .where(eq(teachers.id, teacherId));
    if (!teacher) throw notFound(REQUEST_MESSAGES.teacherNotFound);
    if (!teacher.isActive) throw conflict(REQUEST_MESSAGES.teacherInactive);
    const taught = await app.db
      .select({ subjectId: teacherSubjects.subjectId })
      .from(teacherSubjects)
      .where(
        and(eq(teacherSubjects.teacherId, teacherId), inArray(teacherSubjects.subjectId, row.subjectIds)),
      );
    if (!taught.length) throw conflict(REQUEST_MESSAGES.teacherNoSubjects);
    const [existing] = await app.db
      .select()
      .from(teacherStudentRequests)
      .where(
        and(
          eq(teacherStudentRequests.parentRequestId, row.id),
          eq(teacherStudentRequests.teacherId, teacherId),
        ),
      );
    if (existing)
      throw conflict(REQUEST_MESSAGES.alreadySent, { data: await serializeRequest(app.db, existing) });
    const covered = new Set(taught.map((t) => t.subjectId));
    let sent: RequestRow;
    try {
      [sent] = await app.db
        .insert(teacherStudentRequests)
        .values({
          studentId: row.studentId,
          teacherId,
          parentRequestId: row.id,
          // The teacher sees the subjects they were asked for: those of the request they teach.
          subjectIds: row.subjectIds.filter((id) => covered.has(id)),
          status: 'request_send',
          modeOfTeaching: row.modeOfTeaching,
          preferredGroup: row.preferredGroup,
          preferredMedium: row.preferredMedium,
          teacherAssignmentPreference: row.teacherAssignmentPreference,
          preferredTime: row.preferredTime,
        })
        .returning();
    } catch (error) {
      if ((error as { code?: string }).code === '23505' || /unique|duplicate key/i.test(String(error)))
        throw conflict(REQUEST_MESSAGES.alreadySent);
      throw error;
    }
    await logActivity(app.db, {
      actorType: 'user',
      actorId: principalOf(request).id,
      action: 'request_sent',
      subjectType: 'teacher_student_request',
      subjectId: sent.id,
      details: { parent_request_id: row.id, teacher_id: teacherId, student_id: row.studentId },
    });
    return { status: 'success', data: await serializeRequest(app.db, sent), id: sent.id };
  });
}
