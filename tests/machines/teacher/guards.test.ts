import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { entries } from '../../../machines/teacher';
import { dashboardMachine } from '../../../machines/teacher/dashboard';
import { educationalDetailsMachine } from '../../../machines/teacher/educationalDetails';
import { personalDetailsMachine } from '../../../machines/teacher/personalDetails';
import { preferencesMachine } from '../../../machines/teacher/preferences';

/**
 * Events the screens cannot send in some states are refused by the machines too, so the diagrams QA
 * walks and the model-based paths match what a person can do.
 */
const sample = (name: string, type: string) => {
  const e = entries.find((x) => x.name === name)!.sampleEvents?.[type];
  return { type, ...(Array.isArray(e) ? e[0] : e) } as never;
};
/** An actor that never settles: the test sends its outcome itself. */
const never = () => fromPromise(() => new Promise<never>(() => {})) as never;

describe('teacher machines refuse events their screens cannot send', () => {
  it('dashboard: Edit/Details open nothing before the teacher loads; Accept/End Contract only on listed requests', () => {
    const opened: string[] = [];
    const actor = createActor(
      dashboardMachine.provide({
        actors: { loadTeacher: never(), loadRequests: never(), updateStatus: never() },
        actions: {
          openEdit: () => void opened.push('edit'),
          openDetails: () => void opened.push('details'),
          openFixDocuments: () => void opened.push('fix'),
        },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'account.edit' });
    actor.send({ type: 'documents.fix' });
    expect(opened).toEqual([]);
    expect(actor.getSnapshot().matches({ verification: 'unknown' })).toBe(true);
    actor.send(sample('teacherDashboard', 'xstate.done.actor.loadTeacher'));
    actor.send({ type: 'contract.end', id: 2 });
    expect(actor.getSnapshot().matches({ contract: 'closed' })).toBe(true);
    actor.send(sample('teacherDashboard', 'xstate.done.actor.loadRequests'));
    // Request 1 is new (no End Contract), request 2 active (no Accept).
    actor.send({ type: 'contract.end', id: 1 });
    actor.send({ type: 'request.accept', id: 2 });
    expect(actor.getSnapshot().matches({ contract: 'closed', requests: 'loaded' })).toBe(true);
    actor.send({ type: 'contract.end', id: 2 });
    expect(actor.getSnapshot().context.ending).toEqual({ id: 2, name: 'Priya Roy' });
    actor.send({ type: 'dialog.cancel' });
    actor.send({ type: 'request.accept', id: 1 });
    expect(actor.getSnapshot().matches({ requests: 'confirmingAccept' })).toBe(true);
    // One dialog at a time: End Contract waits while the decision is being confirmed.
    actor.send({ type: 'contract.end', id: 2 });
    expect(actor.getSnapshot().matches({ contract: 'closed' })).toBe(true);
    actor.send({ type: 'decision.confirm' });
    expect(actor.getSnapshot().matches({ requests: 'accepting' })).toBe(true);
    actor.send({ type: 'account.edit' });
    actor.send({ type: 'account.details' });
    // A pending teacher has nothing to fix.
    actor.send({ type: 'documents.fix' });
    expect(actor.getSnapshot().matches({ verification: 'pending' })).toBe(true);
    expect(opened).toEqual(['edit', 'details']);
    actor.stop();
  });

  it("education: 'Show Dropdown' only from free text (the chosen university stays)", () => {
    const actor = createActor(
      educationalDetailsMachine.provide({
        actors: { loadDegrees: never(), loadSubjects: never(), loadQualification: never() },
      }),
      { input: { teacherId: 21 } },
    ).start();
    for (const actorName of ['loadDegrees', 'loadSubjects', 'loadQualification'])
      actor.send(sample('teacherEducationalDetails', `xstate.done.actor.${actorName}`));
    expect(actor.getSnapshot().context.values.university_name).toBe('University of Calcutta');
    actor.send({ type: 'university.showDropdown' });
    expect(actor.getSnapshot().context.values.university_name).toBe('University of Calcutta');
    actor.send({ type: 'university.select', value: 'Others' });
    actor.send({ type: 'university.showDropdown' });
    expect(actor.getSnapshot().context.universityFreeText).toBe(false);
    actor.stop();
  });

  it('preferences: subjects only from the loaded list; Delete only for a picked file', () => {
    const actor = createActor(
      preferencesMachine.provide({ actors: { loadSubjects: never(), loadPreference: never() } }),
      { input: { teacherId: 21 } },
    ).start();
    actor.send({ type: 'xstate.done.actor.loadPreference', output: null } as never);
    actor.send({ type: 'subjects.change', ids: [1] });
    expect(actor.getSnapshot().context.values.subject_ids).toEqual([]);
    actor.send(sample('teacherPreferences', 'xstate.done.actor.loadSubjects'));
    actor.send({ type: 'subjects.change', ids: [1] });
    expect(actor.getSnapshot().context.values.subject_ids).toEqual([1]);
    expect(actor.getSnapshot().can({ type: 'file.remove', field: 'resume' })).toBe(false);
    actor.send(sample('teacherPreferences', 'file.pick'));
    expect(actor.getSnapshot().can({ type: 'file.remove', field: 'resume' })).toBe(true);
    actor.stop();
  });

  it('personal details: Delete only for a picked photo', () => {
    const entry = entries.find((e) => e.name === 'teacherPersonalDetails')!;
    const actor = createActor(
      personalDetailsMachine.provide({ actors: { getLocation: never(), loadTeacher: never() } }),
      { input: entry.sampleInput as never },
    ).start();
    actor.send({ type: 'xstate.done.actor.loadTeacher', output: null } as never);
    expect(actor.getSnapshot().can({ type: 'file.remove', field: 'profile_photo' })).toBe(false);
    actor.send({
      type: 'file.pick',
      field: 'profile_photo',
      file: { name: 'p.png', size: 10, type: 'image/png', blob: null },
    });
    expect(actor.getSnapshot().can({ type: 'file.remove', field: 'profile_photo' })).toBe(true);
    actor.stop();
  });
});
