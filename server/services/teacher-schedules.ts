import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ScheduleDayInput } from '../../contract/rules/teacher-schedule';
import type { Db } from '../db/client';
import { teacherSchedules, teachers, timeSlots } from '../db/schema';
import { notFound } from '../lib/http';

/**
 * A teacher's week (`teacher_schedules`, one row per week day, and its `time_slots`). The route
 * checks who may see or change the teacher; writes of more than one statement are one transaction.
 */

export type ScheduleRow = typeof teacherSchedules.$inferSelect;
type TimeOfDay = (typeof timeSlots.$inferInsert)['timeOfDay'];

/** Rows with their slots, as the API answers them. */
export async function serializeSchedules(db: Db, rows: ScheduleRow[]) {
  const ids = rows.map((r) => r.id);
  const slots = ids.length
    ? await db
        .select()
        .from(timeSlots)
        .where(inArray(timeSlots.teacherScheduleId, ids))
        .orderBy(asc(timeSlots.id))
    : [];
  return rows.map((s) => ({
    id: s.id,
    teacher_id: s.teacherId,
    week_day: s.weekDay,
    time_slots: slots
      .filter((t) => t.teacherScheduleId === s.id)
      .map((t) => ({ id: t.id, time_of_day: t.timeOfDay, preferred_group: t.preferredGroup })),
  }));
}

/** One teacher's week, Monday first, serialised. */
export async function weekOf(db: Db, teacherId: number) {
  return serializeSchedules(
    db,
    await db
      .select()
      .from(teacherSchedules)
      .where(eq(teacherSchedules.teacherId, teacherId))
      .orderBy(asc(teacherSchedules.weekDay)),
  );
}

export async function findSchedule(db: Db, id: number): Promise<ScheduleRow> {
  const [row] = await db.select().from(teacherSchedules).where(eq(teacherSchedules.id, id));
  if (!row) throw notFound('Schedule not found');
  return row;
}

/** Every schedule (administrators), or those of the teacher signed in as `userId`. */
export async function listSchedules(db: Db, userId: number | null): Promise<ScheduleRow[]> {
  if (userId === null)
    return db
      .select()
      .from(teacherSchedules)
      .orderBy(asc(teacherSchedules.teacherId), asc(teacherSchedules.weekDay));
  return db
    .select({ s: teacherSchedules })
    .from(teacherSchedules)
    .innerJoin(teachers, eq(teachers.id, teacherSchedules.teacherId))
    .where(eq(teachers.userId, userId))
    .orderBy(asc(teacherSchedules.weekDay))
    .then((r) => r.map((x) => x.s));
}

const distinctSlots = (day: ScheduleDayInput) => [
  ...new Set(day.time_slots_attributes.map((s) => s.time_of_day as TimeOfDay)),
];

/**
 * Replaces the teacher's week with `days` (repeated days merged, days without slots left out).
 * Imports of one teacher's week take turns (the teacher row is locked), so ten at once leave one week.
 */
export async function importWeek(db: Db, teacherId: number, days: ScheduleDayInput[]): Promise<void> {
  const byDay = new Map<number, Set<TimeOfDay>>();
  for (const day of days) {
    const set = byDay.get(day.week_day) ?? new Set<TimeOfDay>();
    for (const slot of distinctSlots(day)) set.add(slot);
    byDay.set(day.week_day, set);
  }
  await db.transaction(async (tx) => {
    await tx.select({ id: teachers.id }).from(teachers).where(eq(teachers.id, teacherId)).for('update');
    await tx.delete(teacherSchedules).where(eq(teacherSchedules.teacherId, teacherId));
    for (const [weekDay, slots] of [...byDay].sort(([a], [b]) => a - b)) {
      if (!slots.size) continue;
      const [schedule] = await tx.insert(teacherSchedules).values({ teacherId, weekDay }).returning();
      await tx.insert(timeSlots).values(
        [...slots].map((timeOfDay) => ({
          teacherScheduleId: schedule.id,
          timeOfDay,
          preferredGroup: 'any',
        })),
      );
    }
  });
}

/** Changes one day's row (its day and slots); moving to a day that already has a row replaces that row. */
export async function updateDay(db: Db, row: ScheduleRow, day: ScheduleDayInput): Promise<ScheduleRow> {
  return db.transaction(async (tx) => {
    await tx.select({ id: teachers.id }).from(teachers).where(eq(teachers.id, row.teacherId)).for('update');
    if (day.week_day !== row.weekDay)
      await tx
        .delete(teacherSchedules)
        .where(
          and(eq(teacherSchedules.teacherId, row.teacherId), eq(teacherSchedules.weekDay, day.week_day)),
        );
    await tx.delete(timeSlots).where(eq(timeSlots.teacherScheduleId, row.id));
    const [updated] = await tx
      .update(teacherSchedules)
      .set({ weekDay: day.week_day, updatedAt: new Date() })
      .where(eq(teacherSchedules.id, row.id))
      .returning();
    if (!updated) throw notFound('Schedule not found');
    await tx.insert(timeSlots).values(
      distinctSlots(day).map((timeOfDay) => ({
        teacherScheduleId: row.id,
        timeOfDay,
        preferredGroup: 'any',
      })),
    );
    return updated;
  });
}

export async function removeSchedule(db: Db, id: number): Promise<void> {
  await db.delete(teacherSchedules).where(eq(teacherSchedules.id, id));
}
