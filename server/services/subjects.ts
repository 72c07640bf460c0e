import { and, asc, count, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { SUBJECT_MESSAGES, subjectNameKey } from '../../contract/rules/student-subject';
import type { Db } from '../db/client';
import { subjects, users } from '../db/schema';
import { type ActivityAction, logActivity } from '../lib/activity';
import { conflict, notFound } from '../lib/http';
import { visibleSubject } from './matching';

/**
 * The subject list (`subjects`): what each viewer sees, suggestions by students, and the
 * administrators' review (approve, reject, merge). Names are unique case-insensitively (the
 * `subjects_name_key` index); the route decides who may do what and how a clash is answered.
 */

export type SubjectRow = typeof subjects.$inferSelect;
type Viewer = { type: 'user' | 'admin'; id: number } | null;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Active subjects the viewer may see, by name. */
export async function listSubjects(db: Db, viewer: Viewer): Promise<SubjectRow[]> {
  return db
    .select()
    .from(subjects)
    .where(and(eq(subjects.isActive, true), visibleSubject(viewer)))
    .orderBy(asc(subjects.name));
}

/** One subject the viewer may see; 404 otherwise. */
export async function visibleSubjectById(db: Db, id: number, viewer: Viewer): Promise<SubjectRow> {
  const [row] = await db
    .select()
    .from(subjects)
    .where(and(eq(subjects.id, id), visibleSubject(viewer)));
  if (!row) throw notFound(SUBJECT_MESSAGES.subjectNotFound);
  return row;
}

export async function findSubject(db: Db, id: number): Promise<SubjectRow> {
  const [row] = await db.select().from(subjects).where(eq(subjects.id, id));
  if (!row) throw notFound(SUBJECT_MESSAGES.subjectNotFound);
  return row;
}

/**
 * The subject with this name as `subjectNameKey` compares (other than `exceptId`), or null. Stored
 * names are normalised (`normaliseSubjectName`) before they are written.
 */
export async function subjectNamed(db: Db, name: string, exceptId?: number): Promise<SubjectRow | null> {
  const same = eq(sql`lower(${subjects.name})`, subjectNameKey(name));
  const [row] = await db
    .select()
    .from(subjects)
    .where(exceptId === undefined ? same : and(same, ne(subjects.id, exceptId)));
  return row ?? null;
}

/** How many subjects this user added in the last 24 hours. */
export async function addedToday(db: Db, userId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(subjects)
    .where(and(eq(subjects.createdByUserId, userId), gt(subjects.createdAt, new Date(Date.now() - DAY_MS))));
  return n;
}

/**
 * Adds a subject (`pending` for a student's suggestion, `approved` for an administrator's), logged
 * in the same transaction. A removed or refused subject of that name (`revive`) comes back instead
 * of a second row.
 */
export async function addSubject(
  db: Db,
  add: { name: string; byAdmin: boolean; userId: number; revive: SubjectRow | null },
): Promise<SubjectRow> {
  const status = add.byAdmin ? ('approved' as const) : ('pending' as const);
  if (add.revive) {
    const [row] = await db
      .update(subjects)
      .set({
        isActive: true,
        status,
        mergedIntoId: null,
        createdByUserId: add.byAdmin ? add.revive.createdByUserId : add.userId,
      })
      .where(eq(subjects.id, add.revive.id))
      .returning();
    return row;
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(subjects)
      .values({ name: add.name, isActive: true, status, createdByUserId: add.byAdmin ? null : add.userId })
      .returning();
    if (!add.byAdmin)
      await logActivity(tx, {
        actorType: 'user',
        actorId: add.userId,
        action: 'subject_suggested',
        subjectType: 'subject',
        subjectId: row.id,
        details: { name: add.name },
      });
    return row;
  });
}

/** Renames or shows / hides a subject (administrators). */
export async function updateSubject(
  db: Db,
  id: number,
  set: Partial<typeof subjects.$inferInsert>,
): Promise<SubjectRow> {
  const [row] = await db.update(subjects).set(set).where(eq(subjects.id, id)).returning();
  if (!row) throw notFound(SUBJECT_MESSAGES.subjectNotFound);
  return row;
}

/** Suggestions in one review status, newest first, with who suggested them. */
export async function subjectSuggestions(db: Db, status: SubjectRow['status']) {
  return db
    .select({ subject: subjects, email: users.email })
    .from(subjects)
    .leftJoin(users, eq(users.id, subjects.createdByUserId))
    .where(eq(subjects.status, status))
    .orderBy(desc(subjects.createdAt), desc(subjects.id))
    .limit(100);
}

/** A subject on the wire: id, name, whether it is listed, its review status. */
export const serializeSubject = (s: SubjectRow) => ({
  id: s.id,
  name: s.name,
  is_active: s.isActive,
  status: s.status,
});

/**
 * The 409 for a decision on a suggestion that no longer waits: another administrator decided first.
 * It carries the subject as stored now (and the subject it was merged into), so the caller can say
 * what happened to it.
 */
function alreadyDecided(row: SubjectRow) {
  return conflict(SUBJECT_MESSAGES.alreadyDecided, {
    data: serializeSubject(row),
    ...(row.mergedIntoId ? { merged_into_id: row.mergedIntoId } : {}),
  });
}

/** Why a decision's UPDATE changed nothing: the subject is gone (404) or decided already (409). */
async function refusedReview(db: Db, id: number) {
  const [row] = await db.select().from(subjects).where(eq(subjects.id, id));
  return row ? alreadyDecided(row) : notFound(SUBJECT_MESSAGES.subjectNotFound);
}

/**
 * A suggestion still waiting for review; 404 unknown, 409 already decided. A first look only: the
 * decision's own UPDATE checks again (`reviewSubject`, `mergeSuggestion`), since another
 * administrator may decide between the two.
 */
export async function pendingSubject(db: Db, id: number): Promise<SubjectRow> {
  const row = await findSubject(db, id);
  if (row.status !== 'pending') throw alreadyDecided(row);
  return row;
}

const reviewEntry = (
  adminId: number,
  action: ActivityAction,
  id: number,
  details: Record<string, unknown>,
) => ({
  actorType: 'admin' as const,
  actorId: adminId,
  action,
  subjectType: 'subject',
  subjectId: id,
  details,
});

/**
 * An administrator's decision on a suggestion (approve, possibly renamed, or reject) and its audit
 * entry, in one transaction. The UPDATE's condition names the suggestion *and* the pending status:
 * of two administrators deciding at once, the second UPDATE waits for the first to commit, then finds
 * the suggestion no longer pending and changes nothing; that decision gets the 409 (alreadyDecided).
 */
export async function reviewSubject(
  db: Db,
  row: SubjectRow,
  decision: { adminId: number; approve: boolean; name?: string },
): Promise<SubjectRow> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(subjects)
      .set(
        decision.approve
          ? { status: 'approved', isActive: true, ...(decision.name ? { name: decision.name } : {}) }
          : { status: 'rejected', isActive: false },
      )
      .where(and(eq(subjects.id, row.id), eq(subjects.status, 'pending')))
      .returning();
    if (!updated) throw await refusedReview(tx, row.id);
    await logActivity(
      tx,
      reviewEntry(decision.adminId, decision.approve ? 'subject_approved' : 'subject_rejected', row.id, {
        name: updated.name,
      }),
    );
    return updated;
  });
}

/**
 * Merges a suggestion into an approved subject and logs it, in one transaction. The target is read
 * again first, locked (FOR SHARE) and only while it is still an approved, listed subject: one removed,
 * merged or deleted since the route looked is a 409 (mergeTargetGone), and nothing is moved; while
 * the merge runs, a removal of the target waits for it. The suggestion's UPDATE comes next and is
 * conditioned on it still pending (as `reviewSubject`'s): a merge racing another decision either wins
 * (the other waits on the row, then finds it decided) or changes nothing and gets the 409; only a
 * winning merge moves what named the suggestion over. Returns the suggestion and the target as stored.
 */
export async function mergeSuggestion(
  db: Db,
  row: SubjectRow,
  target: SubjectRow,
  adminId: number,
): Promise<{ subject: SubjectRow; into: SubjectRow }> {
  return db.transaction(async (tx) => {
    const [into] = await tx
      .select()
      .from(subjects)
      .where(and(eq(subjects.id, target.id), eq(subjects.status, 'approved'), eq(subjects.isActive, true)))
      .for('share');
    if (!into) throw conflict(SUBJECT_MESSAGES.mergeTargetGone);
    const [updated] = await tx
      .update(subjects)
      .set({ status: 'merged', isActive: false, mergedIntoId: target.id })
      .where(and(eq(subjects.id, row.id), eq(subjects.status, 'pending')))
      .returning();
    if (!updated) throw await refusedReview(tx, row.id);
    await moveSubjectReferences(tx, row.id, target.id);
    await logActivity(
      tx,
      reviewEntry(adminId, 'subject_merged', row.id, { name: row.name, into: into.name }),
    );
    return { subject: updated, into };
  });
}

/**
 * Every request, student preference, teacher subject and qualification that named subject `fromId`
 * names `intoId` instead (without duplicates). Run inside the merge's transaction.
 */
async function moveSubjectReferences(tx: Db, fromId: number, intoId: number) {
  const replaceIn = (table: string) =>
    tx.execute(sql`UPDATE ${sql.raw(table)}
      SET subject_ids = (SELECT array_agg(DISTINCT x) FROM unnest(array_replace(subject_ids, ${fromId}::int, ${intoId}::int)) x)
      WHERE ${fromId}::int = ANY(subject_ids)`);
  await replaceIn('teacher_student_requests');
  await replaceIn('student_preferences');
  await tx.execute(sql`INSERT INTO teacher_subjects (teacher_id, subject_id)
    SELECT teacher_id, ${intoId}::int FROM teacher_subjects WHERE subject_id = ${fromId}::int
    ON CONFLICT DO NOTHING`);
  await tx.execute(sql`DELETE FROM teacher_subjects WHERE subject_id = ${fromId}::int`);
  await tx.execute(sql`UPDATE teacher_educational_qualifications SET subject_id = ${intoId}::int
    WHERE subject_id = ${fromId}::int`);
}
