import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { TEACHER_PREFERENCE_MESSAGES as M } from '../../../contract/rules/teacher-preferences';
import type { TeacherPreference } from '../../../contract/structs/teacher';
import {
  DEFAULT_PREFERENCES,
  type PreferenceValues,
  preferencesMachine,
  type SavedTeacher,
  valuesFromDraft,
} from '../../../machines/teacher/preferences';

/** The preferences step keeps its choices as a draft until the first save (files never). */
function start(saved: TeacherPreference | null, draft: Partial<PreferenceValues> | null = null) {
  const drafts: Array<PreferenceValues | null> = [];
  const actor = createActor(
    preferencesMachine.provide({
      actors: {
        loadSubjects: fromPromise(async () => [{ id: 1, name: 'Physics' }]),
        loadPreference: fromPromise<SavedTeacher | null, { teacherId: number | null }>(async () =>
          saved ? { teacher_preference: saved } : null,
        ),
      },
      actions: { saveDraft: (_, { values }) => drafts.push(values) },
    }),
    { input: { teacherId: 21, draft } },
  ).start();
  return { actor, drafts };
}

describe('teacherPreferences draft', () => {
  it('a stored draft fills the form over the defaults; what is not a valid choice is left out', () => {
    expect(
      valuesFromDraft({
        prior_experience: '7',
        preferred_medium: ['bengali', 'latin'],
        teaching_radius_km: 80,
        subject_ids: [1, -2, 'x' as never],
        teaching_school: false,
        special_need_children: 'no' as never,
      }),
    ).toEqual({
      ...DEFAULT_PREFERENCES,
      prior_experience: '7',
      preferred_medium: ['bengali'],
      teaching_radius_km: 50,
      subject_ids: [1],
      teaching_school: false,
    });
    expect(valuesFromDraft(null)).toEqual(DEFAULT_PREFERENCES);
  });

  it('saves each edit before the first save; a saved preference wins and keeps no draft', async () => {
    const fresh = start(null, { prior_experience: '7' });
    await waitFor(fresh.actor, (s) => s.matches({ form: 'editing' }));
    expect(fresh.actor.getSnapshot().context.values.prior_experience).toBe('7');
    fresh.actor.send({ type: 'radius.change', value: 12 });
    expect(fresh.drafts.at(-1)).toMatchObject({ prior_experience: '7', teaching_radius_km: 12 });

    const saved = start(
      {
        subject_ids: [1],
        prior_experience: 3,
        preferred_medium: ['english'],
        teaching_mode: 'offline',
        teaching_radius_km: 5,
        special_attention_children: false,
        teaching_school: false,
        special_need_children: false,
      } as TeacherPreference,
      { prior_experience: '7' },
    );
    await waitFor(saved.actor, (s) => s.matches({ form: 'editing' }));
    expect(saved.actor.getSnapshot().context.values.prior_experience).toBe('3');
    saved.actor.send({ type: 'radius.change', value: 12 });
    expect(saved.drafts).toEqual([null]);
  });

  it('keeps the experience as typed (a decimal is not rewritten) and refuses it on submit', async () => {
    const { actor, drafts } = start(null, { prior_experience: '4.5' });
    await waitFor(actor, (s) => s.matches({ form: 'editing' }));
    expect(actor.getSnapshot().context.values.prior_experience).toBe('4.5');
    actor.send({ type: 'experience.change', value: '2.5' });
    expect(actor.getSnapshot().context.values.prior_experience).toBe('2.5');
    expect(drafts.at(-1)).toMatchObject({ prior_experience: '2.5' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors.prior_experience).toBe(M.experienceNotWhole);
    actor.send({ type: 'experience.change', value: '61' });
    expect(actor.getSnapshot().context.errors.prior_experience).toBeUndefined();
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors.prior_experience).toBe(M.experienceOutOfRange);
  });
});
