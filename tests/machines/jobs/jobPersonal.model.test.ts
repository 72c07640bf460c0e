import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { toWireDate } from '../../../contract/rules/common';
import { JOB_MESSAGES, type JobPersonalField } from '../../../contract/rules/jobs';
import { findMachine } from '../../../machines';
import { type JobPersonalContext, jobPersonalMachine } from '../../../machines/jobs/jobPersonal';
import type { MachinePath } from '../../../src/features/machines/analysis';
import { drafts } from '../../../src/lib/drafts';
import { fill } from '../../client/fill';
import { renderRoute } from '../../client/render';
import { chainedPaths, expectFormLocked, heldResponse, testMachine } from '../../model/kit';
import { sampleJobSeeker } from '../../msw/handlers/jobs';

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

/**
 * /jobdetails1 walked by the kit (tests/model/kit.ts) on the real page: a returning job seeker's draft
 * (the registry's sample input: everything but the address) is on screen, a submit without the
 * address shows 'Address is required', a short mobile number its message, and a complete form is
 * saved on the server (held until the path's step: saved, or refused with the server's message) and
 * goes on to /jobdetails2 with the draft kept.
 */
const entry = findMachine('jobPersonal');
if (!entry) throw new Error('jobPersonal is not registered');
const { draft } = entry.sampleInput as { draft: Record<string, string> };
const user = userEvent.setup();
type View = ReturnType<typeof renderRoute>;

const LABELS: Record<JobPersonalField, string> = {
  name: 'Full name',
  mobile_number: 'Mobile number',
  alternate_number: 'Alternate number (optional)',
  gender: 'Gender',
  date_of_birth: 'Date of birth',
  marital_status: 'Marital status',
  address: 'Address',
};
const field = (name: JobPersonalField) =>
  screen.getByRole('textbox', { name: new RegExp(`^${LABELS[name]}`) });
const submit = { type: 'form.submit' };
/** The date field shows the form value YYYY-MM-DD as DD/MM/YYYY (and anything else as typed). */
const shownDate = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? toWireDate(value) : value);
const paths: MachinePath[] = [
  ...chainedPaths(entry),
  // Submitting before the draft is complete, then with a short mobile number: errors each time.
  {
    target: 'editing',
    steps: [
      { event: submit, value: 'editing' },
      { event: change('address', '12 College Street, Kolkata'), value: 'editing' },
      { event: change('mobile_number', '98765'), value: 'editing' },
      { event: submit, value: 'editing' },
    ],
    transitions: [],
  },
];

let save: ReturnType<typeof heldResponse>;
const SAVED = sampleJobSeeker;

testMachine(entry, {
  paths,
  beforePath: () => {
    drafts.save('jobdetails1', null, draft);
    save = heldResponse('post', '*/api/v1/job_seekers');
  },
  render: () => renderRoute('/jobdetails1'),
  states: {
    editing: (view, snapshot) => {
      const { values, errors, failure } = snapshot.context as JobPersonalContext;
      expect((view as View).current()).toBe('/jobdetails1');
      if (failure) expect(screen.getByRole('alert')).toHaveTextContent(failure);
      else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Next' })).not.toHaveAttribute('data-loading');
      expect(field('name')).toHaveValue(values.name);
      expect(field('mobile_number')).toHaveValue(values.mobile_number);
      expect(field('address')).toHaveValue(values.address);
      expect(screen.getByLabelText(/^Date of birth/)).toHaveValue(shownDate(values.date_of_birth));
      expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
      expect(screen.getByRole('combobox', { name: /^Marital status/ })).toHaveValue(values.marital_status);
      for (const message of Object.values(errors))
        if (message) expect(screen.getByText(message)).toBeVisible();
      if (!errors.address) expect(screen.queryByText(JOB_MESSAGES.addressRequired)).not.toBeInTheDocument();
      // What is on screen is the saved draft.
      const saved = drafts.load<Record<string, string>>('jobdetails1', null);
      expect(saved).toMatchObject(values.address ? { address: values.address } : draft);
      expect(saved?.mobile_number).toBe(values.mobile_number);
    },
    saving: () => {
      expect(screen.getByRole('button', { name: 'Next' })).toHaveAttribute('data-loading');
      expectFormLocked(screen.getByRole('button', { name: 'Next' }));
    },
    done: (view) => {
      expect((view as View).current()).toBe('/jobdetails2');
      expect(screen.queryByText(/is required|Invalid/)).not.toBeInTheDocument();
    },
  },
  events: {
    'field.change': async (_, { event }) => {
      const { field: name, value } = event as unknown as { field: JobPersonalField; value: string };
      if (name !== 'date_of_birth') return fill(user, field(name), value);
      // The date field formats what is typed, key by key.
      await user.clear(field(name));
      await user.type(field(name), shownDate(value));
    },
    'form.submit': () => user.click(screen.getByRole('button', { name: 'Next' })),
    'xstate.done.actor.saveDetails': () => save.respond(201, { status: 'success', data: SAVED, id: 3 }),
    'xstate.error.actor.saveDetails': (_, { event }) => {
      const { error } = event as unknown as { error: { status: number; body: object } };
      return save.respond(error.status, error.body);
    },
  },
});

function run(input = { today: TODAY }) {
  const saveDraft = vi.fn();
  const revealErrors = vi.fn();
  const goToEducation = vi.fn();
  const actor = createActor(
    jobPersonalMachine.provide({
      actors: { saveDetails: fromPromise<unknown, never>(async () => ({})) as never },
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

  it('goes on with an empty alternate number and refuses a short one', async () => {
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
    expect(actor.getSnapshot().value).toBe('saving');
    await waitFor(actor, (s) => s.status === 'done');
    expect(goToEducation).toHaveBeenCalledTimes(1);
  });
});
