import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { STUDENT_MESSAGES } from '../../../contract/rules/student';
import { studentPersonalMachine } from '../../../machines/student/studentPersonal.machine';
import { done, failed, reached, walkShortestPaths } from './walk';

const valid = {
  name: 'Riya Sen',
  mobile_number: '9830012345',
  gender: 'female',
  date_of_birth: '2009-03-12',
  marital_status: 'single',
  address: '5 Park Street, Kolkata 700016',
  guardian_number: '',
};
const stored = { id: 7, ...valid, date_of_birth: '12/03/2009' };
const serverFailure = {
  kind: 'response',
  status: 422,
  body: {
    errors: { mobile_number: ['Invalid mobile number (10 digits required)'] },
    message: 'Validation failed',
  },
  message: 'Validation failed',
};

const machineOpts = {
  actors: ['findStudent', 'saveStudent'],
  actions: ['saveDraft', 'clearDraft', 'storeStudentId', 'goToEducation', 'goHome'],
};

describe('studentPersonal model paths', () => {
  it('reaches every state from a draft, with the right side effects', () => {
    const walks = walkShortestPaths(studentPersonalMachine, {
      ...machineOpts,
      input: { userId: 42, draft: valid, today: '2025-06-01' },
      events: [
        done('findStudent', null),
        done('findStudent', stored),
        failed('findStudent'),
        { type: 'field.change', field: 'mobile_number', value: '123' },
        { type: 'field.change', field: 'mobile_number', value: '9830012345' },
        { type: 'form.submit' },
        done('saveStudent', { id: 7 }),
        failed('saveStudent', serverFailure),
      ],
      serialize: (s) => JSON.stringify([s.value, s.context.errors, s.context.message, s.context.studentId]),
    });
    expect(reached(walks)).toEqual(new Set(['"finding"', '"editing"', '"submitting"', '"saved"']));
    for (const w of walks) {
      if (w.snapshot.value === 'saved') {
        expect(w.calls.map((c) => c.action)).toEqual(
          expect.arrayContaining(['storeStudentId', 'clearDraft', 'goToEducation']),
        );
      }
      if (
        w.snapshot.context.message === STUDENT_MESSAGES.saveFailed ||
        w.snapshot.context.message === 'Validation failed'
      ) {
        // A failed call keeps everything typed.
        expect(w.snapshot.context.values.name).toBe('Riya Sen');
      }
    }
    const failedSave = walks.find(
      (w) =>
        w.snapshot.context.errors.mobile_number === 'Invalid mobile number (10 digits required)' &&
        w.snapshot.value === 'editing' &&
        w.snapshot.context.message,
    );
    expect(failedSave).toBeDefined();
  });

  it('without a user goes signedOut with the SPEC message, then home', () => {
    const walks = walkShortestPaths(studentPersonalMachine, {
      ...machineOpts,
      input: { userId: null, draft: null },
      events: [{ type: 'xstate.after.redirect.studentPersonal.signedOut' }, { type: 'form.submit' }],
    });
    expect(walks[0].snapshot.context.message).toBe(STUDENT_MESSAGES.notLoggedIn);
  });
});

describe('studentPersonal guards', () => {
  it('shows every rule on an empty submit and clears a field error on change', () => {
    const actor = createActor(studentPersonalMachine, {
      input: { userId: 1, draft: null, today: '2025-06-01' },
    }).start();
    actor.send({ type: 'xstate.done.actor.findStudent', output: null } as never);
    actor.send({ type: 'form.submit' });
    const errors = actor.getSnapshot().context.errors;
    expect(errors).toMatchObject({
      name: STUDENT_MESSAGES.nameRequired,
      mobile_number: STUDENT_MESSAGES.mobileRequired,
      marital_status: 'Please select marital status',
    });
    actor.send({ type: 'field.change', field: 'name', value: 'R' });
    expect(actor.getSnapshot().context.errors.name).toBeUndefined();
    actor.stop();
  });

  it('a saved record fills the form, but a draft in progress wins', () => {
    const actor = createActor(studentPersonalMachine, {
      input: { userId: 1, draft: { name: 'Draft Name' }, today: '2025-06-01' },
    }).start();
    actor.send({ type: 'xstate.done.actor.findStudent', output: stored } as never);
    const { values, studentId } = actor.getSnapshot().context;
    expect(studentId).toBe(7);
    expect(values).toMatchObject({
      name: 'Draft Name',
      date_of_birth: '2009-03-12',
      mobile_number: '9830012345',
    });
    actor.stop();
  });
});
