import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { teacherRoutes } from '../../contract/api';
import { type ScheduleDayInput, validateSchedule } from '../../contract/rules/teacher-schedule';
import type { Db } from '../db/client';
import { teacherSchedules, teachers, timeSlots } from '../db/schema';
import { assertValid, notFound } from '../lib/http';
import { serve } from '../lib/route';
import { loadAccessibleTeacher } from '../lib/teacher-record';
import { isAdmin, principalOf } from '../plugins/auth';

type ScheduleRow = typeof teacherSchedules.$inferSelect;
type TimeOfDay = (typeof timeSlots.$inferInsert)['timeOfDay'];

async function serialize(db: Db, rows: ScheduleRow[]) {
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

type SlotBody = { time_of_day?: string | null };
type DayBody = {
  week_day?: string | number | null;
  time_slots_attributes?: readonly SlotBody[] | null;
  time_slots?: readonly SlotBody[] | null;
};

/** Validated { week_day, time_slots_attributes } days, normalised for the shared rule. */
function scheduleDays(value: readonly DayBody[] | null | undefined): ScheduleDayInput[] | null {
  if (!Array.isArray(value)) return null;
  return value.map((d) => {
    const slots = d.time_slots_attributes ?? d.time_slots;
    return {
      week_day: Number(d.week_day),
      time_slots_attributes: Array.isArray(slots)
        ? slots.map((s) => ({ time_of_day: String(s?.time_of_day ?? '') }))
        : (null as unknown as []),
    };
  });
}

const distinctSlots = (day: ScheduleDayInput) => [
  ...new Set(day.time_slots_attributes.map((s) => s.time_of_day as TimeOfDay)),
];

/** Teacher schedules (docs/product.md#api-conventions): import (replaces the week), lists, one, update, delete. */
export default async function teacherSchedulesRoutes(app: FastifyInstance) {
  const schedulesOf = async (teacherId: number) =>
    serialize(
      app.db,
      await app.db
        .select()
        .from(teacherSchedules)
        .where(eq(teacherSchedules.teacherId, teacherId))
        .orderBy(asc(teacherSchedules.weekDay)),
    );

  async function loadAccessibleSchedule(request: FastifyRequest, id: number) {
    const [row] = await app.db.select().from(teacherSchedules).where(eq(teacherSchedules.id, id));
    if (!row) throw notFound('Schedule not found');
    await loadAccessibleTeacher(app.db, principalOf(request), row.teacherId);
    return row;
  }

  serve(app, teacherRoutes.teacherSchedules, async ({ params: { id: teacherId } }, request) => {
    await loadAccessibleTeacher(app.db, principalOf(request), teacherId);
    return { status: 'success', data: await schedulesOf(teacherId) };
  });

  /** Administrators see every schedule; a teacher sees their own. */
  serve(app, teacherRoutes.listSchedules, async (_, request) => {
    const p = principalOf(request);
    const query = app.db.select().from(teacherSchedules);
    const rows = isAdmin(p)
      ? await query.orderBy(asc(teacherSchedules.teacherId), asc(teacherSchedules.weekDay))
      : await app.db
          .select({ s: teacherSchedules })
          .from(teacherSchedules)
          .innerJoin(teachers, eq(teachers.id, teacherSchedules.teacherId))
          .where(eq(teachers.userId, p.id))
          .orderBy(asc(teacherSchedules.weekDay))
          .then((r) => r.map((x) => x.s));
    return { status: 'success', data: await serialize(app.db, rows) };
  });

  serve(app, teacherRoutes.showSchedule, async ({ params: { id } }, request) => {
    const row = await loadAccessibleSchedule(request, id);
    const [data] = await serialize(app.db, [row]);
    return { status: 'success', data };
  });

  serve(app, teacherRoutes.importSchedule, async ({ params: { id: teacherId }, body }, request) => {
    await loadAccessibleTeacher(app.db, principalOf(request), teacherId);
    const days = scheduleDays(body.teacher_schedules) ?? [];
    assertValid(validateSchedule(days));
    // One row per week day: repeated days are merged.
    const byDay = new Map<number, Set<TimeOfDay>>();
    for (const day of days) {
      const set = byDay.get(day.week_day) ?? new Set<TimeOfDay>();
      for (const slot of distinctSlots(day)) set.add(slot);
      byDay.set(day.week_day, set);
    }
    // Imports of one teacher's week take turns (the teacher row is locked): ten at once leave one week.
    await app.db.transaction(async (tx) => {
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
    return { status: 'success', data: await schedulesOf(teacherId) };
  });

  serve(app, teacherRoutes.updateSchedule, async ({ params: { id }, body: wrapped }, request) => {
    const row = await loadAccessibleSchedule(request, id);
    const [day] = scheduleDays([
      {
        week_day: wrapped.week_day ?? row.weekDay,
        time_slots_attributes: wrapped.time_slots_attributes ?? wrapped.time_slots ?? [],
      },
    ])!;
    assertValid(validateSchedule([day]));
    await app.db.transaction(async (tx) => {
      if (day.week_day !== row.weekDay) {
        // Moving to a day that already has a row replaces that row.
        await tx
          .delete(teacherSchedules)
          .where(
            and(eq(teacherSchedules.teacherId, row.teacherId), eq(teacherSchedules.weekDay, day.week_day)),
          );
      }
      await tx.delete(timeSlots).where(eq(timeSlots.teacherScheduleId, row.id));
      await tx
        .update(teacherSchedules)
        .set({ weekDay: day.week_day, updatedAt: new Date() })
        .where(eq(teacherSchedules.id, row.id));
      await tx.insert(timeSlots).values(
        distinctSlots(day).map((timeOfDay) => ({
          teacherScheduleId: row.id,
          timeOfDay,
          preferredGroup: 'any',
        })),
      );
    });
    const [updated] = await app.db.select().from(teacherSchedules).where(eq(teacherSchedules.id, row.id));
    const [data] = await serialize(app.db, [updated]);
    return { status: 'success', data };
  });

  serve(app, teacherRoutes.removeSchedule, async ({ params: { id } }, request) => {
    const row = await loadAccessibleSchedule(request, id);
    await app.db.delete(teacherSchedules).where(eq(teacherSchedules.id, row.id));
    return { status: 'success', data: { id: row.id } };
  });
}
