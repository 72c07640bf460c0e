import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestRoutes } from '../../contract/api';
import { type AnyStruct, checkedValue } from '../../contract/api/route';
import { ROLE } from '../../contract/constants';
import { DONE_MESSAGES } from '../../contract/rules/http';
import {
  MATCH_FILTERS,
  MATCH_MAX_PAGES,
  MATCH_MESSAGES,
  MATCH_PAGE_SIZE,
  MATCH_PAGES_PER_HOUR,
  type MatchFilter,
  parseLocation,
} from '../../contract/rules/matching';
import {
  DEFAULT_REQUEST_PREFERENCES,
  declineReasonOf,
  isRequestStatus,
  partyFor,
  REQUEST_MESSAGES,
  validateDeclineReason,
  validateDeclineReasonKey,
  validateStudentRequest,
} from '../../contract/rules/request';
import { assertValid, conflict, forbidden, notFound, parseId, unprocessable } from '../lib/http';
import { emailNotifications } from '../lib/notifications';
import { pageParams, paginationFor } from '../lib/pagination';
import { tooMany } from '../lib/rate-limit';
import { type RequestRow, serializeRequest, serializeRequests } from '../lib/requests';
import { serve } from '../lib/route';
import { confirmSession, isAdmin, type Principal, principalOf } from '../plugins/auth';
import {
  findMatchingTeachers,
  knownSubjectIds,
  loadMatchingContext,
  type MatchTarget,
  matchQueryOf,
} from '../services/matching';
import {
  changeRequestStatus,
  connectRequest,
  createRequest,
  findRequest,
  listRequests,
  removeRequest,
  updateRequest,
} from '../services/requests';
import { studentOfPrincipal, teacherOfPrincipal } from '../services/students';

type Party = 'student' | 'teacher' | 'admin';

/**
 * Teacher-student requests (docs/product.md#api-conventions) and the marketplace loop of D9. A student's request
 * (made on /subject) has no teacher; Connect sends it to one teacher as a new row pointing at it
 * (parent_request_id). Statuses follow REQUEST_TRANSITIONS: the student cancels, the teacher it was
 * sent to accepts or declines, either of them ends an accepted one. A student sees only their own requests, a teacher only those
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

  const findRow = (requestId: number) => findRequest(app.db, requestId);

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
    const studentFilter = q.student_id ?? null;
    const teacherFilter = q.teacher_id ?? null;
    // Students see their own requests, teachers those sent to them, administrators all.
    let own: { studentId?: number; teacherId?: number } = {};
    if (!isAdmin(p)) {
      const student = await studentOfPrincipal(app.db, p);
      const teacher = student ? null : await teacherOfPrincipal(app.db, p);
      if (student) {
        if (studentFilter !== null && studentFilter !== student.id)
          throw forbidden(REQUEST_MESSAGES.notYours);
        own = { studentId: student.id };
      } else if (teacher) {
        if (teacherFilter !== null && teacherFilter !== teacher.id)
          throw forbidden(REQUEST_MESSAGES.notSentToYou);
        own = { teacherId: teacher.id };
      } else throw forbidden('Only students, teachers and administrators may list requests.');
    }
    if (q.status && !isRequestStatus(q.status))
      throw unprocessable({ status: REQUEST_MESSAGES.statusInvalid });
    const { rows, total } = await listRequests(app.db, {
      studentId: own.studentId ?? studentFilter,
      teacherId: own.teacherId ?? teacherFilter,
      status: q.status && isRequestStatus(q.status) ? q.status : null,
      sent: q.sent === 'true' ? true : q.sent === 'false' ? false : null,
      limit,
      offset,
    });
    return {
      status: 'success',
      data: await serializeRequests(app.db, rows),
      total,
      pagination: paginationFor(page, limit, total),
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
      mode_of_teaching: (body.mode_of_teaching ?? DEFAULT_REQUEST_PREFERENCES.mode_of_teaching) as string,
      preferred_group: (body.preferred_group ?? DEFAULT_REQUEST_PREFERENCES.preferred_group) as string,
      preferred_medium: (body.preferred_medium ?? DEFAULT_REQUEST_PREFERENCES.preferred_medium) as string,
      teacher_assignment_preference: (body.teacher_assignment_preference ??
        DEFAULT_REQUEST_PREFERENCES.teacher_assignment_preference) as string,
    };
    assertValid(validateStudentRequest(input));
    const location = locationOf(body);
    const subjectIds = await knownSubjectIds(app.db, input.subject_ids as unknown[], p);
    const row = await createRequest(
      app.db,
      studentId,
      {
        subjectIds,
        modeOfTeaching: input.mode_of_teaching,
        preferredGroup: input.preferred_group,
        preferredMedium: input.preferred_medium,
        teacherAssignmentPreference: input.teacher_assignment_preference,
        location,
      },
      { type: isAdmin(p) ? 'admin' : 'user', id: p.id },
    );
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
    if (row.teacherId !== null) throw conflict(REQUEST_MESSAGES.sentNotEditable);
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
    const updated = await updateRequest(app.db, row, {
      subjectIds,
      modeOfTeaching: input.mode_of_teaching,
      preferredGroup: input.preferred_group,
      preferredMedium: input.preferred_medium,
      teacherAssignmentPreference: input.teacher_assignment_preference,
      location,
    });
    return { status: 'success', data: await serializeRequest(app.db, updated) };
  });

  serve(app, requestRoutes.removeRequest, async ({ params: { id } }, request) => {
    const { row, party } = await load(request, id);
    if (party === 'teacher') throw forbidden('Only the student who made this request can delete it.');
    await removeRequest(app.db, row);
    return { status: 'success', data: { id: row.id }, message: DONE_MESSAGES.requestDeleted };
  });

  serve(app, requestRoutes.updateRequestStatus, async ({ params: { id }, body }, request) => {
    const { row, party } = await load(request, id);
    const status = body.status;
    if (!isRequestStatus(status)) throw unprocessable({ status: REQUEST_MESSAGES.statusInvalid });
    const needed = partyFor(status);
    if (needed === 'student' && party !== 'student') throw forbidden(REQUEST_MESSAGES.onlyStudentCancels);
    if (needed === 'teacher' || needed === 'either') {
      if (row.teacherId === null) throw conflict(REQUEST_MESSAGES.notSentYet);
      if (needed === 'teacher' && party !== 'teacher')
        throw forbidden(REQUEST_MESSAGES.onlyTeacherDecides(status));
      if (needed === 'either' && party === 'admin') throw forbidden(REQUEST_MESSAGES.onlyPartiesEnd);
    }
    const reasonError = validateDeclineReason(body.reason);
    if (reasonError) throw unprocessable({ reason: reasonError });
    const keyError = validateDeclineReasonKey(body.reason_key);
    if (keyError) throw unprocessable({ reason_key: keyError });
    // A preset is kept by its key (the student reads it in their language); 'other' is the free text.
    const reason = declineReasonOf(body.reason_key, body.reason);
    if (reason.key && status !== 'declined')
      throw unprocessable({
        [body.reason_key ? 'reason_key' : 'reason']: REQUEST_MESSAGES.reasonOnlyForDecline,
      });
    const { updated, told } = await changeRequestStatus(app.db, row, {
      status,
      reason: reason.text,
      reasonKey: reason.key,
      actorId: principalOf(request).id,
      by: party === 'student' ? 'student' : 'teacher',
    });
    void emailNotifications(app, told);
    return { status: 'success', data: await serializeRequest(app.db, updated) };
  });

  /**
   * One page of the teachers who match a student's request (the finder's cards), counted against
   * the student's hourly limit of match pages. One statement in all when this process served the
   * same request before (the session check, the request, who is asking, the count and the page:
   * loadMatchingContext), two otherwise (then the page on its own), a third for cards whose records
   * this process has not read yet. The same
   * refusals, in the same order, as every other request route: 404, 403 (a copy sent to a teacher
   * leads to the student's own request; its teacher may not see matches), then the page's own.
   * Returns null for the finder when the student has no record or no request yet.
   */
  async function matchingPage(
    request: FastifyRequest,
    target: MatchTarget,
    q: { filter?: string; page?: number; limit?: number },
    /** The page's struct where the route writes it (the finder's is nullable). */
    struct: AnyStruct,
  ) {
    const p = principalOf(request);
    const filter = (q.filter ?? 'all').toLowerCase() as MatchFilter;
    const filterKnown = MATCH_FILTERS.includes(filter);
    const { page, limit, offset } = pageParams(q, MATCH_PAGE_SIZE, MATCH_PAGE_SIZE);
    const maxResults = MATCH_MAX_PAGES * MATCH_PAGE_SIZE;
    const user = p.type === 'user' ? p : null;
    const sid = request.sessionToConfirm;
    const ctx = await loadMatchingContext(
      app.db,
      target,
      {
        studentUserId: user?.role === ROLE.student ? user.id : null,
        teacherUserId: user?.role === ROLE.teacher ? user.id : null,
      },
      // Only a page that will be served counts (the query counts only the request's own student).
      { count: filterKnown && offset < maxResults, windowSeconds: 3600 },
      sid ?? undefined,
      filterKnown && (offset < maxResults || isAdmin(p))
        ? { filter, limit, offset, admin: isAdmin(p) }
        : undefined,
    );
    // The session was checked in the same statement: a revoked one gets 401 before anything else.
    if (sid) confirmSession(request, ctx.live === true);
    if (!ctx.asked || !ctx.request || !ctx.serialized) {
      if ('latestOfCaller' in target) return null;
      throw notFound(REQUEST_MESSAGES.requestNotFound);
    }
    let party: Party;
    if (isAdmin(p)) party = 'admin';
    else if (ctx.callerStudentId !== null && ctx.callerStudentId === ctx.asked.studentId) party = 'student';
    else if (ctx.callerTeacherId !== null && ctx.asked.teacherId === ctx.callerTeacherId)
      throw forbidden(REQUEST_MESSAGES.notYours);
    else
      throw forbidden(
        ctx.callerTeacherId !== null ? REQUEST_MESSAGES.notSentToYou : REQUEST_MESSAGES.notYours,
      );
    if (!filterKnown) throw unprocessable({ filter: MATCH_MESSAGES.filterInvalid });
    if (party !== 'admin') {
      if (offset >= maxResults)
        throw unprocessable({ page: MATCH_MESSAGES.pageLimit }, MATCH_MESSAGES.pageLimit);
      if (ctx.hit && ctx.hit.hits > matchPagesPerHour)
        throw tooMany(ctx.hit.resetSeconds, MATCH_MESSAGES.rateLimited);
    }
    // The page answered before, when nothing it was made from has changed since (loadMatchingContext).
    if (ctx.answered) return ctx.answered;
    // Read in the context's statement when this process served the same request before.
    const result =
      ctx.page ?? (await findMatchingTeachers(app.db, matchQueryOf(ctx.request, { filter, limit, offset })));
    const data = result.rows.map((r) => ({
      teacher: r.card,
      covered_subject_ids: r.coveredSubjectIds,
      mode_fit: r.modeFit,
      medium_fit: r.mediumFit,
      connection: r.connection,
    }));
    const shown = party === 'admin' ? result.total : Math.min(result.total, maxResults);
    // Checked and written once: the same text is sent again while nothing it was made from changes.
    const response = checkedValue(
      {
        status: 'success',
        data,
        teacher_count: result.total,
        page,
        limit,
        pagination: paginationFor(page, limit, shown),
        request: ctx.serialized,
        mode_unavailable: result.modeUnavailable,
        using_distance: result.usingDistance,
        max_results: maxResults,
      },
      struct,
    );
    ctx.keep?.(response);
    return response;
  }

  // Both check the caller's session in the matching context's statement (no round trip of its own).
  serve(
    app,
    requestRoutes.matchingTeachers,
    async ({ params: { id }, query: q }, request) => {
      const page = await matchingPage(request, { requestId: id }, q, requestRoutes.matchingTeachers.response);
      if (!page) throw notFound(REQUEST_MESSAGES.requestNotFound);
      return page;
    },
    { config: { sessionInStatement: true } },
  );

  /** The finder's first screen in one call: the student's latest request and its first page. */
  serve(
    app,
    requestRoutes.finder,
    async ({ query: q }, request) => {
      if (isAdmin(principalOf(request))) throw forbidden('Only a student has a teacher finder.');
      return {
        status: 'success',
        data: await matchingPage(
          request,
          { latestOfCaller: true },
          q,
          requestRoutes.finder.response.schema.data,
        ),
      };
    },
    { config: { sessionInStatement: true } },
  );

  serve(app, requestRoutes.connect, async ({ params: { id }, body }, request) => {
    const { row, party } = await load(request, id);
    if (party !== 'student')
      throw forbidden('Only the student who made this request can send it to a teacher.');
    if (row.teacherId !== null) throw conflict(REQUEST_MESSAGES.alreadyConnectedRequest);
    if (row.status !== 'request_send') throw conflict(REQUEST_MESSAGES.notOpen(row.status));
    const teacherId = Number(body.teacher_id);
    if (!Number.isInteger(teacherId) || teacherId <= 0)
      throw unprocessable({ teacher_id: REQUEST_MESSAGES.teacherNotFound });
    const { sent, told } = await connectRequest(app.db, row, teacherId, principalOf(request).id, (existing) =>
      serializeRequest(app.db, existing),
    );
    void emailNotifications(app, told);
    return { status: 'success', data: await serializeRequest(app.db, sent), id: sent.id };
  });
}
