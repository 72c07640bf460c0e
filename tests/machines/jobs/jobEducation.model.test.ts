import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { JOB_MESSAGES } from '../../../contract/rules/jobs';
import { jobEducationMachine } from '../../../machines/jobs/jobEducation';
import { modelPaths } from './modelPaths';

const TODAY = '2025-06-15';
const PDF = { name: 'resume.pdf', type: 'application/pdf', size: 2048 };
const WORD = {
  name: 'resume.docx',
  type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  size: 4096,
};
type Change = {
  type: 'field.change';
  field: 'qualification' | 'school_name' | 'year_of_passing';
  value: string;
};
const change = (field: Change['field'], value: string): Change => ({ type: 'field.change', field, value });
const DONE = 'xstate.done.actor.resumeSignature';
const ERROR = 'xstate.error.actor.resumeSignature';
const EVENTS = [
  change('qualification', '5'),
  change('school_name', 'Hindu School'),
  change('year_of_passing', '2020'),
  change('year_of_passing', '2031'),
  { type: 'resume.select', file: PDF },
  { type: 'resume.select', file: WORD },
  { type: 'resume.select', file: null },
  { type: 'form.submit' },
  { type: 'form.back' },
  { type: DONE, output: true },
  { type: DONE, output: false },
  { type: ERROR, error: new Error('unreadable') },
];

const messages = [
  ...(Object.values(JOB_MESSAGES).filter((m) => typeof m === 'string') as string[]),
  JOB_MESSAGES.yearTooLate(2029),
];
const errorSignature = (errors: Record<string, string | undefined>) =>
  Object.entries(errors)
    .map(([f, m]) => `${f}=${m}`)
    .sort()
    .join('|');

/** A live actor whose resume reader answers, in order, what the path's reader events say. */
function run(outcomes: Array<{ output?: boolean; error?: unknown }> = []) {
  const saveDraft = vi.fn();
  const revealErrors = vi.fn();
  const goBack = vi.fn();
  const goToJobList = vi.fn();
  const reads = vi.fn();
  const actor = createActor(
    jobEducationMachine.provide({
      actors: {
        resumeSignature: fromPromise(async ({ input }) => {
          reads(input.file);
          const outcome = outcomes.shift();
          if (!outcome || 'error' in outcome) throw outcome?.error ?? new Error('no outcome');
          return outcome.output as boolean;
        }),
      },
      actions: {
        saveDraft: (_, params) => saveDraft(params.values),
        revealErrors: (_, params) => revealErrors(params.errors),
        goBack,
        goToJobList,
      },
    }),
    { input: { today: TODAY } },
  ).start();
  return { actor, saveDraft, revealErrors, goBack, goToJobList, reads };
}

describe('jobEducation machine: model-based paths', () => {
  const { all, distinct } = modelPaths(jobEducationMachine, {
    input: { today: TODAY },
    events: EVENTS as never,
    signature: (s) =>
      `${JSON.stringify(s.value)} ${s.context.resume?.name ?? '-'} ${errorSignature(s.context.errors)}`,
  });

  it('reaches every state, and each education message', () => {
    expect(new Set(all.map((p) => p.state.value))).toEqual(new Set(['editing', 'validating', 'done']));
    const shown = new Set(distinct.flatMap(({ path }) => Object.values(path.state.context.errors)));
    for (const message of [
      JOB_MESSAGES.qualificationRequired,
      JOB_MESSAGES.schoolNameRequired,
      JOB_MESSAGES.yearRequired,
      JOB_MESSAGES.yearTooLate(2029),
      JOB_MESSAGES.resumeRequired,
      JOB_MESSAGES.resumeNotPdf,
      JOB_MESSAGES.resumeUnreadable,
    ])
      expect(shown).toContain(message);
  });

  it.each(distinct.map(({ signature, path }) => [signature, path] as const))(
    'replays %s on a live actor with the same outcome',
    async (_signature, path) => {
      const typeOf = (step: { event: { type: string } }) => step.event.type as string;
      const outcomes = path.steps
        .filter((s) => typeOf(s) === DONE || typeOf(s) === ERROR)
        .map((s) =>
          typeOf(s) === DONE
            ? { output: (s.event as unknown as { output: boolean }).output }
            : { error: 'x' },
        );
      const { actor, saveDraft, revealErrors, goBack, goToJobList } = run(outcomes);
      for (const step of path.steps) {
        if (typeOf(step) === DONE || typeOf(step) === ERROR) {
          await waitFor(actor, (s) => !s.matches('validating'));
          continue;
        }
        actor.send(step.event as never);
      }
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(path.state.value);
      expect(snapshot.context.values).toEqual(path.state.context.values);
      expect(snapshot.context.errors).toEqual(path.state.context.errors);
      for (const message of Object.values(snapshot.context.errors)) expect(messages).toContain(message);
      const count = (type: string) => path.steps.filter((s) => s.event.type === type).length;
      // Drafts hold the text fields only (never the file), saved on every change and on Back.
      expect(saveDraft).toHaveBeenCalledTimes(count('field.change') + count('form.back'));
      for (const [values] of saveDraft.mock.calls)
        expect(Object.keys(values).sort()).toEqual(['qualification', 'school_name', 'year_of_passing']);
      expect(goBack).toHaveBeenCalledTimes(count('form.back'));
      expect(goToJobList).toHaveBeenCalledTimes(snapshot.matches('done') ? 1 : 0);
      if (
        snapshot.matches('editing') &&
        count('form.submit') > 0 &&
        path.steps.at(-1)?.event.type !== 'resume.select'
      )
        expect(revealErrors).toHaveBeenCalled();
      await actor.stop();
    },
  );
});

describe('jobEducation machine: transitions and guards', () => {
  const fill = (actor: ReturnType<typeof run>['actor']) => {
    actor.send(change('qualification', '8'));
    actor.send(change('school_name', 'Scottish Church School'));
    actor.send(change('year_of_passing', '2019'));
  };

  it('shows a wrong file type as soon as the file is picked, and never reads it', async () => {
    const { actor, reads } = run();
    fill(actor);
    actor.send({ type: 'resume.select', file: WORD });
    expect(actor.getSnapshot().context.errors.resume).toBe('Please upload PDF files only');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(reads).not.toHaveBeenCalled();
  });

  it('refuses a file named .pdf whose bytes are not a PDF', async () => {
    const { actor, goToJobList } = run([{ output: false }]);
    fill(actor);
    actor.send({ type: 'resume.select', file: PDF });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('validating');
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.errors).toEqual({ resume: JOB_MESSAGES.resumeNotPdf });
    expect(goToJobList).not.toHaveBeenCalled();
  });

  it('goes to the job list with a real PDF', async () => {
    const { actor, goToJobList, reads } = run([{ output: true }]);
    fill(actor);
    actor.send({ type: 'resume.select', file: PDF });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(reads).toHaveBeenCalledWith(PDF);
    expect(goToJobList).toHaveBeenCalledTimes(1);
  });

  it('restores the draft text fields, never a file', () => {
    const actor = createActor(jobEducationMachine, {
      input: {
        draft: { qualification: '3', school_name: 'Hare School', year_of_passing: '20x21', resume: PDF },
      },
    }).start();
    expect(actor.getSnapshot().context.values).toEqual({
      qualification: '3',
      school_name: 'Hare School',
      year_of_passing: '2021',
    });
    expect(actor.getSnapshot().context.resume).toBeNull();
  });

  it('clears the resume error when another file is picked', () => {
    const { actor } = run();
    actor.send({ type: 'resume.select', file: WORD });
    actor.send({ type: 'resume.select', file: PDF });
    expect(actor.getSnapshot().context.errors.resume).toBeUndefined();
  });
});
