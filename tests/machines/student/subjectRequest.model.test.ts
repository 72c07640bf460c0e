import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { SAMPLE_SUBJECTS } from '../../../contract/constants';
import { MATCH_MESSAGES } from '../../../contract/rules/matching';
import { MODES_OF_TEACHING, PREFERRED_MEDIUMS, REQUEST_MESSAGES } from '../../../contract/rules/request';
import { findMachine } from '../../../machines';
import type { MachineEntry } from '../../../machines/registry';
import {
  canAddSubject,
  filterSubjects,
  type PickedSubject,
  type SubjectRequestContext,
} from '../../../machines/student/subjectRequest';
import {
  coveragePaths,
  type MachinePath,
  startSnapshot,
  step,
} from '../../../src/features/machines/analysis';
import { fill } from '../../client/fill';
import { heldResponse, testMachine } from '../../model/kit';
import { sampleRequest } from '../../msw/handlers/requests';
import { expectBusy, output, renderRoute, signInStudent, type View } from './walk';

/**
 * /subject walked by the kit (tests/model/kit.ts) on the real page: subjects load (a list, none, or a
 * failure with the five sample subjects and the reason), search, chips, Add Subject (new, a duplicate
 * that differs only by spaces, a server refusal), the preference radios, and Explore Teachers (held
 * until the path answers it).
 */
const entry = findMachine('subjectRequest') as MachineEntry;
if (!entry) throw new Error('subjectRequest is not registered');
const user = userEvent.setup();
let subjectsCall: ReturnType<typeof heldResponse>;
let createSubject: ReturnType<typeof heldResponse>;
let createRequest: ReturnType<typeof heldResponse>;

/** navigator.geolocation answering only when a step says so. */
let position: { asked: Promise<void>; grant?: PositionCallback; deny?: PositionErrorCallback };
function holdLocation() {
  let arrived: () => void = () => {};
  position = { asked: new Promise<void>((resolve) => (arrived = resolve)) };
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback, options: PositionOptions) => {
        expect(options).toEqual({ enableHighAccuracy: true, timeout: 10000, maximumAge: 0 });
        position.grant = ok;
        position.deny = fail;
        arrived();
      },
    },
  });
}
afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

const loaded = (entry.sampleEvents?.['xstate.done.actor.loadSubjects'] ?? []) as {
  output: PickedSubject[];
}[];
const load = { type: 'xstate.done.actor.loadSubjects', output: loaded[0].output } as EventObject;
const DUPLICATE = { type: 'search.change', value: 'computer  science' } as EventObject;

/**
 * 'Add Subject' shows only when the search matches no subject: where the walk adds with an empty
 * search (refused as blank), a person types a near-duplicate first and is refused as a duplicate.
 * A subject the search hides is chosen the way a person does: search cleared, chosen, typed again.
 */
function takeable(path: MachinePath): MachinePath {
  const steps: MachinePath['steps'] = [];
  let snapshot = startSnapshot(entry);
  const add = (event: EventObject) => {
    snapshot = step(entry.machine as AnyStateMachine, snapshot, event).snapshot;
    steps.push({ event, value: snapshot.value });
  };
  const hidden = (event: EventObject) => {
    if (event.type !== 'subject.toggle' || !snapshot.matches('editing')) return false;
    const ctx = snapshot.context as SubjectRequestContext;
    const { subject } = event as unknown as { subject: PickedSubject };
    return (
      !ctx.selected.some((s) => s.name === subject.name) &&
      !filterSubjects(ctx.subjects, ctx.search).some((s) => s.name === subject.name)
    );
  };
  for (const { event } of path.steps) {
    if (event.type === 'subject.add' && !canAddSubject(snapshot.context as SubjectRequestContext))
      add(DUPLICATE);
    if (hidden(event)) {
      const { search } = snapshot.context as SubjectRequestContext;
      add({ type: 'search.change', value: '' } as EventObject);
      add(event);
      add({ type: 'search.change', value: search } as EventObject);
      continue;
    }
    add(event);
  }
  return { ...path, steps };
}
const paths = [
  ...coveragePaths(entry).map(takeable),
  // Explore Teachers with no subject chosen: 'Please select at least one subject'.
  takeable({
    target: 'editing',
    steps: [
      { event: load, value: 'editing' },
      { event: { type: 'form.submit' }, value: 'editing' },
    ],
    transitions: [],
  }),
  // Explore Teachers pressed while the location is asked for, then while a new subject is added:
  // the request goes out once they are in.
  ...[
    [
      { type: 'location.request' },
      { type: 'form.submit' },
      { type: 'xstate.done.actor.locate', output: { latitude: 22.5726, longitude: 88.3639 } },
    ],
    [
      { type: 'search.change', value: 'Chemistry' },
      { type: 'subject.add' },
      { type: 'form.submit' },
      { type: 'xstate.done.actor.createSubject', output: { id: 9, name: 'Chemistry', status: 'pending' } },
    ],
  ].map((events) =>
    takeable({
      target: 'submitting',
      steps: [load, { type: 'subject.toggle', subject: { id: 1, name: 'Physics' } }, ...events].map(
        (event) => ({ event: event as EventObject, value: 'submitting' }),
      ),
      transitions: [],
    }),
  ),
];

const submitLabel = (ctx: SubjectRequestContext) =>
  ctx.changeRequestId ? REQUEST_MESSAGES.saveChanges : 'Explore Teachers';

/**
 * What the student typed and picked shows: the search, the chosen subjects' chips and the two
 * preference groups (also while something loads: nothing done meanwhile is dropped).
 */
function expectValues(snapshot: AnyMachineSnapshot) {
  const ctx = snapshot.context as SubjectRequestContext;
  expect(screen.getByLabelText('Search subjects')).toHaveValue(ctx.search);
  const chips = screen.queryByRole('group', { name: 'Selected subjects' });
  const chosen = chips
    ? within(chips)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label'))
    : [];
  expect(chosen).toEqual(ctx.selected.map((s) => `Remove ${s.name}`));
  const mode = MODES_OF_TEACHING.find((m) => m.value === ctx.preferences.mode_of_teaching)?.label as string;
  expect(
    within(screen.getByRole('radiogroup', { name: 'Mode of teaching' })).getByRole('radio', { name: mode }),
  ).toBeChecked();
  const medium = PREFERRED_MEDIUMS.find((m) => m.value === ctx.preferences.preferred_medium)?.label as string;
  expect(
    within(screen.getByRole('radiogroup', { name: 'Medium of teaching' })).getByRole('radio', {
      name: medium,
    }),
  ).toBeChecked();
}

function expectEditing(snapshot: AnyMachineSnapshot) {
  const ctx = snapshot.context as SubjectRequestContext;
  expect(screen.getByRole('heading', { name: 'Find Online & home tutor in seconds' })).toBeInTheDocument();
  expectValues(snapshot);
  expect(screen.getByLabelText('Search subjects')).toBeEnabled();
  const alerts = screen.queryAllByRole('alert').map((a) => a.textContent);
  expect(alerts).toEqual([ctx.message, ctx.addError].filter(Boolean));
  if (ctx.subjectsError) {
    expect(screen.getByRole('status')).toHaveTextContent(
      /^Could not load subjects \(.+\)\. Showing common subjects\.$/,
    );
    for (const name of SAMPLE_SUBJECTS) expect(screen.getByRole('button', { name })).toBeInTheDocument();
  }
  if (ctx.subjectError) expect(screen.getByText(ctx.subjectError)).toBeVisible();
  if (canAddSubject(ctx)) expectBusy('Add Subject', false);
  expectBusy(submitLabel(ctx), false);
  if (ctx.changeRequestId) expect(screen.getByRole('note')).toHaveTextContent(REQUEST_MESSAGES.changing);
  else expect(screen.queryByRole('note')).toBeNull();
  if (ctx.addNote) expect(screen.getByText(ctx.addNote)).toBeInTheDocument();
  if (ctx.location) expect(screen.getByRole('button', { name: MATCH_MESSAGES.locationClear })).toBeEnabled();
  else expectBusy(MATCH_MESSAGES.locationAsk, false);
  if (ctx.locationNote) expect(screen.getByText(ctx.locationNote)).toBeInTheDocument();
  if (ctx.preferences.mode_of_teaching === 'online')
    expect(screen.getByText(MATCH_MESSAGES.onlineNoteOnForm)).toBeInTheDocument();
  else expect(screen.queryByText(MATCH_MESSAGES.onlineNoteOnForm)).not.toBeInTheDocument();
}

testMachine(entry, {
  paths,
  beforePath: () => {
    signInStudent({ studentId: 7 });
    holdLocation();
    subjectsCall = heldResponse('get', '*/api/v1/subjects');
    createSubject = heldResponse('post', '*/api/v1/subjects');
    createRequest = heldResponse('post', '*/api/v1/teacher_student_requests');
  },
  render: () => renderRoute('/subject'),
  states: {
    loading: (_, snapshot) => {
      expect(screen.getByText('Loading subjects...')).toBeInTheDocument();
      expect(screen.getByLabelText('Search subjects')).toBeDisabled();
      expectValues(snapshot);
    },
    editing: (_, snapshot) => expectEditing(snapshot),
    addingSubject: (_, snapshot) => {
      expectBusy('Add Subject');
      // Explore Teachers pressed meanwhile shows it is on its way.
      expectBusy(
        submitLabel(snapshot.context as SubjectRequestContext),
        (snapshot.context as SubjectRequestContext).submitQueued,
      );
      // The search holds the name being added; the rest of the form still works.
      expect(screen.getByLabelText('Search subjects')).toBeDisabled();
      expectValues(snapshot);
    },
    locating: (_, snapshot) => {
      expectBusy(MATCH_MESSAGES.locationAsk);
      expectBusy(
        submitLabel(snapshot.context as SubjectRequestContext),
        (snapshot.context as SubjectRequestContext).submitQueued,
      );
      expect(screen.getByLabelText('Search subjects')).toBeEnabled();
      expectValues(snapshot);
    },
    submitting: () => expectBusy('Explore Teachers'),
    done: (view) => expect((view as View).current()).toBe('/teacherfinder'),
  },
  events: {
    'xstate.done.actor.loadSubjects': (_, { event }) =>
      subjectsCall.respond(200, {
        status: 'success',
        data: output<PickedSubject[]>(event).map((s) => ({ ...s, is_active: true })),
      }),
    'xstate.error.actor.loadSubjects': () => subjectsCall.respond(503, { message: 'Service unavailable' }),
    'search.change': async (_, { event }) => {
      const field = screen.getByLabelText('Search subjects');
      // An empty value only clears the field (fill pastes nothing).
      await fill(user, field, (event as unknown as { value: string }).value);
    },
    'subject.toggle': (_, { event, from }) => {
      const { name } = (event as unknown as { subject: PickedSubject }).subject;
      const chosen = (from.context as SubjectRequestContext).selected.some((s) => s.name === name);
      return user.click(
        chosen
          ? screen.getByRole('button', { name: `Remove ${name}` })
          : within(screen.getByRole('group', { name: 'Subjects' })).getByRole('button', { name }),
      );
    },
    'subject.add': () => user.click(screen.getByRole('button', { name: 'Add Subject' })),
    'xstate.done.actor.createSubject': (_, { event }) =>
      createSubject.respond(201, {
        status: 'success',
        data: { ...output<PickedSubject>(event), is_active: true },
      }),
    'xstate.error.actor.createSubject': (_, { event }) =>
      createSubject.respond(409, (event as unknown as { error: { body: unknown } }).error.body),
    'preference.change': (_, { event }) => {
      const { value } = event as unknown as { value: string };
      const label = MODES_OF_TEACHING.find((m) => m.value === value)?.label as string;
      return user.click(
        within(screen.getByRole('radiogroup', { name: 'Mode of teaching' })).getByRole('radio', {
          name: label,
        }),
      );
    },
    'form.submit': () => user.click(screen.getByRole('button', { name: 'Explore Teachers' })),
    'location.request': async () => {
      holdLocation();
      await user.click(screen.getByRole('button', { name: MATCH_MESSAGES.locationAsk }));
    },
    'location.clear': () => user.click(screen.getByRole('button', { name: MATCH_MESSAGES.locationClear })),
    'xstate.done.actor.locate': async (_, { event }) => {
      await position.asked;
      const { latitude, longitude } = output<{ latitude: number; longitude: number }>(event);
      position.grant?.({ coords: { latitude, longitude } } as GeolocationPosition);
    },
    'xstate.error.actor.locate': async (_, { event }) => {
      await position.asked;
      position.deny?.((event as unknown as { error: GeolocationPositionError }).error);
    },
    'xstate.done.actor.submitRequest': (_, { event }) =>
      createRequest.respond(201, {
        status: 'success',
        // A request without a usable id (0) is what 'no request id' looks like on the wire.
        data: { ...sampleRequest, id: output<{ id: number | null }>(event).id ?? 0 },
      }),
    'xstate.error.actor.submitRequest': (_, { event }) =>
      createRequest.respond(422, (event as unknown as { error: { body: unknown } }).error.body),
  },
});

// Not signed in: Explore Teachers says 'You need to be logged in to find teachers'.
testMachine(
  { ...entry, sampleInput: { loggedIn: false } },
  {
    paths: [
      {
        target: 'editing',
        steps: [
          load,
          { type: 'subject.toggle', subject: { id: 1, name: 'Physics' } },
          { type: 'form.submit' },
        ].map((event) => ({ event: event as EventObject, value: 'editing' })),
        transitions: [],
      },
    ],
    beforePath: () => {
      subjectsCall = heldResponse('get', '*/api/v1/subjects');
    },
    render: () => renderRoute('/subject'),
    states: {
      loading: () => expect(screen.getByText('Loading subjects...')).toBeInTheDocument(),
      editing: (_, snapshot) => {
        expectEditing(snapshot);
        if ((snapshot.context as SubjectRequestContext).message)
          expect(screen.getByRole('alert')).toHaveTextContent(REQUEST_MESSAGES.notLoggedIn);
      },
    },
    events: {
      'xstate.done.actor.loadSubjects': (_, { event }) =>
        subjectsCall.respond(200, { status: 'success', data: output<PickedSubject[]>(event) }),
      'subject.toggle': () =>
        user.click(
          within(screen.getByRole('group', { name: 'Subjects' })).getByRole('button', { name: 'Physics' }),
        ),
      'form.submit': () => user.click(screen.getByRole('button', { name: 'Explore Teachers' })),
    },
  },
);

describe('Add Subject visibility', () => {
  const subjects = [
    { id: 1, name: 'Physics' },
    { id: 2, name: 'Mathematics' },
  ];
  it('shows only when the typed text matches no subject', () => {
    expect(canAddSubject({ subjects, search: 'phy' })).toBe(false);
    expect(canAddSubject({ subjects, search: 'PHYSICS' })).toBe(false);
    expect(canAddSubject({ subjects, search: 'Astronomy' })).toBe(true);
    expect(canAddSubject({ subjects, search: '  ' })).toBe(false);
  });
});

/**
 * 'Change request' (/subject?change=11): the request loads into the form (its subjects, medium),
 * saving it is a PUT (refused once, then saved, on to the finder); a request no longer open, or one
 * that fails to load, offers Try again and New request (a blank form that creates a new request).
 */
const changeEntry: MachineEntry = { ...entry, sampleInput: { loggedIn: true, changeRequestId: 11 } };
const samples = entry.sampleEvents as Record<string, object[] | object>;
const sample = (type: string, index = 0) => {
  const value = samples[type];
  return { ...(Array.isArray(value) ? value[index] : value), type } as EventObject;
};
function pathOf(events: EventObject[]): MachinePath {
  let snapshot = startSnapshot(changeEntry);
  const steps = events.map((event) => {
    snapshot = step(entry.machine as AnyStateMachine, snapshot, event).snapshot;
    return { event, value: snapshot.value };
  });
  return { target: String(steps.at(-1)?.value), steps, transitions: [] };
}
let loadRequest: ReturnType<typeof heldResponse>;
let updateRequest: ReturnType<typeof heldResponse>;
testMachine(changeEntry, {
  paths: [
    pathOf([
      sample('xstate.done.actor.loadRequest', 0),
      // While the subjects load: the request's chip removed and a mode picked are kept.
      { type: 'subject.toggle', subject: { id: 2, name: 'Mathematics' } } as EventObject,
      { type: 'preference.change', field: 'mode_of_teaching', value: 'both' } as EventObject,
      load,
      { type: 'subject.toggle', subject: { id: 2, name: 'Mathematics' } } as EventObject,
      { type: 'form.submit' },
      sample('xstate.error.actor.updateRequest'),
      { type: 'form.submit' },
      sample('xstate.done.actor.updateRequest'),
    ]),
    pathOf([
      sample('xstate.done.actor.loadRequest', 1),
      { type: 'change.retry' },
      sample('xstate.error.actor.loadRequest'),
      { type: 'change.abandon' },
      load,
    ]),
  ],
  beforePath: () => {
    signInStudent({ studentId: 7 });
    loadRequest = heldResponse('get', '*/api/v1/teacher_student_requests/:id');
    updateRequest = heldResponse('put', '*/api/v1/teacher_student_requests/:id');
    subjectsCall = heldResponse('get', '*/api/v1/subjects');
  },
  render: () => renderRoute('/subject?change=11'),
  states: {
    starting: () => expect(screen.getByText('Loading your request...')).toBeInTheDocument(),
    loadingRequest: () => expect(screen.getByText('Loading your request...')).toBeInTheDocument(),
    changeFailure: (_, snapshot) => {
      const { message } = snapshot.context as SubjectRequestContext;
      const alert = screen.getByRole('alert');
      if (message?.startsWith('A request that is')) expect(alert).toHaveTextContent(message);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(within(alert).getByRole('button', { name: 'New request' })).toBeEnabled();
    },
    loading: (_, snapshot) => {
      expect(screen.getByText('Loading subjects...')).toBeInTheDocument();
      expectValues(snapshot);
    },
    editing: (_, snapshot) => expectEditing(snapshot),
    updating: () => expectBusy(REQUEST_MESSAGES.saveChanges),
    done: (view) => expect((view as View).current()).toBe('/teacherfinder'),
  },
  events: {
    'xstate.done.actor.loadRequest': (_, { event }) =>
      loadRequest.respond(200, { status: 'success', data: output(event) }),
    'xstate.error.actor.loadRequest': () => loadRequest.respond(503, { message: 'Service unavailable' }),
    'change.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
    'change.abandon': () => user.click(screen.getByRole('button', { name: 'New request' })),
    'subject.toggle': (_, { event, from }) => {
      const { name } = (event as unknown as { subject: PickedSubject }).subject;
      const chosen = (from.context as SubjectRequestContext).selected.some((s) => s.name === name);
      return user.click(
        chosen
          ? screen.getByRole('button', { name: `Remove ${name}` })
          : within(screen.getByRole('group', { name: 'Subjects' })).getByRole('button', { name }),
      );
    },
    'preference.change': (_, { event }) => {
      const { value } = event as unknown as { value: string };
      const label = MODES_OF_TEACHING.find((m) => m.value === value)?.label as string;
      return user.click(
        within(screen.getByRole('radiogroup', { name: 'Mode of teaching' })).getByRole('radio', {
          name: label,
        }),
      );
    },
    'xstate.done.actor.loadSubjects': (_, { event }) =>
      subjectsCall.respond(200, {
        status: 'success',
        data: output<PickedSubject[]>(event).map((s) => ({ ...s, is_active: true })),
      }),
    'form.submit': (_, { from }) =>
      user.click(screen.getByRole('button', { name: submitLabel(from.context as SubjectRequestContext) })),
    'xstate.done.actor.updateRequest': () =>
      updateRequest.respond(200, { status: 'success', data: { ...sampleRequest, id: 11 } }),
    'xstate.error.actor.updateRequest': (_, { event }) =>
      updateRequest.respond(409, (event as unknown as { error: { body: unknown } }).error.body),
  },
});
