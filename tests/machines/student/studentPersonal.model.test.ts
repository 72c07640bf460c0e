import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { toWireDate } from '../../../contract/rules/common';
import { STUDENT_MESSAGES, type StudentPersonalField } from '../../../contract/rules/student';
import { findMachine } from '../../../machines';
import {
  type StudentPersonalContext,
  studentPersonalMachine,
} from '../../../machines/student/studentPersonal';
import type { MachinePath } from '../../../src/features/machines/analysis';
import { drafts } from '../../../src/lib/drafts';
import { fill } from '../../client/fill';
import { chainedPaths, expectFormLocked, heldResponse, testMachine } from '../../model/kit';
import { sampleStudent } from '../../msw/handlers/students';
import { server } from '../../msw/server';
import { byLabel, expectBusy, output, renderRoute, STUDENT_USER_ID, signInStudent, type View } from './walk';

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

/**
 * /studentdetails1 walked by the kit (tests/model/kit.ts) on the real page: a signed-in student with a
 * draft (the registry's sample input); finding the record (none, an existing one, or a failure) is
 * held while Next is busy; the save (POST for a new record, PUT for an existing one) is held too.
 */
const entry = findMachine('studentPersonal');
if (!entry) throw new Error('studentPersonal is not registered');
const { draft } = entry.sampleInput as { draft: Record<string, string> };
const user = userEvent.setup();
let findUser: ReturnType<typeof heldResponse>;
let create: ReturnType<typeof heldResponse>;
let update: ReturnType<typeof heldResponse>;
const LABELS: Record<StudentPersonalField, string> = {
  name: 'Full name',
  mobile_number: 'Mobile number',
  gender: 'Gender',
  date_of_birth: 'Date of birth',
  marital_status: 'Marital status',
  address: 'Address',
  guardian_number: "Guardian's mobile number (optional)",
};

/** The date field shows the form value YYYY-MM-DD as DD/MM/YYYY (and anything else as typed). */
const shownDate = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? toWireDate(value) : value);

function expectForm(snapshot: { context: unknown }) {
  const { values, errors, message } = snapshot.context as StudentPersonalContext;
  for (const [field, label] of Object.entries(LABELS)) {
    const value = values[field as StudentPersonalField];
    expect(byLabel(label)).toHaveValue(field === 'date_of_birth' ? shownDate(value) : value);
  }
  for (const text of Object.values(errors)) if (text) expect(screen.getByText(text)).toBeVisible();
  if (message) expect(screen.getByRole('alert')).toHaveTextContent(message);
  else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
}

const paths: MachinePath[] = [
  ...chainedPaths(entry),
  // A new student: completes the draft and Next creates the record (POST).
  {
    target: 'saved',
    steps: [
      { type: 'xstate.done.actor.findStudent', output: null },
      { type: 'field.change', field: 'address', value: '5 Park Street, Kolkata 700016' },
      { type: 'form.submit' },
      { type: 'xstate.done.actor.saveStudent', output: { id: 7 } },
    ].map((event) => ({ event, value: null })),
    transitions: [],
  },
];

testMachine(entry, {
  paths,
  beforePath: () => {
    signInStudent({ draft: { name: 'studentdetails1', values: draft } });
    findUser = heldResponse('get', '*/api/v1/users/:id');
    create = heldResponse('post', '*/api/v1/students');
    update = heldResponse('put', '*/api/v1/students/:id');
    server.use(
      http.get('*/api/v1/students/7', () => HttpResponse.json({ status: 'success', data: sampleStudent })),
    );
  },
  render: () => renderRoute('/studentdetails1'),
  states: {
    finding: (_, snapshot) => {
      expectBusy('Next');
      // What is typed while the record is looked up shows and is kept.
      expectForm(snapshot);
    },
    editing: (_, snapshot) => {
      expectBusy('Next', false);
      expectForm(snapshot);
    },
    submitting: (_, snapshot) => {
      expectBusy('Next');
      expectForm(snapshot);
      expectFormLocked(screen.getByRole('button', { name: 'Next' }));
    },
    saved: (view) => {
      expect((view as View).current()).toBe('/studentdetails2');
      expect(localStorage.getItem('student_id')).toBe('7');
      expect(drafts.load('studentdetails1', STUDENT_USER_ID)).toBeNull();
    },
  },
  events: {
    'xstate.done.actor.findStudent': (_, { event }) => {
      const found = output<{ id: number } | null>(event);
      return findUser.respond(200, {
        status: 'success',
        data: { id: STUDENT_USER_ID, email: 'riya@example.com', user_role_id: 2 },
        profile: found ? [{ id: found.id }] : null,
      });
    },
    'xstate.error.actor.findStudent': () => findUser.respond(500, { message: 'Server error' }),
    'field.change': async (_, { event }) => {
      const { field, value } = event as unknown as { field: StudentPersonalField; value: string };
      if (field !== 'date_of_birth') return fill(user, byLabel(LABELS[field]), value);
      // The date field formats what is typed, key by key.
      await user.clear(byLabel(LABELS[field]));
      await user.type(byLabel(LABELS[field]), shownDate(value));
    },
    'form.submit': () => user.click(screen.getByRole('button', { name: 'Next' })),
    'xstate.done.actor.saveStudent': (_, { from }) =>
      ((from.context as StudentPersonalContext).studentId ? update : create).respond(200, {
        status: 'success',
        data: sampleStudent,
      }),
    'xstate.error.actor.saveStudent': (_, { event, from }) =>
      ((from.context as StudentPersonalContext).studentId ? update : create).respond(
        422,
        (event as unknown as { error: { body: unknown } }).error.body,
      ),
  },
});

// Nobody signed in: the page says so, then goes home after 3 seconds.
testMachine(
  { ...entry, sampleInput: { userId: null, draft: null } },
  {
    render: () => renderRoute('/studentdetails1'),
    states: {
      signedOut: (view) => {
        expect(screen.getByRole('alert')).toHaveTextContent(STUDENT_MESSAGES.notLoggedIn);
        expect((view as View).current()).toBe('/studentdetails1');
      },
      left: (view) => expect((view as View).current()).toBe('/'),
    },
    events: {},
    timeout: 10000,
  },
);

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
