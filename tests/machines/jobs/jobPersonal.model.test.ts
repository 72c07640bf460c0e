import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { JOB_MESSAGES, type JobPersonalField } from '../../../contract/rules/jobs';
import { jobPersonalMachine } from '../../../machines/jobs/jobPersonal';
import { modelPaths } from './modelPaths';

const TODAY = '2025-06-15';
const change = (field: JobPersonalField, value: string) => ({ type: 'field.change' as const, field, value });
const EVENTS = [
  change('name', 'Rina Das'),
  change('mobile_number', '9876543210'),
  change('mobile_number', '98765'),
  change('alternate_number', '12345'),
  change('gender', 'female'),
  change('date_of_birth', '2000-01-31'),
  change('date_of_birth', '2010-01-01'),
  change('marital_status', 'single'),
  change('address', '12 College Street, Kolkata'),
  { type: 'form.submit' as const },
];

const messages = Object.values(JOB_MESSAGES).filter((m) => typeof m === 'string');
const errorSignature = (errors: Record<string, string | undefined>) =>
  Object.entries(errors)
    .filter(([, m]) => m)
    .map(([f, m]) => `${f}=${m}`)
    .sort()
    .join('|');

function run(input = { today: TODAY }) {
  const saveDraft = vi.fn();
  const revealErrors = vi.fn();
  const goToEducation = vi.fn();
  const actor = createActor(
    jobPersonalMachine.provide({
      actions: {
        saveDraft: (_, params) => saveDraft(params.values),
        revealErrors: (_, params) => revealErrors(params.errors),
        goToEducation,
      },
    }),
    { input },
  ).start();
  return { actor, saveDraft, revealErrors, goToEducation };
}

describe('jobPersonal machine: model-based paths', () => {
  const { all, distinct } = modelPaths(jobPersonalMachine, {
    input: { today: TODAY },
    events: EVENTS,
    signature: (s) => `${JSON.stringify(s.value)} ${errorSignature(s.context.errors)}`,
  });

  it('reaches every state of the chart, including done and errors for each rule', () => {
    const values = new Set(all.map((p) => JSON.stringify(p.state.value)));
    expect(values).toEqual(new Set(['"editing"', '"done"']));
    const shown = new Set(distinct.flatMap(({ path }) => Object.values(path.state.context.errors)));
    for (const message of [
      JOB_MESSAGES.nameRequired,
      JOB_MESSAGES.mobileRequired,
      JOB_MESSAGES.mobileInvalid,
      JOB_MESSAGES.alternateInvalid,
      JOB_MESSAGES.genderRequired,
      JOB_MESSAGES.dateOfBirthRequired,
      JOB_MESSAGES.tooYoung,
      JOB_MESSAGES.maritalStatusRequired,
      JOB_MESSAGES.addressRequired,
    ])
      expect(shown).toContain(message);
  });

  it.each(distinct.map(({ signature, path }) => [signature, path] as const))(
    'replays %s on a live actor with the same outcome',
    (_signature, path) => {
      const { actor, saveDraft, revealErrors, goToEducation } = run();
      const submits = path.steps.filter((s) => s.event.type === 'form.submit').length;
      for (const step of path.steps) actor.send(step.event as never);
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(path.state.value);
      expect(snapshot.context.values).toEqual(path.state.context.values);
      expect(snapshot.context.errors).toEqual(path.state.context.errors);
      for (const message of Object.values(snapshot.context.errors)) expect(messages).toContain(message);
      // Every change was saved as a draft, the last one with what is on screen.
      const changes = path.steps.filter((s) => s.event.type === 'field.change').length;
      expect(saveDraft).toHaveBeenCalledTimes(changes);
      if (changes) expect(saveDraft).toHaveBeenLastCalledWith(snapshot.context.values);
      if (snapshot.matches('done')) {
        expect(goToEducation).toHaveBeenCalledTimes(1);
        expect(snapshot.context.errors).toEqual({});
        expect(revealErrors).toHaveBeenCalledTimes(submits - 1);
      } else {
        expect(goToEducation).not.toHaveBeenCalled();
        expect(revealErrors).toHaveBeenCalledTimes(submits);
      }
    },
  );
});

describe('jobPersonal machine: transitions and guards', () => {
  it('restores a draft, taking only known text fields and cleaning phone numbers', () => {
    const actor = createActor(jobPersonalMachine, {
      input: { draft: { name: 'Rina', mobile_number: '98765-43210', gender: 7, extra: 'x' } },
    }).start();
    expect(actor.getSnapshot().context.values).toEqual({
      name: 'Rina',
      mobile_number: '9876543210',
      alternate_number: '',
      gender: '',
      date_of_birth: '',
      marital_status: '',
      address: '',
    });
  });

  it('clears only the edited field error and stays editing', () => {
    const { actor, revealErrors } = run();
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(revealErrors).toHaveBeenCalledWith(expect.objectContaining({ name: 'Name is required' }));
    actor.send(change('name', 'R'));
    const { errors } = actor.getSnapshot().context;
    expect(errors.name).toBeUndefined();
    expect(errors.mobile_number).toBe('Mobile number is required');
  });

  it('judges age against today when no date is given', () => {
    const { actor } = run({ today: undefined as unknown as string });
    const eighteenYearsAgoTomorrow = new Date();
    eighteenYearsAgoTomorrow.setFullYear(eighteenYearsAgoTomorrow.getFullYear() - 18);
    eighteenYearsAgoTomorrow.setDate(eighteenYearsAgoTomorrow.getDate() + 1);
    actor.send(change('date_of_birth', eighteenYearsAgoTomorrow.toLocaleDateString('en-CA')));
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors.date_of_birth).toBe('You must be at least 18 years old');
  });

  it('goes on with an empty alternate number and refuses a short one', () => {
    const { actor, goToEducation } = run();
    for (const event of EVENTS.filter(
      (e) => e.type === 'field.change' && !['98765', '2010-01-01', '12345'].includes(e.value),
    ))
      actor.send(event);
    actor.send(change('alternate_number', '123'));
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ alternate_number: JOB_MESSAGES.alternateInvalid });
    actor.send(change('alternate_number', ''));
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(goToEducation).toHaveBeenCalledTimes(1);
  });
});
