import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { SUBJECT_MESSAGES } from '../../../contract/rules/student-subject';
import type { TeacherStudentRequest } from '../../../contract/structs/request';
import {
  canAddSubject,
  filterSubjects,
  type PickedSubject,
  subjectRequestMachine,
} from '../../../machines/student/subjectRequest';

/**
 * /subject keeps what the student does while something loads (a slow phone, the location prompt):
 * the form stays on screen in 'loading', 'locating' and 'addingSubject', so a chip removed, a
 * preference picked or a search typed then is kept, not dropped.
 */
const PHYSICS = { id: 1, name: 'Physics' };
const MATHS = { id: 2, name: 'Mathematics' };

/** A call that answers only when the test says so. */
function held<T>() {
  let answer: (value: T) => void = () => {};
  const promise = new Promise<T>((resolve) => (answer = resolve));
  return { promise, answer };
}

function start(changeRequestId: number | null = null) {
  const subjects = held<PickedSubject[]>();
  const located = held<{ latitude: number; longitude: number }>();
  const created = held<PickedSubject>();
  const submitted: unknown[] = [];
  const actor = createActor(
    subjectRequestMachine.provide({
      actors: {
        loadSubjects: fromPromise(() => subjects.promise),
        locate: fromPromise(() => located.promise),
        createSubject: fromPromise(() => created.promise),
        submitRequest: fromPromise(async ({ input }) => {
          submitted.push(input);
          return new Promise<{ id: number | null }>(() => {});
        }),
        loadRequest: fromPromise(
          async () =>
            ({
              id: 11,
              status: 'request_send',
              subjects: [PHYSICS, MATHS],
              mode_of_teaching: 'online',
              preferred_group: 'individual',
              preferred_medium: 'english',
              teacher_assignment_preference: 'multiple',
              latitude: null,
              longitude: null,
            }) as unknown as TeacherStudentRequest,
        ),
      },
    }),
    { input: { loggedIn: true, changeRequestId } },
  ).start();
  return { actor, subjects, located, created, submitted };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('subjectRequest keeps what is done while something loads', () => {
  it('a preference picked while the subjects load is kept', async () => {
    const { actor, subjects } = start();
    expect(actor.getSnapshot().value).toBe('loading');
    actor.send({ type: 'preference.change', field: 'mode_of_teaching', value: 'both' });
    subjects.answer([PHYSICS, MATHS]);
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.preferences.mode_of_teaching).toBe('both');
  });

  it("a chip removed while a changed request's subjects load stays removed", async () => {
    const { actor, subjects } = start(11);
    await settle();
    expect(actor.getSnapshot().value).toBe('loading');
    actor.send({ type: 'subject.toggle', subject: MATHS });
    subjects.answer([PHYSICS, MATHS]);
    await settle();
    expect(actor.getSnapshot().context.selected).toEqual([PHYSICS]);
  });

  it('subjects, preferences and the search typed while the location is asked for are kept', async () => {
    const { actor, subjects, located } = start();
    subjects.answer([PHYSICS, MATHS]);
    await settle();
    actor.send({ type: 'location.request' });
    expect(actor.getSnapshot().value).toBe('locating');
    actor.send({ type: 'subject.toggle', subject: PHYSICS });
    actor.send({ type: 'preference.change', field: 'preferred_medium', value: 'bengali' });
    actor.send({ type: 'search.change', value: 'Math' });
    located.answer({ latitude: 22.5726, longitude: 88.3639 });
    await settle();
    const { context, value } = actor.getSnapshot();
    expect(value).toBe('editing');
    expect(context.selected).toEqual([PHYSICS]);
    expect(context.preferences.preferred_medium).toBe('bengali');
    expect(context.search).toBe('Math');
    expect(context.location).toEqual({ latitude: 22.5726, longitude: 88.3639 });
  });

  it('a chip removed or a preference picked while a new subject is added is kept', async () => {
    const { actor, subjects, created } = start();
    subjects.answer([PHYSICS, MATHS]);
    await settle();
    actor.send({ type: 'subject.toggle', subject: PHYSICS });
    actor.send({ type: 'subject.toggle', subject: MATHS });
    actor.send({ type: 'search.change', value: 'Chemistry' });
    actor.send({ type: 'subject.add' });
    expect(actor.getSnapshot().value).toBe('addingSubject');
    actor.send({ type: 'subject.toggle', subject: PHYSICS });
    actor.send({ type: 'preference.change', field: 'preferred_group', value: 'group' });
    created.answer({ id: 9, name: 'Chemistry', status: 'pending' });
    await settle();
    const { context } = actor.getSnapshot();
    expect(context.selected.map((s) => s.name)).toEqual(['Mathematics', 'Chemistry']);
    expect(context.preferences.preferred_group).toBe('group');
  });

  it('Explore Teachers pressed while the location is asked for goes on once it is in, with it', async () => {
    const { actor, subjects, located, submitted } = start();
    subjects.answer([PHYSICS, MATHS]);
    await settle();
    actor.send({ type: 'subject.toggle', subject: PHYSICS });
    actor.send({ type: 'location.request' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('locating');
    expect(actor.getSnapshot().context.submitQueued).toBe(true);
    located.answer({ latitude: 22.5726, longitude: 88.3639 });
    await settle();
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.submitQueued).toBe(false);
    expect(submitted).toEqual([
      expect.objectContaining({ subjects: [PHYSICS], location: { latitude: 22.5726, longitude: 88.3639 } }),
    ]);
  });

  it('Explore Teachers pressed while a subject is added waits for it, and stops when the add fails', async () => {
    const { actor, subjects, created, submitted } = start();
    subjects.answer([PHYSICS, MATHS]);
    await settle();
    actor.send({ type: 'subject.toggle', subject: PHYSICS });
    actor.send({ type: 'search.change', value: 'Chemistry' });
    actor.send({ type: 'subject.add' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('addingSubject');
    created.answer({ id: 9, name: 'Chemistry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(submitted).toEqual([
      expect.objectContaining({ subjects: [PHYSICS, { id: 9, name: 'Chemistry' }] }),
    ]);

    const failing = createActor(
      subjectRequestMachine.provide({
        actors: {
          loadSubjects: fromPromise(async (): Promise<PickedSubject[]> => [PHYSICS]),
          createSubject: fromPromise<PickedSubject, { name: string }>(async () => {
            throw new Error('offline');
          }),
        },
      }),
      { input: { loggedIn: true } },
    ).start();
    await settle();
    failing.send({ type: 'subject.toggle', subject: PHYSICS });
    failing.send({ type: 'search.change', value: 'Chemistry' });
    failing.send({ type: 'subject.add' });
    failing.send({ type: 'form.submit' });
    await settle();
    const { value, context } = failing.getSnapshot();
    expect(value).toBe('editing');
    expect(context.submitQueued).toBe(false);
    expect(context.addError).toBeTruthy();
  });
});

describe('subjectRequest finds a subject by the name the person reads', () => {
  const read = [
    { ...PHYSICS, label: 'পদার্থবিদ্যা' },
    { ...MATHS, label: 'গণিত' },
  ];

  it('searches the stored name and the name read alike', () => {
    expect(filterSubjects(read, 'পদার্থ').map((s) => s.id)).toEqual([1]);
    expect(filterSubjects(read, 'MATH').map((s) => s.id)).toEqual([2]);
    expect(canAddSubject({ subjects: read, search: 'গণিত' })).toBe(false);
    expect(canAddSubject({ subjects: read, search: 'রোবোটিক্স' })).toBe(true);
  });

  it('forgives how the search was composed, its spaces and its case', () => {
    const geography = { ...MATHS, id: 3, name: 'Geography', label: 'ভূগোল' };
    const typed = ' ভূগোল '.normalize('NFD');
    expect(filterSubjects([...read, geography], typed).map((s) => s.id)).toEqual([3]);
    expect(filterSubjects([...read, geography], 'গো'.normalize('NFD')).map((s) => s.id)).toEqual([3]);
    expect(canAddSubject({ subjects: [...read, geography], search: typed })).toBe(false);
    expect(filterSubjects(read, '  PHYSICS ').map((s) => s.id)).toEqual([1]);
  });

  it('refuses to add, as a new subject, the Bengali name of one in the list', async () => {
    const { actor, subjects, created } = start();
    subjects.answer(read);
    await settle();
    actor.send({ type: 'search.change', value: ' গণিত ' });
    actor.send({ type: 'subject.add' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.addError).toBe(SUBJECT_MESSAGES.duplicate('গণিত'));
    created.answer({ id: 3, name: 'never' });
  });
});

describe('subjectRequest keeps a new request as a draft', () => {
  const drafts: unknown[] = [];
  const openRequest = {
    id: 11,
    status: 'request_send',
    subjects: [MATHS],
    mode_of_teaching: 'offline',
    preferred_group: 'group',
    preferred_medium: 'bengali',
    teacher_assignment_preference: 'single',
  } as unknown as TeacherStudentRequest;
  const withDrafts = (input: Parameters<typeof createActor<typeof subjectRequestMachine>>[1]) =>
    createActor(
      subjectRequestMachine.provide({
        actors: {
          loadSubjects: fromPromise<PickedSubject[], void>(async () => [PHYSICS, MATHS]),
          loadRequest: fromPromise(async () => openRequest),
        },
        actions: { saveDraft: (_, { draft }) => drafts.push(draft) },
      }),
      input,
    ).start();

  it('starts from a stored draft, leaving out what is not a subject or an option', () => {
    const actor = withDrafts({
      input: {
        loggedIn: true,
        draft: {
          selected: [PHYSICS, { id: 'x', name: 3 } as never, { id: null, name: 'Biology' }],
          preferences: { mode_of_teaching: 'offline', preferred_medium: 'latin' } as never,
        },
      },
    });
    expect(actor.getSnapshot().context.selected).toEqual([PHYSICS, { id: null, name: 'Biology' }]);
    expect(actor.getSnapshot().context.preferences).toMatchObject({
      mode_of_teaching: 'offline',
      preferred_medium: 'english',
    });
  });

  it('saves the choices after each change, but not those of a request being changed', async () => {
    drafts.length = 0;
    const actor = withDrafts({ input: { loggedIn: true } });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'preference.change', field: 'mode_of_teaching', value: 'both' });
    actor.send({ type: 'subject.toggle', subject: PHYSICS });
    expect(drafts.at(-1)).toEqual({
      selected: [PHYSICS],
      preferences: expect.objectContaining({ mode_of_teaching: 'both' }),
    });
    drafts.length = 0;
    const changing = withDrafts({
      input: { loggedIn: true, changeRequestId: 11, draft: { selected: [PHYSICS] } },
    });
    await waitFor(changing, (s) => s.matches('editing'));
    expect(changing.getSnapshot().context.selected).toEqual([MATHS]);
    changing.send({ type: 'preference.change', field: 'preferred_group', value: 'individual' });
    changing.send({ type: 'subject.toggle', subject: PHYSICS });
    expect(drafts).toEqual([null, null]);
  });
});
