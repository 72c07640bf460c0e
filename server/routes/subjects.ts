import { and, asc, count, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { referenceRoutes } from '../../contract/api';
import {
  normaliseSubjectName,
  SUBJECT_ADDS_PER_DAY,
  SUBJECT_MESSAGES,
  validateSubjectName,
} from '../../contract/rules/student-subject';
import { subjects, users } from '../db/schema';
import { type ActivityAction, logActivity } from '../lib/activity';
import { uniqueViolationOf } from '../lib/db-errors';
import { assertValid, conflict, HttpError, notFound, unprocessable } from '../lib/http';
import { visibleSubject } from '../lib/matching';
import { serve } from '../lib/route';
import { mergeSubject } from '../lib/subject-moderation';
import { isAdmin, principalOf } from '../plugins/auth';

export const serializeSubject = (s: typeof subjects.$inferSelect) => ({
  id: s.id,
  name: s.name,
  is_active: s.isActive,
  status: s.status,
});

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Subjects: anyone reads the approved list (a signed-in student also sees the subjects they added
 * that wait for review); a signed-in user suggests one (the 'Add Subject' button of /subject), which
 * serves their own request at once and joins the shared list when an administrator approves it (or
 * merges it into an existing subject). Administrators rename, remove, approve, merge and reject.
 * Names are unique case-insensitively (409 otherwise).
 */
export default async function subjectRoutes(app: FastifyInstance) {
  serve(app, referenceRoutes.listSubjects, async (_, request) => {
    const viewer = request.principal;
    const rows = await app.db
      .select()
      .from(subjects)
      .where(and(eq(subjects.isActive, true), visibleSubject(viewer && !isAdmin(viewer) ? viewer : null)))
      .orderBy(asc(subjects.name));
    return { status: 'success', data: rows.map(serializeSubject) };
  });

  serve(app, referenceRoutes.showSubject, async ({ params: { id } }, request) => {
    const [row] = await app.db
      .select()
      .from(subjects)
      .where(and(eq(subjects.id, id), visibleSubject(request.principal)));
    if (!row) throw notFound(SUBJECT_MESSAGES.subjectNotFound);
    return { status: 'success', data: serializeSubject(row) };
  });

  const sameName = (name: string) => eq(sql`lower(${subjects.name})`, name.toLowerCase());
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
    const name = normaliseSubjectName(String(body.name));
    const created = (row: typeof subjects.$inferSelect) => ({
      status: 'success',
      data: serializeSubject(row),
      subject: serializeSubject(row),
    });
    const [existing] = await app.db.select().from(subjects).where(sameName(name));
    if (existing) {
      if (existing.status === 'approved' && existing.isActive) throw duplicate(existing);
      if (existing.status === 'merged' && existing.mergedIntoId) {
        // The name was merged into another subject: that one is the answer.
        const [target] = await app.db.select().from(subjects).where(eq(subjects.id, existing.mergedIntoId));
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
      const [{ n }] = await app.db
        .select({ n: count() })
        .from(subjects)
        .where(
          and(eq(subjects.createdByUserId, p.id), gt(subjects.createdAt, new Date(Date.now() - DAY_MS))),
        );
      if (n >= SUBJECT_ADDS_PER_DAY)
        throw new HttpError(429, {
          error: 'too_many_requests',
          message: SUBJECT_MESSAGES.tooManyAdded,
          errors: { name: [SUBJECT_MESSAGES.tooManyAdded] },
        });
    }
    const status = admin ? ('approved' as const) : ('pending' as const);
    if (existing) {
      // A removed or refused subject with this name comes back rather than a second row.
      const [row] = await app.db
        .update(subjects)
        .set({
          isActive: true,
          status,
          mergedIntoId: null,
          createdByUserId: admin ? existing.createdByUserId : p.id,
        })
        .where(eq(subjects.id, existing.id))
        .returning();
      return created(row);
    }
    try {
      const [row] = await app.db
        .insert(subjects)
        .values({ name, isActive: true, status, createdByUserId: admin ? null : p.id })
        .returning();
      if (!admin)
        await logActivity(app.db, {
          actorType: 'user',
          actorId: p.id,
          action: 'subject_suggested',
          subjectType: 'subject',
          subjectId: row.id,
          details: { name },
        });
      return created(row);
    } catch (e) {
      // Two adds of one name racing: the unique index decides; the answer names the subject that won
      // (server/lib/db-errors.ts answers any other unique refusal on its own).
      if (uniqueViolationOf(e)?.constraint !== 'subjects_name_key') throw e;
      const [raced] = await app.db.select().from(subjects).where(sameName(name));
      if (!raced) throw e;
      throw duplicate(raced);
    }
  });

  serve(app, referenceRoutes.updateSubject, async ({ params: { id }, body }) => {
    const [row] = await app.db.select().from(subjects).where(eq(subjects.id, id));
    if (!row) throw notFound(SUBJECT_MESSAGES.subjectNotFound);
    const set: Partial<typeof subjects.$inferInsert> = {};
    if (body.name !== undefined) {
      assertValid({ name: validateSubjectName(body.name) });
      const name = normaliseSubjectName(String(body.name));
      const [other] = await app.db
        .select()
        .from(subjects)
        .where(and(sameName(name), ne(subjects.id, id)));
      if (other) throw duplicate(other);
      set.name = name;
    }
    if (typeof body.is_active === 'boolean') set.isActive = body.is_active;
    if (!Object.keys(set).length) return { status: 'success', data: serializeSubject(row) };
    const [updated] = await app.db.update(subjects).set(set).where(eq(subjects.id, id)).returning();
    return { status: 'success', data: serializeSubject(updated) };
  });

  /** Removing keeps the row (teachers' and requests' history refer to it) but hides it from the list. */
  serve(app, referenceRoutes.removeSubject, async ({ params: { id } }) => {
    const [row] = await app.db
      .update(subjects)
      .set({ isActive: false })
      .where(eq(subjects.id, id))
      .returning();
    if (!row) throw notFound(SUBJECT_MESSAGES.subjectNotFound);
    return { status: 'success', data: serializeSubject(row), message: 'Subject removed' };
  });

  // ── New subjects (administrators): the suggestions waiting for review, beside Teacher Approvals.
  serve(app, referenceRoutes.subjectSuggestions, async ({ query }) => {
    const status = query.status ?? 'pending';
    if (!['pending', 'approved', 'rejected', 'merged'].includes(status))
      throw unprocessable({ status: 'Choose pending, approved, rejected or merged' });
    const rows = await app.db
      .select({ subject: subjects, email: users.email })
      .from(subjects)
      .leftJoin(users, eq(users.id, subjects.createdByUserId))
      .where(eq(subjects.status, status as 'pending'))
      .orderBy(desc(subjects.createdAt), desc(subjects.id))
      .limit(100);
    return {
      status: 'success',
      data: rows.map((r) => ({
        ...serializeSubject(r.subject),
        created_at: r.subject.createdAt.toISOString(),
        suggested_by: r.email ?? null,
      })),
    };
  });

  const pendingSubject = async (id: number) => {
    const [row] = await app.db.select().from(subjects).where(eq(subjects.id, id));
    if (!row) throw notFound(SUBJECT_MESSAGES.subjectNotFound);
    if (row.status !== 'pending') throw conflict(SUBJECT_MESSAGES.notPending);
    return row;
  };
  const logReview = (adminId: number, action: ActivityAction, id: number, details: Record<string, unknown>) =>
    logActivity(app.db, {
      actorType: 'admin',
      actorId: adminId,
      action,
      subjectType: 'subject',
      subjectId: id,
      details,
    });

  serve(app, referenceRoutes.approveSubject, async ({ params: { id }, body }, request) => {
    const row = await pendingSubject(id);
    const set: Partial<typeof subjects.$inferInsert> = { status: 'approved', isActive: true };
    if (body.name !== undefined && body.name !== null && String(body.name).trim() !== '') {
      // Approve with a corrected spelling.
      assertValid({ name: validateSubjectName(body.name) });
      const name = normaliseSubjectName(String(body.name));
      const [other] = await app.db
        .select()
        .from(subjects)
        .where(and(sameName(name), ne(subjects.id, row.id)));
      if (other) throw duplicate(other);
      set.name = name;
    }
    const [updated] = await app.db.update(subjects).set(set).where(eq(subjects.id, row.id)).returning();
    await logReview(principalOf(request).id, 'subject_approved', row.id, { name: updated.name });
    return { status: 'success', data: serializeSubject(updated) };
  });

  serve(app, referenceRoutes.rejectSubject, async ({ params: { id } }, request) => {
    const row = await pendingSubject(id);
    const [updated] = await app.db
      .update(subjects)
      .set({ status: 'rejected', isActive: false })
      .where(eq(subjects.id, row.id))
      .returning();
    await logReview(principalOf(request).id, 'subject_rejected', row.id, { name: row.name });
    return { status: 'success', data: serializeSubject(updated) };
  });

  serve(app, referenceRoutes.mergeSubject, async ({ params: { id }, body }, request) => {
    const row = await pendingSubject(id);
    const raw = body.into_id ?? body.merge_into_id;
    if (raw === undefined || raw === null || raw === '')
      throw unprocessable({ into_id: SUBJECT_MESSAGES.mergeTargetRequired });
    const intoId = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : Number.NaN;
    const [target] = Number.isInteger(intoId)
      ? await app.db.select().from(subjects).where(eq(subjects.id, intoId))
      : [];
    if (!target || target.id === row.id || target.status !== 'approved' || !target.isActive)
      throw unprocessable({ into_id: SUBJECT_MESSAGES.mergeTargetInvalid });
    const updated = await mergeSubject(app.db, row.id, target.id);
    await logReview(principalOf(request).id, 'subject_merged', row.id, { name: row.name, into: target.name });
    return { status: 'success', data: serializeSubject(updated), merged_into: serializeSubject(target) };
  });
}
