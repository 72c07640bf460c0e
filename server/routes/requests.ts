import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestRoutes } from '../../contract/api';
import { STUDENT_REQUEST_DEFAULTS } from '../../contract/constants';
import {
  MATCH_MAX_PAGES,
  MATCH_MESSAGES,
  MATCH_PAGE_SIZE,
  MATCH_PAGES_PER_HOUR,
  parseLocation,
} from '../../contract/rules/matching';
import {
  canTransition,
  isRequestStatus,
  partyFor,
  REQUEST_MESSAGES,
  validateDeclineReason,
  validateStudentRequest,
} from '../../contract/rules/request';
import { teacherStudentRequests, teacherSubjects, teachers } from '../db/schema';
import { logActivity } from '../lib/activity';
import { assertValid, conflict, forbidden, notFound, parseId, unprocessable } from '../lib/http';
import { findMatchingTeachers, knownSubjectIds, MATCH_FILTERS, type MatchFilter } from '../lib/matching';
import { emailNotifications, type NotificationRow, recordNotifications } from '../lib/notifications';
import { enforce } from '../lib/rate-limit';
import { eventOfStatus, requestNotifications } from '../lib/request-events';
import { type RequestRow, serializeRequest, serializeRequests } from '../lib/requests';
import { serve } from '../lib/route';
import { pageParams, paginationOf, studentOfPrincipal, teacherOfPrincipal } from '../lib/student-access';
import { isAdmin, type Principal, principalOf } from '../plugins/auth';

type Party = 'student' | 'teacher' | 'admin';

/**
 * Teacher-student requests (docs/product.md#api-conventions) and the marketplace loop of D9. A student's request
 * (made on /subject) has no teacher; Connect sends it to one teacher as a new row pointing at it
 * (parent_request_id). Statuses follow REQUEST_TRANSITIONS: the student cancels, the teacher it was
 * sent to accepts, declines or ends. A student sees only their own requests, a teacher only those
 * sent to them, administrators all.
 */
export default async function requestsRoutes(app: FastifyInstance) {
  /**
   * Matching pages per student per hour: no account can walk the whole teacher base. Counted in
   * the database (server/lib/rate-limit.ts), so a restart does not reset it and every server
   * process on one PostgreSQL shares it.
   */
  const matchPagesPerHour = app.config.rateLimits.matchingPagesPerStudentPerHour ?? MATCH_PAGES_PER_HOUR;

  /** The request body's location (optional), or a 422 naming the field. */
  const locationOf = (body: { latitude?: string; longitude?: string }) => {
    const { value, error } = parseLocation(body.latitude, body.longitude);
    if (error) throw unprocessable({ latitude: error });
    return value;
  };

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
    const location = locationOf(body);
    const subjectIds = await knownSubjectIds(app.db, input.subject_ids as unknown[], p);
    const [row] = await app.db
      .insert(teacherStudentRequests)
      .values({
        studentId,
        latitude: location?.latitude ?? null,
        longitude: location?.longitude ?? null,
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
    // Sending latitude and longitude as null clears the location; leaving them out keeps it.
    const location =
      'latitude' in body || 'longitude' in body
        ? locationOf(body)
        : row.latitude === null || row.longitude === null
          ? null
          : { latitude: row.latitude, longitude: row.longitude };
    const subjectIds = await knownSubjectIds(app.db, input.subject_ids as unknown[], principalOf(request));
    const [updated] = await app.db
      .update(teacherStudentRequests)
      .set({
        subjectIds,
        latitude: location?.latitude ?? null,
        longitude: location?.longitude ?? null,
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
    const reasonInput = body.reason;
    const reasonError = validateDeclineReason(reasonInput);
    if (reasonError) throw unprocessable({ reason: reasonError });
    const reason = typeof reasonInput === 'string' && reasonInput.trim() ? reasonInput.trim() : null;
    if (reason && status !== 'declined')
      throw unprocessable({ reason: REQUEST_MESSAGES.reasonOnlyForDecline });
    const now = new Date();
    const p = principalOf(request);
    const { updated, told } = await app.db.transaction(async (tx) => {
      // The guard on the old status makes two racing decisions end with one winner.
      const [changed] = await tx
        .update(teacherStudentRequests)
        .set({
          status,
          statusChangedAt: now,
          updatedAt: now,
          ...(status === 'accepted' ? { acceptedAt: now } : {}),
          ...(status === 'declined' ? { declineReason: reason } : {}),
        })
        .where(and(eq(teacherStudentRequests.id, row.id), eq(teacherStudentRequests.status, row.status)))
        .returning();
      if (!changed) throw conflict(REQUEST_MESSAGES.badTransition('changed meanwhile', status));
      let affected = [changed];
      if (status === 'cancelled' && row.teacherId === null) {
        // Cancelling the request the student made withdraws it from every teacher who has not decided.
        const withdrawn = await tx
          .update(teacherStudentRequests)
          .set({ status: 'cancelled', statusChangedAt: now, updatedAt: now })
          .where(
            and(
              eq(teacherStudentRequests.parentRequestId, row.id),
              eq(teacherStudentRequests.status, 'request_send'),
            ),
          )
          .returning();
        affected = withdrawn;
      }
      await logActivity(tx, {
        actorType: 'user',
        actorId: p.id,
        action: 'request_status_changed',
        subjectType: 'teacher_student_request',
        subjectId: row.id,
        details: { from: row.status, to: status, ...(reason ? { reason } : {}) },
      });
      const event = eventOfStatus(status);
      const items = event ? await requestNotifications(tx, affected, event) : [];
      return { updated: changed, told: await recordNotifications(tx, items) };
    });
    void emailNotifications(app, told);
    return { status: 'success', data: await serializeRequest(app.db, updated) };
  });

  /** The student's request as the one matching and Connect work from (a sent copy leads to it). */
  async function studentRequest(request: FastifyRequest, id: number) {
    const { row, party } = await load(request, id);
    if (party === 'teacher') throw forbidden(REQUEST_MESSAGES.notYours);
    if (row.parentRequestId === null) return { row, party };
    return { row: await findRow(row.parentRequestId), party };
  }

  /**
   * One page of the teachers who match a student's request (the finder's cards), counted against
   * the student's hourly limit of match pages.
   */
  async function matchingPage(
    row: RequestRow,
    party: Party,
    q: { filter?: string; page?: number; limit?: number },
  ) {
    const filter = (q.filter ?? 'all').toLowerCase() as MatchFilter;
    if (!MATCH_FILTERS.includes(filter))
      throw unprocessable({ filter: 'Choose All, Online, Offline, Individual or Group' });
    const { page, limit, offset } = pageParams(q, MATCH_PAGE_SIZE, MATCH_PAGE_SIZE);
    const maxResults = MATCH_MAX_PAGES * MATCH_PAGE_SIZE;
    if (party !== 'admin') {
      if (offset >= maxResults)
        throw unprocessable({ page: MATCH_MESSAGES.pageLimit }, MATCH_MESSAGES.pageLimit);
      await enforce(
        app.db,
        `matching:student:${row.studentId}`,
        matchPagesPerHour,
        3600,
        MATCH_MESSAGES.rateLimited,
      );
    }
    const location =
      row.latitude === null || row.longitude === null
        ? null
        : { latitude: row.latitude, longitude: row.longitude };
    const [result, serialized] = await Promise.all([
      findMatchingTeachers(app.db, {
        subjectIds: row.subjectIds,
        modeOfTeaching: row.modeOfTeaching,
        preferredMedium: row.preferredMedium,
        filter,
        limit,
        offset,
        location,
        requestId: row.id,
      }),
      serializeRequest(app.db, row),
    ]);
    const data = result.rows.map((r) => ({
      teacher: r.card,
      covered_subject_ids: r.coveredSubjectIds,
      mode_fit: r.modeFit,
      medium_fit: r.mediumFit,
      connection: r.connection,
    }));
    const shown = party === 'admin' ? result.total : Math.min(result.total, maxResults);
    return {
      status: 'success',
      data,
      teacher_count: result.total,
      page,
      limit,
      pagination: paginationOf(page, limit, shown),
      request: serialized,
      mode_unavailable: result.modeUnavailable,
      using_distance: result.usingDistance,
      max_results: maxResults,
    } as const;
  }

  serve(app, requestRoutes.matchingTeachers, async ({ params: { id }, query: q }, request) => {
    const { row, party } = await studentRequest(request, id);
    return matchingPage(row, party, q);
  });

  /** The finder's first screen in one call: the student's latest request and its first page. */
  serve(app, requestRoutes.finder, async ({ query: q }, request) => {
    const p = principalOf(request);
    if (isAdmin(p)) throw forbidden('Only a student has a teacher finder.');
    const student = await studentOfPrincipal(app.db, p);
    if (!student) return { status: 'success', data: null };
    const [row] = await app.db
      .select()
      .from(teacherStudentRequests)
      .where(and(eq(teacherStudentRequests.studentId, student.id), isNull(teacherStudentRequests.teacherId)))
      .orderBy(desc(teacherStudentRequests.createdAt), desc(teacherStudentRequests.id))
      .limit(1);
    return { status: 'success', data: row ? await matchingPage(row, 'student', q) : null };
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
      .select({
        id: teachers.id,
        name: teachers.name,
        isActive: teachers.isActive,
        status: teachers.verificationStatus,
      })
      .from(teachers)
      .where(eq(teachers.id, teacherId));
    if (!teacher) throw notFound(REQUEST_MESSAGES.teacherNotFound);
    if (!teacher.isActive || teacher.status === 'rejected') throw conflict(REQUEST_MESSAGES.teacherInactive);
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
    // Two Connects racing for one teacher: the unique index decides (server/lib/db-errors.ts answers
    // 'You have already sent this request to this teacher.').
    const { sent, told } = await app.db.transaction(async (tx) => {
      const [inserted] = await tx
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
      await logActivity(tx, {
        actorType: 'user',
        actorId: principalOf(request).id,
        action: 'request_sent',
        subjectType: 'teacher_student_request',
        subjectId: inserted.id,
        details: { parent_request_id: row.id, teacher_id: teacherId, student_id: row.studentId },
      });
      const items = await requestNotifications(tx, [inserted], 'request_new');
      return { sent: inserted, told: await recordNotifications(tx, items) };
    });
    void emailNotifications(app, told);
    return { status: 'success', data: await serializeRequest(app.db, sent), id: sent.id };
  });
}
