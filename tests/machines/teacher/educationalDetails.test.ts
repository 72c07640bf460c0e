import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { TeacherEducationalQualification } from '../../../contract/structs/teacher';
import {
  type EducationDraft,
  EMPTY_EDUCATION,
  educationalDetailsMachine,
  educationFromDraft,
} from '../../../machines/teacher/educationalDetails';

/** The education step keeps what is typed as a draft until the first save. */
function start(saved: TeacherEducationalQualification | null, draft: Partial<EducationDraft> | null) {
  const drafts: Array<EducationDraft | null> = [];
  const actor = createActor(
    educationalDetailsMachine.provide({
      actors: {
        loadDegrees: fromPromise(async () => [{ id: 1, name: 'Graduate' }]),
        loadSubjects: fromPromise(async () => [{ id: 1, name: 'Physics' }]),
        loadQualification: fromPromise(async () => saved),
      },
      actions: { saveDraft: (_, { draft }) => drafts.push(draft) },
    }),
    { input: { teacherId: 21, draft } },
  ).start();
  return { actor, drafts };
}

describe('teacherEducationalDetails draft', () => {
  it('a stored draft fills the empty form; only text values of its own fields are taken', () => {
    expect(
      educationFromDraft({
        values: { school_name: 'Hindu School', year_of_passing: 2012 as never, extra: 'x' } as never,
        universityFreeText: true,
      }),
    ).toEqual({ values: { ...EMPTY_EDUCATION, school_name: 'Hindu School' }, universityFreeText: true });
    expect(educationFromDraft(null)).toEqual({ values: EMPTY_EDUCATION, universityFreeText: false });
  });

  it('saves each edit before the first save; a saved qualification wins and keeps no draft', async () => {
    const fresh = start(null, { values: { school_name: 'Hindu School' } });
    await waitFor(fresh.actor, (s) => s.matches('editing'));
    expect(fresh.actor.getSnapshot().context.values.school_name).toBe('Hindu School');
    fresh.actor.send({ type: 'field.change', field: 'college_name', value: 'Presidency College' });
    expect(fresh.drafts.at(-1)?.values).toMatchObject({
      school_name: 'Hindu School',
      college_name: 'Presidency College',
    });

    const saved = start(
      {
        id: 5,
        degree_id: 1,
        degree_name: null,
        subject_id: 1,
        school_name: 'South Point',
        school_education_board: 'cbse',
        college_name: 'Scottish Church College',
        university_name: 'University of Calcutta',
        year_of_passing: '2010',
      } as unknown as TeacherEducationalQualification,
      { values: { school_name: 'Hindu School' } },
    );
    await waitFor(saved.actor, (s) => s.matches('editing'));
    expect(saved.actor.getSnapshot().context.values.school_name).toBe('South Point');
    saved.actor.send({ type: 'field.change', field: 'college_name', value: 'Presidency College' });
    expect(saved.drafts).toEqual([null]);
  });
});
