import type { FastifyInstance } from 'fastify';
import { referenceRoutes } from '../../contract/api';
import { DONE_MESSAGES } from '../../contract/rules/http';
import {
  normaliseSubjectName,
  SUBJECT_ADDS_PER_DAY,
  SUBJECT_MESSAGES,
  validateSubjectName,
} from '../../contract/rules/student-subject';
import type { Db } from '../db/client';
import type { subjects } from '../db/schema';
import { uniqueViolationOf } from '../lib/db-errors';
import { assertValid, conflict, HttpError, unprocessable } from '../lib/http';
import { serve } from '../lib/route';
import { storedSubjectName } from '../lib/subject-names';
import { isAdmin, type Principal, principalOf } from '../plugins/auth';
import {
  addedToday,
  addSubject,
  findSubject,
  listSubjects,
  mergeSuggestion,
  pendingSubject,
  reviewSubject,
  serializeSubject,
  subjectNamed,
  subjectSuggestions,
  updateSubject,
  visibleSubjectById,
} from '../services/subjects';

/** The subjects list as `viewer` sees it (an administrator, or nobody signed in: the approved ones). */
export async function subjectsBody(db: Db, viewer: Principal | undefined | null) {
  const rows = await listSubjects(db, viewer && !isAdmin(viewer) ? viewer : null);
  return { status: 'success' as const, data: rows.map(serializeSubject) };
}

/** Suggested subjects with one review status, oldest first, with who suggested each. */
export async function subjectSuggestionsBody(db: Db, status: (typeof subjects.$inferSelect)['status']) {
  const rows = await subjectSuggestions(db, status);
  return {
    status: 'success' as const,
    data: rows.map((r) => ({
      ...serializeSubject(r.subject),
      created_at: r.subject.createdAt.toISOString(),
      suggested_by: r.email ?? null,
    })),
  };
}

/**
 * Subjects: anyone reads the approved list (a signed-in student also sees the subjects they added
 * that wait for review); a signed-in user suggests one (the 'Add Subject' button of /subject), which
 * serves their own request at once and joins the shared list when an administrator approves it (or
 * merges it into an existing subject). Administrators rename, remove, approve, merge and reject.
 * Names are unique case-insensitively (409 otherwise).
 */
export default async function subjectRoutes(app: FastifyInstance) {
  serve(app, referenceRoutes.listSubjects, async (_, request) => subjectsBody(app.db, request.principal));

  serve(app, referenceRoutes.showSubject, async ({ params: { id } }, request) => {
    const row = await visibleSubjectById(app.db, id, request.principal ?? null);
    return { status: 'success', data: serializeSubject(row) };
  });

  const duplicate = (existing: typeof subjects.$inferSelect) => {
    const message = SUBJECT_MESSAGES.duplicate(existing.name);
    return conflict(message, { errors: { name: [message] }, data: serializeSubject(existing) });
  };
  const refused = (message: string) => conflict(message, { errors: { name: [message] } });

  serve(app, referenceRoutes.createSubject, async ({ body }, request) => {
    const p = principalOf(request);
    const admin = isAdmin(p);
    const error = validateSubjectName(body.name);
    assertValid({ name: error });
    // A seeded subject typed by its Bengali or Hindi name is that subject (a 409 naming it).
    const name = storedSubjectName(normaliseSubjectName(String(body.name)));
    const created = (row: typeof subjects.$inferSelect) => ({
      status: 'success',
      data: serializeSubject(row),
      subject: serializeSubject(row),
    });
    const existing = await subjectNamed(app.db, name);
    if (existing) {
      if (existing.status === 'approved' && existing.isActive) throw duplicate(existing);
      if (existing.status === 'merged' && existing.mergedIntoId) {
        // The name was merged into another subject: that one is the answer.
        const target = await findSubject(app.db, existing.mergedIntoId).catch(() => null);
        if (target?.isActive && target.status === 'approved') throw duplicate(target);
      }
      if (existing.status === 'pending' && existing.isActive && existing.createdByUserId === p.id)
        throw duplicate(existing);
      if (!admin) {
        if (existing.status === 'pending' && existing.isActive)
          throw refused(SUBJECT_MESSAGES.pendingElsewhere(existing.name));
        if (existing.status === 'rejected') throw refused(SUBJECT_MESSAGES.rejectedBefore(existing.name));
      }
    }
    if (!admin) {
      if ((await addedToday(app.db, p.id)) >= SUBJECT_ADDS_PER_DAY)
        throw new HttpError(429, {
          error: 'too_many_requests',
          message: SUBJECT_MESSAGES.tooManyAdded,
          errors: { name: [SUBJECT_MESSAGES.tooManyAdded] },
        });
    }
    // A removed or refused subject with this name comes back rather than a second row.
    try {
      return created(await addSubject(app.db, { name, byAdmin: admin, userId: p.id, revive: existing }));
    } catch (e) {
      // Two adds of one name racing: the unique index decides; the answer names the subject that won
      // (server/lib/db-errors.ts answers any other unique refusal on its own).
      if (uniqueViolationOf(e)?.constraint !== 'subjects_name_key') throw e;
      const raced = await subjectNamed(app.db, name);
      if (!raced) throw e;
      throw duplicate(raced);
    }
  });

  serve(app, referenceRoutes.updateSubject, async ({ params: { id }, body }) => {
    const row = await findSubject(app.db, id);
    const set: Partial<typeof subjects.$inferInsert> = {};
    if (body.name !== undefined) {
      assertValid({ name: validateSubjectName(body.name) });
      const name = normaliseSubjectName(String(body.name));
      const other = await subjectNamed(app.db, name, id);
      if (other) throw duplicate(other);
      set.name = name;
    }
    if (typeof body.is_active === 'boolean') set.isActive = body.is_active;
    if (!Object.keys(set).length) return { status: 'success', data: serializeSubject(row) };
    const updated = await updateSubject(app.db, id, set);
    return { status: 'success', data: serializeSubject(updated) };
  });

  /** Removing keeps the row (teachers' and requests' history refer to it) but hides it from the list. */
  serve(app, referenceRoutes.removeSubject, async ({ params: { id } }) => {
    const row = await updateSubject(app.db, id, { isActive: false });
    return { status: 'success', data: serializeSubject(row), message: DONE_MESSAGES.subjectRemoved };
  });

  // ── New subjects (administrators): the suggestions waiting for review, beside Teacher Approvals.
  serve(app, referenceRoutes.subjectSuggestions, async ({ query }) => {
    const status = query.status ?? 'pending';
    if (!['pending', 'approved', 'rejected', 'merged'].includes(status))
      throw unprocessable({ status: SUBJECT_MESSAGES.statusInvalid });
    return subjectSuggestionsBody(app.db, status as 'pending');
  });

  serve(app, referenceRoutes.approveSubject, async ({ params: { id }, body }, request) => {
    const row = await pendingSubject(app.db, id);
    let name: string | undefined;
    if (body.name !== undefined && body.name !== null && String(body.name).trim() !== '') {
      // Approve with a corrected spelling.
      assertValid({ name: validateSubjectName(body.name) });
      name = normaliseSubjectName(String(body.name));
      const other = await subjectNamed(app.db, name, row.id);
      if (other) throw duplicate(other);
    }
    const updated = await reviewSubject(app.db, row, {
      adminId: principalOf(request).id,
      approve: true,
      name,
    });
    return { status: 'success', data: serializeSubject(updated) };
  });

  serve(app, referenceRoutes.rejectSubject, async ({ params: { id } }, request) => {
    const row = await pendingSubject(app.db, id);
    const updated = await reviewSubject(app.db, row, { adminId: principalOf(request).id, approve: false });
    return { status: 'success', data: serializeSubject(updated) };
  });

  serve(app, referenceRoutes.mergeSubject, async ({ params: { id }, body }, request) => {
    const row = await pendingSubject(app.db, id);
    const raw = body.into_id ?? body.merge_into_id;
    if (raw === undefined || raw === null || raw === '')
      throw unprocessable({ into_id: SUBJECT_MESSAGES.mergeTargetRequired });
    const intoId = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : Number.NaN;
    const target = Number.isInteger(intoId) ? await findSubject(app.db, intoId).catch(() => null) : null;
    if (!target || target.id === row.id || target.status !== 'approved' || !target.isActive)
      throw unprocessable({ into_id: SUBJECT_MESSAGES.mergeTargetInvalid });
    const merged = await mergeSuggestion(app.db, row, target, principalOf(request).id);
    return {
      status: 'success',
      data: serializeSubject(merged.subject),
      merged_into: serializeSubject(merged.into),
    };
  });
}
