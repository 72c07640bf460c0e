import { describe, expect, it } from 'vitest';
import { STUDENT_EDUCATION_MESSAGES } from '../../../contract/rules/student-education';
import { studentEducationMachine } from '../../../machines/student/studentEducation.machine';
import { done, failed, reached, walkShortestPaths } from './walk';

const qualification = {
  id: 3,
  degree_id: 7,
  current_academic_level: 'Professional',
  school_name: null,
  college_name: null,
  university_name: null,
  additional_information: 'Accountant',
};
const serverFailure = {
  kind: 'response',
  status: 422,
  body: { errors: { additional_information: ['Professional information is required'] } },
  message: 'Validation failed',
};

describe('studentEducation model paths', () => {
  const walks = walkShortestPaths(studentEducationMachine, {
    input: { draft: null },
    actors: ['findStudent', 'saveQualification'],
    actions: ['saveDraft', 'clearDraft', 'goToSubjects'],
    events: [
      done('findStudent', { studentId: 7, qualification: null }),
      done('findStudent', { studentId: 7, qualification }),
      done('findStudent', { studentId: null, qualification: null }),
      failed('findStudent'),
      { type: 'field.change', field: 'education_type', value: 'Working' },
      { type: 'field.change', field: 'profession', value: 'Accountant' },
      { type: 'form.submit' },
      done('saveQualification', { id: 3 }),
      failed('saveQualification', serverFailure),
    ],
    serialize: (s) =>
      JSON.stringify([
        s.value,
        s.context.values,
        s.context.errors,
        s.context.message,
        s.context.qualificationId,
      ]),
  });

  it('reaches every state', () => {
    expect(reached(walks)).toEqual(
      new Set(['"finding"', '"editing"', '"submitting"', '"saved"', '"missingStudent"']),
    );
  });

  it('saves only valid forms and then goes to /subject', () => {
    for (const w of walks.filter((x) => x.snapshot.value === 'saved')) {
      expect(w.snapshot.context.values.profession).toBe('Accountant');
      expect(w.calls.map((c) => c.action)).toContain('goToSubjects');
    }
  });

  it('a failed save shows the SPEC text and maps the field error back to the profession field', () => {
    const w = walks.find((x) => x.snapshot.context.message === STUDENT_EDUCATION_MESSAGES.submitFailed);
    expect(w).toBeDefined();
    expect(w!.snapshot.context.errors.profession).toBe('Professional information is required');
  });

  it('explains when there is no student yet', () => {
    const w = walks.find((x) => x.snapshot.value === 'missingStudent');
    expect(w!.snapshot.context.message).toBeTruthy();
  });

  it('a saved qualification fills the form (Working -> profession)', () => {
    const w = walks.find((x) => x.snapshot.context.qualificationId === 3 && x.snapshot.value === 'editing');
    expect(w!.snapshot.context.values).toMatchObject({ education_type: 'Working', profession: 'Accountant' });
  });
});
