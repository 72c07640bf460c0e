import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { TIME_SLOTS, WEEKDAYS } from '../../../contract/constants';
import { TEACHER_SCHEDULE_MESSAGES as M } from '../../../contract/rules/teacher-schedule';
import { entries } from '../../../machines/teacher';
import type { DaySchedule } from '../../../machines/teacher/schedule';
import { coveragePaths } from '../../../src/features/machines/analysis';
import SlotsPage from '../../../src/features/teacher/SlotsPage';
import {
  failureOf,
  outputOf,
  type PageView,
  renderPage,
  signInTeacher,
} from '../../client/teacher/model-view';
import { heldResponse, testMachine } from '../../model/kit';
import { teacherRecord } from '../../msw/handlers/teachers';

const entry = entries.find((e) => e.name === 'teacherSchedule')!;
const user = userEvent.setup();
let load: ReturnType<typeof heldResponse>;
let save: ReturnType<typeof heldResponse>;

const slotLabel = (slot: string) => TIME_SLOTS.find((s) => s.value === slot)!.label;

/** The week on screen equals the model's week. */
function weekShown({ context }: AnyMachineSnapshot) {
  (context.days as DaySchedule[]).forEach((day, i) => {
    expect(screen.getByRole('checkbox', { name: WEEKDAYS[i] })).toHaveProperty('checked', day.enabled);
    for (const slot of TIME_SLOTS)
      expect(screen.getByRole('checkbox', { name: `${WEEKDAYS[i]} ${slot.label}` })).toHaveProperty(
        'checked',
        day.slots.includes(slot.value),
      );
  });
}
const createProfile = () => screen.getByRole('button', { name: /^(Create Profile|Saving\.\.\.)$/ });

const spec = (teacherId: number | null) => ({
  beforePath: () => {
    signInTeacher({ teacherId });
    load = heldResponse('get', '*/api/v1/teachers/:id');
    save = heldResponse('post', '*/api/v1/teachers/:id/teacher_schedules/import_schedule');
  },
  render: () => renderPage(<SlotsPage />, '/slots'),
  states: {
    loading: () => expect(screen.getByLabelText('Loading your schedule')).toBeInTheDocument(),
    editing: (_: PageView, s: AnyMachineSnapshot) => {
      expect(screen.queryByLabelText('Loading your schedule')).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      weekShown(s);
      const anySlot = (s.context.days as DaySchedule[]).some((d) => d.enabled && d.slots.length > 0);
      expect(createProfile()).toHaveProperty('disabled', !anySlot);
    },
    submitting: () => expect(screen.getByRole('button', { name: M.saving })).toBeDisabled(),
    failure: (_: PageView, s: AnyMachineSnapshot) => {
      expect(screen.getByRole('alert')).toHaveTextContent(s.context.failure);
      weekShown(s);
    },
    saved: (view: PageView) => {
      expect(screen.getByRole('status')).toHaveTextContent(M.success);
      expect(view.current()).toBe('/slots');
    },
    done: (view: PageView) => expect(view.current()).toBe('/dashboard'),
  },
  events: {
    'xstate.done.actor.loadSchedule': (_: PageView, { event }: { event: unknown }) =>
      // Without a stored teacher id nothing is fetched: the week starts empty.
      teacherId === null
        ? undefined
        : load.respond(200, {
            status: 'success',
            data: teacherRecord({ teacher_schedules: outputOf(event) }),
          }),
    'xstate.error.actor.loadSchedule': (_: PageView, { event }: { event: unknown }) => {
      const { status, body } = failureOf(event);
      return load.respond(status, body);
    },
    'day.toggle': (_: PageView, { event }: { event: unknown }) =>
      user.click(screen.getByRole('checkbox', { name: WEEKDAYS[(event as { day: number }).day] })),
    'slot.toggle': async (_: PageView, { event, from }: { event: unknown; from: AnyMachineSnapshot }) => {
      const { day, slot } = event as { day: number; slot: string };
      const box = screen.getByRole('checkbox', { name: `${WEEKDAYS[day]} ${slotLabel(slot)}` });
      // A slot of a disabled day cannot be toggled: the box is disabled.
      if (!(from.context.days as DaySchedule[])[day].enabled) return expect(box).toBeDisabled();
      await user.click(box);
    },
    'form.submit': async (_: PageView, { from }: { from: AnyMachineSnapshot }) => {
      const button = createProfile();
      const anySlot = (from.context.days as DaySchedule[]).some((d) => d.enabled && d.slots.length > 0);
      if (!anySlot) return expect(button).toBeDisabled();
      await user.click(button);
    },
    'form.back': async (view: PageView) => {
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(view.current()).toBe('/teacherSubject');
      view.location.navigate('/slots');
    },
    'xstate.done.actor.saveSchedule': (_: PageView, { event }: { event: unknown }) =>
      save.respond(201, { status: 'success', data: outputOf(event) }),
    'xstate.error.actor.saveSchedule': (_: PageView, { event }: { event: unknown }) => {
      const { status, body } = failureOf(event);
      return save.respond(status, body);
    },
  },
  timeout: 20000,
});

testMachine(entry, spec(21));

// A teacher id missing from storage: 'Create Profile' says so (docs/product.md#validation-and-messages) instead of saving.
const withoutTeacher = {
  ...entry,
  sampleInput: { teacherId: null },
  sampleEvents: { ...entry.sampleEvents, 'xstate.done.actor.loadSchedule': { output: [] } },
};
testMachine(withoutTeacher, {
  ...spec(null),
  paths: coveragePaths(withoutTeacher).filter((p) => p.target === 'failure'),
});
