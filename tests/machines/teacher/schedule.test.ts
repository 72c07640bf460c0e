import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { TEACHER_SCHEDULE_MESSAGES as M } from '../../../contract/rules/teacher-schedule';
import { type SaveScheduleInput, scheduleDays, scheduleMachine } from '../../../machines/teacher/schedule';
import { unprocessable } from './paths';

describe('teacherSchedule model', () => {
  it("'Create Profile' does nothing without a slot; a failure shows the server's message", async () => {
    const actor = createActor(
      scheduleMachine.provide({
        actors: {
          saveSchedule: fromPromise<unknown, SaveScheduleInput>(async () => {
            throw unprocessable({ teacher_schedules: [M.slotRequired] });
          }),
        },
      }),
      { input: { teacherId: 7 } },
    ).start();
    await waitFor(actor, (s) => !s.matches('loading'));
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'slot.toggle', day: 2, slot: 'morning' });
    expect(actor.getSnapshot().context.days[2].slots).toEqual([]);
    actor.send({ type: 'day.toggle', day: 2 });
    actor.send({ type: 'slot.toggle', day: 2, slot: 'morning' });
    actor.send({ type: 'day.toggle', day: 2 });
    expect(actor.getSnapshot().context.days[2]).toEqual({ enabled: false, slots: [] });
  });

  it('sends Monday = 0 ... Sunday = 6 with preferred_group any, in slot order', async () => {
    const days = Array.from({ length: 7 }, () => ({ enabled: false, slots: [] as never[] }));
    days[0] = { enabled: true, slots: ['evening', 'morning'] as never[] };
    days[6] = { enabled: true, slots: ['afternoon'] as never[] };
    days[3] = { enabled: true, slots: [] };
    expect(scheduleDays(days)).toEqual([
      {
        week_day: 0,
        time_slots_attributes: [
          { time_of_day: 'morning', preferred_group: 'any' },
          { time_of_day: 'evening', preferred_group: 'any' },
        ],
      },
      { week_day: 6, time_slots_attributes: [{ time_of_day: 'afternoon', preferred_group: 'any' }] },
    ]);
  });

  it('saves, shows the success state for 2 seconds, then goes home; a failure keeps the week', async () => {
    const { vi } = await import('vitest');
    vi.useFakeTimers();
    try {
      let goHome = 0;
      let fail = true;
      const actor = createActor(
        scheduleMachine.provide({
          actors: {
            saveSchedule: fromPromise<unknown, SaveScheduleInput>(async () => {
              if (fail) throw new Error('Request failed');
              return [];
            }),
          },
          actions: { goHome: () => goHome++ },
        }),
        { input: { teacherId: 7 } },
      ).start();
      await waitFor(actor, (s) => !s.matches('loading'));
      actor.send({ type: 'day.toggle', day: 1 });
      actor.send({ type: 'slot.toggle', day: 1, slot: 'afternoon' });
      actor.send({ type: 'form.submit' });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toBe('failure');
      expect(actor.getSnapshot().context.failure).toBe('Request failed');
      expect(actor.getSnapshot().context.days[1].slots).toEqual(['afternoon']);
      fail = false;
      actor.send({ type: 'form.submit' });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toBe('saved');
      await vi.advanceTimersByTimeAsync(1999);
      expect(goHome).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(goHome).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
