import type { FastifyInstance, FastifyRequest } from 'fastify';
import { teacherRoutes } from '../../contract/api';
import { type ScheduleDayInput, validateSchedule } from '../../contract/rules/teacher-schedule';
import { assertValid } from '../lib/http';
import { serve } from '../lib/route';
import { isAdmin, principalOf } from '../plugins/auth';
import { loadAccessibleTeacher } from '../services/teacher-records';
import {
  findSchedule,
  importWeek,
  listSchedules,
  removeSchedule,
  serializeSchedules,
  updateDay,
  weekOf,
} from '../services/teacher-schedules';

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

/** Teacher schedules (docs/product.md#api-conventions): import (replaces the week), lists, one, update, delete. */
export default async function teacherSchedulesRoutes(app: FastifyInstance) {
  const schedulesOf = (teacherId: number) => weekOf(app.db, teacherId);

  async function loadAccessibleSchedule(request: FastifyRequest, id: number) {
    const row = await findSchedule(app.db, id);
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
    const rows = await listSchedules(app.db, isAdmin(p) ? null : p.id);
    return { status: 'success', data: await serializeSchedules(app.db, rows) };
  });

  serve(app, teacherRoutes.showSchedule, async ({ params: { id } }, request) => {
    const row = await loadAccessibleSchedule(request, id);
    const [data] = await serializeSchedules(app.db, [row]);
    return { status: 'success', data };
  });

  serve(app, teacherRoutes.importSchedule, async ({ params: { id: teacherId }, body }, request) => {
    await loadAccessibleTeacher(app.db, principalOf(request), teacherId);
    const days = scheduleDays(body.teacher_schedules) ?? [];
    assertValid(validateSchedule(days));
    await importWeek(app.db, teacherId, days);
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
    const updated = await updateDay(app.db, row, day);
    const [data] = await serializeSchedules(app.db, [updated]);
    return { status: 'success', data };
  });

  serve(app, teacherRoutes.removeSchedule, async ({ params: { id } }, request) => {
    const row = await loadAccessibleSchedule(request, id);
    await removeSchedule(app.db, row.id);
    return { status: 'success', data: { id: row.id } };
  });
}
