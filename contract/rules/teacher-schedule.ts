import { TIME_SLOTS, type TimeOfDay, WEEKDAYS } from '../constants';

/** Teacher schedule (docs/product.md#teacher-schedule). */
export const TEACHER_SCHEDULE_MESSAGES = {
  slotRequired: 'Please choose at least one day and one time slot',
  weekDayInvalid: 'Week day must be a number from 0 (Monday) to 6 (Sunday)',
  timeSlotInvalid: 'Time slot must be morning, afternoon or evening',
  saving: 'Saving...',
  success: 'User registered successfully! Redirecting...',
  saveFailed: 'Failed to save schedule. Please try again.',
  /** Two saves of the same week at once: the one that came second. */
  savedMeanwhile:
    'Your schedule was saved from somewhere else at the same moment. Please reload the page and try again.',
} as const;

export interface ScheduleDayInput {
  week_day: number;
  time_slots_attributes: Array<{ time_of_day: string; preferred_group?: string }>;
}

const SLOT_VALUES = TIME_SLOTS.map((s) => s.value) as string[];
export const isTimeOfDay = (value: unknown): value is TimeOfDay => SLOT_VALUES.includes(String(value));

/** Errors keyed 'teacher_schedules' (or 'base'); empty when the schedule can be saved. */
export function validateSchedule(days: ScheduleDayInput[]): Record<string, string> {
  const m = TEACHER_SCHEDULE_MESSAGES;
  for (const day of days) {
    if (!Number.isInteger(day.week_day) || day.week_day < 0 || day.week_day >= WEEKDAYS.length)
      return { teacher_schedules: m.weekDayInvalid };
    if (!Array.isArray(day.time_slots_attributes)) return { teacher_schedules: m.timeSlotInvalid };
    for (const slot of day.time_slots_attributes)
      if (!isTimeOfDay(slot?.time_of_day)) return { teacher_schedules: m.timeSlotInvalid };
  }
  if (!days.some((d) => d.time_slots_attributes.length > 0)) return { teacher_schedules: m.slotRequired };
  return {};
}
