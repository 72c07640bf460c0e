import { describe, expect, it } from 'vitest';
import { SAMPLE_SUBJECTS } from '../../../contract/constants';
import { REQUEST_MESSAGES } from '../../../contract/rules/request';
import { SUBJECT_MESSAGES } from '../../../contract/rules/student-subject';
import { canAddSubject, subjectRequestMachine } from '../../../machines/student/subjectRequest.machine';
import { done, failed, reached, walkShortestPaths } from './walk';

const subjects = [
  { id: 1, name: 'Physics' },
  { id: 2, name: 'Mathematics' },
];
const duplicate = {
  kind: 'response',
  status: 409,
  body: { message: 'Subject "Astronomy" already exists' },
  message: 'Subject "Astronomy" already exists',
};
const opts = {
  actors: ['loadSubjects', 'createSubject', 'submitRequest'],
  actions: ['goToFinder'],
  serialize: (s: ReturnType<typeof subjectRequestMachine.getInitialSnapshot>) =>
    JSON.stringify([
      s.value,
      s.context.selected,
      s.context.search,
      s.context.message,
      s.context.subjectError,
      s.context.addError,
      s.context.subjectsError !== null,
    ]),
};
const events = [
  done('loadSubjects', subjects),
  failed('loadSubjects', {
    kind: 'no_response',
    status: null,
    body: null,
    message: 'No response from server. Please try again later.',
  }),
  { type: 'subject.toggle', subject: { id: 1, name: 'Physics' } },
  { type: 'search.change', value: 'Astronomy' },
  { type: 'subject.add' },
  done('createSubject', { id: 9, name: 'Astronomy' }),
  failed('createSubject', duplicate),
  failed('createSubject'),
  { type: 'form.submit' },
  done('submitRequest', { id: 11 }),
  done('submitRequest', { id: null }),
  failed('submitRequest'),
];

describe('subjectRequest model paths (logged in)', () => {
  const walks = walkShortestPaths(subjectRequestMachine, { ...opts, input: { loggedIn: true }, events });

  it('reaches every state', () => {
    expect(reached(walks)).toEqual(
      new Set(['"loading"', '"editing"', '"addingSubject"', '"submitting"', '"done"']),
    );
  });
  it('goes to /teacherfinder with the request id', () => {
    const w = walks.find((x) => x.snapshot.value === 'done')!;
    expect(w.calls).toContainEqual({ action: 'goToFinder', params: { requestId: 11 } });
    expect(w.snapshot.context.selected.length).toBeGreaterThan(0);
  });
  it('shows every SPEC text on its path', () => {
    const messages = new Set(
      walks.flatMap((w) => [
        w.snapshot.context.message,
        w.snapshot.context.subjectError,
        w.snapshot.context.addError,
      ]),
    );
    expect(messages).toContain(REQUEST_MESSAGES.subjectsRequired);
    expect(messages).toContain(REQUEST_MESSAGES.noRequestId);
    expect(messages).toContain(SUBJECT_MESSAGES.addFailed);
    expect(messages).toContain('Subject "Astronomy" already exists');
  });
  it('falls back to the five sample subjects with the reason', () => {
    const w = walks.find((x) => x.snapshot.context.subjectsError)!;
    expect(w.snapshot.context.subjects.map((s: { name: string }) => s.name)).toEqual([...SAMPLE_SUBJECTS]);
    expect(w.snapshot.context.subjectsError).toContain('No response from server');
  });
  it('starts with the SPEC defaults', () => {
    expect(walks[0].snapshot.context.preferences).toEqual({
      mode_of_teaching: 'online',
      preferred_group: 'individual',
      preferred_medium: 'english',
      teacher_assignment_preference: 'multiple',
    });
  });
});

describe('subjectRequest when logged out', () => {
  it('refuses to submit with the SPEC text', () => {
    const walks = walkShortestPaths(subjectRequestMachine, { ...opts, input: { loggedIn: false }, events });
    expect(reached(walks).has('"submitting"')).toBe(false);
    expect(walks.some((w) => w.snapshot.context.message === REQUEST_MESSAGES.notLoggedIn)).toBe(true);
  });
});

describe('Add Subject visibility', () => {
  it('shows only when the typed text matches no subject', () => {
    expect(canAddSubject({ subjects, search: 'phy' })).toBe(false);
    expect(canAddSubject({ subjects, search: 'PHYSICS' })).toBe(false);
    expect(canAddSubject({ subjects, search: 'Astronomy' })).toBe(true);
    expect(canAddSubject({ subjects, search: '  ' })).toBe(false);
  });
});
