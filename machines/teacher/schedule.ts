import { and, assign, fromPromise, setup } from 'xstate';
import { TIME_SLOTS, type TimeOfDay, WEEKDAYS } from '../../contract/constants';
import { TEACHER_SCHEDULE_MESSAGES as M } from '../../contract/rules/teacher-schedule';
import type { TeacherSchedule } from '../../contract/structs/teacher';
import { FAILURE_ORDER, failureText } from '../common/failure';
import { errorOf, exitParams, notProvided, outputOf, type StepExit } from './form';

/**
 * The weekly schedule ('Date & Time', /slots): days Monday..Sunday, each with Morning/Afternoon/Evening.
 * 'Create Profile' works only with a slot on an enabled day; after saving, the success message shows
 * for 2 seconds, then the teacher goes to /. A revisit starts from the saved schedule.
 */

export interface DaySchedule {
  enabled: boolean;
  slots: TimeOfDay[];
}

export interface ScheduleInput {
  teacherId: number | null;
  /** Opened from the dashboard's Edit: every way out leads back towards the dashboard. */
  editing?: boolean;
}

export interface SaveScheduleInput {
  teacherId: number;
  days: Array<{
    week_day: number;
    time_slots_attributes: Array<{ time_of_day: TimeOfDay; preferred_group: 'any' }>;
  }>;
}

interface Context {
  teacherId: number | null;
  days: DaySchedule[];
  failure: string | null;
  /** Edit mode (the dashboard's Edit or Fix documents): the navigation actions say so. */
  editing: boolean;
}

type Event =
  | { type: 'day.toggle'; day: number }
  | { type: 'slot.toggle'; day: number; slot: TimeOfDay }
  | { type: 'form.submit' }
  | { type: 'form.back' };

/** The saved schedules (GET /api/v1/teachers/{id}) as the week the form shows. */
export function weekOfSaved(saved: TeacherSchedule[]): DaySchedule[] {
  return WEEKDAYS.map((_, day) => {
    const slots = saved
      .filter((s) => s.week_day === day)
      .flatMap((s) => s.time_slots.map((t) => t.time_of_day))
      .filter((t): t is TimeOfDay => TIME_SLOTS.some((s) => s.value === t));
    const distinct = TIME_SLOTS.map((s) => s.value).filter((v) => slots.includes(v));
    return { enabled: distinct.length > 0, slots: distinct };
  });
}

export const emptyWeek = (): DaySchedule[] => WEEKDAYS.map(() => ({ enabled: false, slots: [] }));

/** Whether 'Create Profile' is enabled: at least one enabled day with at least one slot. */
export const hasAnySlot = (days: DaySchedule[]) => days.some((d) => d.enabled && d.slots.length > 0);

/** The import_schedule payload: enabled days with slots, Monday = 0, preferred_group always any. */
export function scheduleDays(days: DaySchedule[]): SaveScheduleInput['days'] {
  return days.flatMap((d, week_day) =>
    d.enabled && d.slots.length
      ? [
          {
            week_day,
            time_slots_attributes: TIME_SLOTS.filter((s) => d.slots.includes(s.value)).map((s) => ({
              time_of_day: s.value,
              preferred_group: 'any' as const,
            })),
          },
        ]
      : [],
  );
}

const TEACHER_MISSING = "Teacher ID not found. Please ensure you're logged in properly.";

/** Create Profile: only with a slot; without a stored teacher id, the product's message instead. */
const SUBMIT = [
  { guard: and(['canSubmit', 'hasTeacherId']), target: 'submitting' },
  { guard: 'canSubmit', target: 'failure', actions: 'setMissingTeacher' },
] as const;

export const scheduleMachine = setup({
  types: { context: {} as Context, events: {} as Event, input: {} as ScheduleInput },
  actors: {
    loadSchedule: fromPromise<TeacherSchedule[], { teacherId: number | null }>(
      notProvided('teacherSchedule', 'loadSchedule'),
    ),
    saveSchedule: fromPromise<unknown, SaveScheduleInput>(notProvided('teacherSchedule', 'saveSchedule')),
  },
  actions: {
    applySaved: assign({ days: ({ event }) => weekOfSaved(outputOf<TeacherSchedule[]>(event)) }),
    toggleDay: assign({
      days: ({ context, event }) => {
        if (event.type !== 'day.toggle') return context.days;
        // Disabling a day clears its slots (docs/product.md#teacher-schedule).
        return context.days.map((d, i) => (i === event.day ? { enabled: !d.enabled, slots: [] } : d));
      },
      failure: null,
    }),
    toggleSlot: assign({
      days: ({ context, event }) => {
        if (event.type !== 'slot.toggle') return context.days;
        return context.days.map((d, i) =>
          i === event.day
            ? {
                ...d,
                slots: d.slots.includes(event.slot)
                  ? d.slots.filter((s) => s !== event.slot)
                  : [...d.slots, event.slot],
              }
            : d,
        );
      },
      failure: null,
    }),
    setFailure: assign({
      failure: ({ event }) => failureText(errorOf(event), FAILURE_ORDER.server, M.saveFailed),
    }),
    setMissingTeacher: assign({ failure: TEACHER_MISSING }),
    // Supplied by the view:
    goHome: (_, _params: StepExit) => {},
    goBack: (_, _params: StepExit) => {},
  },
  guards: {
    /** Slots on disabled days cannot be toggled. */
    isDayEnabled: ({ context, event }) =>
      event.type === 'slot.toggle' && Boolean(context.days[event.day]?.enabled),
    canSubmit: ({ context }) => hasAnySlot(context.days),
    hasTeacherId: ({ context }) => context.teacherId !== null,
  },
  delays: { redirectDelay: 2000 },
}).createMachine({
  id: 'teacherSchedule',
  context: ({ input }) => ({
    editing: input.editing ?? false,
    teacherId: input.teacherId,
    days: emptyWeek(),
    failure: null,
  }),
  initial: 'loading',
  states: {
    /** The saved schedule (a revisit); none, or a failed load, starts from an empty week. */
    loading: {
      invoke: {
        src: 'loadSchedule',
        id: 'loadSchedule',
        input: ({ context }) => ({ teacherId: context.teacherId }),
        onDone: { target: 'editing', actions: 'applySaved' },
        onError: 'editing',
      },
    },
    editing: {
      on: {
        'day.toggle': { actions: 'toggleDay' },
        'slot.toggle': { guard: 'isDayEnabled', actions: 'toggleSlot' },
        'form.submit': SUBMIT,
        'form.back': { actions: { type: 'goBack', params: exitParams } },
      },
    },
    /** 'Saving...' */
    submitting: {
      invoke: {
        src: 'saveSchedule',
        id: 'saveSchedule',
        input: ({ context }) => ({ teacherId: context.teacherId!, days: scheduleDays(context.days) }),
        onDone: 'saved',
        onError: { target: 'failure', actions: 'setFailure' },
      },
    },
    failure: {
      on: {
        'day.toggle': { target: 'editing', actions: 'toggleDay' },
        'slot.toggle': { guard: 'isDayEnabled', target: 'editing', actions: 'toggleSlot' },
        'form.submit': SUBMIT,
        'form.back': { actions: { type: 'goBack', params: exitParams } },
      },
    },
    /** 'User registered successfully! Redirecting...' for 2 seconds, then /. */
    saved: { after: { redirectDelay: 'done' } },
    done: { type: 'final', entry: { type: 'goHome', params: exitParams } },
  },
});
