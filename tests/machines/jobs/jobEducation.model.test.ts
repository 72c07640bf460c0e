import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject, fromPromise, waitFor } from 'xstate';
import { JOB_MESSAGES } from '../../../contract/rules/jobs';
import { findMachine } from '../../../machines';
import type { JobEducationContext } from '../../../machines/jobs/jobEducation';
import { jobEducationMachine } from '../../../machines/jobs/jobEducation';
import { coveragePaths, type MachinePath } from '../../../src/features/machines/analysis';
import { drafts } from '../../../src/lib/drafts';
import { fill } from '../../client/fill';
import { renderRoute } from '../../client/render';
import { expectFormLocked, heldResponse, testMachine } from '../../model/kit';

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
        saveEducation: fromPromise<unknown, never>(async () => ({})) as never,
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

/**
 * /jobdetails2 walked by the kit (tests/model/kit.ts) on the real page. The resume's first bytes are
 * read while the page shows Submit busy: each test's file is a PDF (%PDF), not a PDF, or unreadable,
 * as the path's reader outcome says, and its read is held until that step.
 */
const entry = findMachine('jobEducation');
if (!entry) throw new Error('jobEducation is not registered');
const user = userEvent.setup();
type View = ReturnType<typeof renderRoute>;

let outcome: { output?: boolean; error?: unknown } = {};
let releaseRead: () => void = () => {};
let wentBack = false;
let save: ReturnType<typeof heldResponse>;

/** A resume whose first bytes arrive when the test says (the path's reader step). */
function heldResume() {
  const file = new File(['%PDF-1.4'], 'resume.pdf', { type: 'application/pdf' });
  const released = new Promise<void>((resolve) => {
    releaseRead = resolve;
  });
  file.slice = (() => ({
    arrayBuffer: async () => {
      await released;
      if ('error' in outcome) throw new Error('The file could not be read');
      return new TextEncoder().encode(outcome.output ? '%PDF' : 'PK\u0003\u0004').buffer;
    },
  })) as unknown as File['slice'];
  return file;
}

const LABELS = {
  qualification: /^Highest qualification/,
  school_name: /^School name/,
  year_of_passing: /^Year of passing/,
} as const;

const PDF_SELECTED = { type: 'resume.select', file: PDF };
const paths: MachinePath[] = [
  ...coveragePaths(entry),
  // A file named .pdf whose bytes are not a PDF: 'Please upload PDF files only'.
  {
    target: 'editing',
    steps: [
      { event: PDF_SELECTED, value: 'editing' },
      { event: { type: 'form.submit' }, value: 'validating' },
      { event: { type: DONE, output: false } as EventObject, value: 'editing' },
    ],
    transitions: [],
  },
];

testMachine(entry, {
  paths,
  beforePath: (path) => {
    wentBack = false;
    // Step 1 is saved: the job seeker's id is known.
    localStorage.setItem('job_seeker_id', '3');
    save = heldResponse('put', '*/api/v1/job_seekers/:id/education');
    const read = path.steps.find((s) => s.event.type.endsWith('.actor.resumeSignature'))?.event;
    outcome = read?.type.startsWith('xstate.error')
      ? { error: true }
      : { output: Boolean((read as { output?: boolean } | undefined)?.output) };
  },
  render: () => renderRoute('/jobdetails2'),
  states: {
    editing: (view, snapshot) => {
      const { values, errors, resume } = snapshot.context as JobEducationContext;
      if (wentBack) {
        // Back keeps the draft and returns to step 1.
        expect((view as View).current()).toBe('/jobdetails1');
        expect(drafts.load('jobdetails2', null) ?? {}).toMatchObject(
          Object.fromEntries(Object.entries(values).filter(([, v]) => v)),
        );
        return;
      }
      expect((view as View).current()).toBe('/jobdetails2');
      expect(screen.getByRole('combobox', { name: LABELS.qualification })).toHaveValue(values.qualification);
      expect(screen.getByRole('textbox', { name: LABELS.school_name })).toHaveValue(values.school_name);
      expect(screen.getByRole('textbox', { name: LABELS.year_of_passing })).toHaveValue(
        values.year_of_passing,
      );
      // A refused file is held with its refusal, never shown as attached.
      if (resume)
        expect(
          screen.getByText(`${errors.resume ? 'Not attached' : 'File selected'}: ${resume.name}`),
        ).toBeInTheDocument();
      for (const message of Object.values(errors))
        if (message) expect(screen.getByText(message)).toBeVisible();
      if (!errors.resume) expect(screen.queryByText(JOB_MESSAGES.resumeRequired)).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Submit' })).not.toHaveAttribute('data-loading');
    },
    validating: () => expect(screen.getByRole('button', { name: 'Submit' })).toHaveAttribute('data-loading'),
    saving: () => {
      expect(screen.getByRole('button', { name: 'Submit' })).toHaveAttribute('data-loading');
      expectFormLocked(screen.getByRole('button', { name: 'Submit' }));
    },
    done: (view) => expect((view as View).current()).toBe('/joblist'),
  },
  events: {
    'field.change': async (_, { event }) => {
      const { field, value } = event as unknown as Change;
      if (field === 'qualification')
        return user.selectOptions(screen.getByRole('combobox', { name: LABELS.qualification }), value);
      const input = screen.getByRole('textbox', { name: LABELS[field] });
      await fill(user, input, value);
    },
    'resume.select': () => user.upload(screen.getByLabelText(/^Resume \(PDF\)/), heldResume()),
    'form.submit': () => user.click(screen.getByRole('button', { name: 'Submit' })),
    'form.back': async () => {
      wentBack = true;
      await user.click(screen.getByRole('button', { name: 'Back' }));
    },
    'xstate.done.actor.resumeSignature': () => releaseRead(),
    'xstate.error.actor.resumeSignature': () => releaseRead(),
    'xstate.done.actor.saveEducation': () =>
      save.respond(200, {
        status: 'success',
        data: {
          id: 1,
          job_seeker_id: 3,
          qualification: 5,
          school_name: 'Hindu School',
          year_of_passing: '2020',
          resume_url: '/api/v1/job_seekers/3/resume',
        },
      }),
    'xstate.error.actor.saveEducation': (_, { event }) => {
      const { error } = event as unknown as { error: { status: number; body: object } };
      return save.respond(error.status, error.body);
    },
  },
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
