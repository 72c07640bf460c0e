import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, createActor, fromPromise, waitFor } from 'xstate';
import { educationalDetailsMachine } from '../../../machines/teacher/educationalDetails';
import type { StepExit } from '../../../machines/teacher/form';
import { type PersonalDetailsInput, personalDetailsMachine } from '../../../machines/teacher/personalDetails';
import { preferencesMachine } from '../../../machines/teacher/preferences';
import { scheduleMachine } from '../../../machines/teacher/schedule';

/**
 * Edit mode (D11) lives in the step machines: opened from the dashboard's Edit, a step's context says
 * `editing`, and every navigation action it runs (next step, back, home) is told so; the view only
 * turns that into a path.
 */
type Exits = Array<[string, StepExit]>;

function recording(machine: AnyStateMachine, names: string[], exits: Exits) {
  const actions = Object.fromEntries(
    names.map((name) => [name, (_: unknown, params: StepExit) => exits.push([name, params])]),
  );
  return machine.provide({ actions });
}

const signedIn: PersonalDetailsInput = {
  userId: 3,
  hasToken: true,
  email: 'anita@example.com',
  teacherId: 7,
  draft: {
    name: 'Anita Sen',
    mobile_number: '9876543210',
    gender: 'female',
    date_of_birth: '1990-08-15',
    address: '12 Park Street, Kolkata 700016',
  },
};

const steps = [
  { name: 'teacherPersonalDetails', machine: personalDetailsMachine, back: 'goHome', input: signedIn },
  {
    name: 'teacherEducationalDetails',
    machine: educationalDetailsMachine,
    back: 'goBack',
    input: { teacherId: 7 },
  },
  { name: 'teacherPreferences', machine: preferencesMachine, back: 'goBack', input: { teacherId: 7 } },
  { name: 'teacherSchedule', machine: scheduleMachine, back: 'goBack', input: { teacherId: 7 } },
] as const;

describe('edit mode of the onboarding steps', () => {
  for (const step of steps) {
    it(`${step.name}: holds edit mode from its input and tells the way back`, () => {
      for (const editing of [true, false, undefined]) {
        const exits: Exits = [];
        const actor = createActor(recording(step.machine, [step.back], exits), {
          input: editing === undefined ? step.input : { ...step.input, editing },
        }).start();
        expect(actor.getSnapshot().context.editing).toBe(editing ?? false);
        actor.send({ type: 'form.back' });
        expect(exits).toEqual([[step.back, { editing: editing ?? false }]]);
        actor.stop();
      }
    });
  }

  it('teacherPersonalDetails: a save in edit mode goes on to education in edit mode', async () => {
    const exits: Exits = [];
    const machine = recording(personalDetailsMachine, ['goToEducation'], exits).provide({
      actors: {
        getLocation: fromPromise(async () => ({ latitude: 22.5, longitude: 88.3 })),
        loadTeacher: fromPromise(async () => null),
        saveTeacher: fromPromise(async () => ({
          id: 7,
          name: 'Anita Sen',
          email: 'anita@example.com',
          mobile_number: '9876543210',
          whatsapp_number: null,
          gender: 'female',
          date_of_birth: '15/08/1990',
          address: '12 Park Street, Kolkata 700016',
          latitude: 22.5,
          longitude: 88.3,
          profile_photo: '/p.png',
          aadhar_photo: '/a.png',
        })),
      },
    });
    const actor = createActor(machine, { input: { ...signedIn, teacherId: null, editing: true } }).start();
    await waitFor(actor, (s) => !s.matches({ active: { form: 'loadingTeacher' } }));
    const photo = (name: string) => ({ name, size: 2048, type: 'image/png', blob: null });
    actor.send({ type: 'file.pick', field: 'aadhar_photo', file: photo('aadhar.png') });
    actor.send({ type: 'file.pick', field: 'profile_photo', file: photo('me.png') });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, () => exits.length > 0);
    expect(exits).toEqual([['goToEducation', { editing: true }]]);
  });

  it('teacherSchedule: the last save returns to the dashboard in edit mode, to / otherwise', async () => {
    for (const editing of [true, false]) {
      const exits: Exits = [];
      const machine = recording(scheduleMachine, ['goHome'], exits).provide({
        actors: {
          loadSchedule: fromPromise(async () => []),
          saveSchedule: fromPromise(async () => ({})),
        },
        delays: { redirectDelay: 0 },
      });
      const actor = createActor(machine, { input: { teacherId: 7, editing } }).start();
      await waitFor(actor, (s) => !s.matches('loading'));
      actor.send({ type: 'day.toggle', day: 0 });
      actor.send({ type: 'slot.toggle', day: 0, slot: 'morning' });
      actor.send({ type: 'form.submit' });
      await waitFor(actor, (s) => s.status === 'done');
      expect(exits).toEqual([['goHome', { editing }]]);
    }
  });
});
