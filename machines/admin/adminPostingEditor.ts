import { assign, fromPromise, setup } from 'xstate';
import { jobRoutes } from '../../contract/api/jobs';
import { declaredFieldErrors } from '../../contract/api/limits';
import { type FieldErrors, hasErrors } from '../../contract/rules/common';
import {
  EMPTY_JOB_POSTING,
  type JobPostingField,
  type JobPostingValues,
  POSTING_MESSAGES,
  validateJobPosting,
} from '../../contract/rules/job-postings';
import type { JobPosting } from '../../contract/structs/jobs';
import { failureFieldMessages, failureMessage } from '../common/failure';
import { clearError } from '../common/field-errors';

/**
 * The administrators' job postings (/admin/jobs): every posting (open and closed, newest first);
 * New posting and Edit open the editor (the shared posting rules, then the server's); Close and
 * Reopen change whether a posting takes applications.
 */
export const POSTINGS_LOAD_FAILED = POSTING_MESSAGES.postingsLoadFailed;
export const POSTING_SAVE_FAILED = POSTING_MESSAGES.postingSaveFailed;

export interface AdminPostingEditorInput {
  /** 'YYYY-MM-DD' to judge closing dates against; today in India when absent. */
  today?: string;
}

export interface AdminPostingEditorContext {
  postings: JobPosting[];
  /** The posting being edited; null for a new one. */
  editingId: number | null;
  values: JobPostingValues;
  /** The edited posting's closing date as saved (it may stay in the past). */
  savedClosingDate: string | null;
  errors: FieldErrors<JobPostingField>;
  error: string | null;
  today: string | null;
}

export type AdminPostingEditorEvent =
  | { type: 'posting.new' }
  | { type: 'posting.edit'; id: number }
  | { type: 'posting.close'; id: number }
  | { type: 'posting.reopen'; id: number }
  | { type: 'field.change'; field: JobPostingField; value: string }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'list.retry' };

const valuesOf = (p: JobPosting): JobPostingValues => ({
  organisation: p.organisation,
  industry: p.industry,
  title: p.title,
  location: p.location,
  employment_type: p.employment_type,
  pay_min: p.pay_min === null ? '' : String(p.pay_min),
  pay_max: p.pay_max === null ? '' : String(p.pay_max),
  description: p.description,
  closing_date: p.closing_date,
});

export const adminPostingEditorMachine = setup({
  types: {
    context: {} as AdminPostingEditorContext,
    events: {} as AdminPostingEditorEvent,
    input: {} as AdminPostingEditorInput,
  },
  actors: {
    fetchPostings: fromPromise<JobPosting[]>(async () => {
      throw new Error('fetchPostings is supplied by the view');
    }),
    savePosting: fromPromise<unknown, { id: number | null; values: JobPostingValues }>(async () => {
      throw new Error('savePosting is supplied by the view');
    }),
    setPostingOpen: fromPromise<unknown, { id: number; open: boolean }>(async () => {
      throw new Error('setPostingOpen is supplied by the view');
    }),
  },
  actions: {
    storePostings: assign({
      postings: ({ event }) => (event as unknown as { output: JobPosting[] }).output,
      error: () => null,
    }),
    storeLoadError: assign({
      error: ({ event }) => failureMessage((event as { error?: unknown }).error, POSTINGS_LOAD_FAILED),
    }),
    startNew: assign({
      editingId: () => null,
      values: () => EMPTY_JOB_POSTING,
      savedClosingDate: () => null,
      errors: () => ({}),
      error: () => null,
    }),
    startEdit: assign(({ context, event }) => {
      const posting = context.postings.find((p) => event.type === 'posting.edit' && p.id === event.id);
      if (!posting) return {};
      return {
        editingId: posting.id,
        values: valuesOf(posting),
        savedClosingDate: posting.closing_date,
        errors: {},
        error: null,
      };
    }),
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      return {
        values: { ...context.values, [event.field]: event.value },
        errors: clearError(context.errors, event.field),
      };
    }),
    validate: assign({
      // Every rule of the form, and where they pass, what the route's declaration refuses (the server's words).
      errors: ({ context }) => ({
        ...declaredFieldErrors(jobRoutes.createPosting.body, context.values),
        ...validateJobPosting(context.values, {
          today: context.today ?? undefined,
          previousClosingDate: context.savedClosingDate,
        }),
      }),
      error: () => null,
    }),
    storeSaveError: assign(({ event }) => {
      const error = (event as { error?: unknown }).error;
      const errors = failureFieldMessages(error) as FieldErrors<JobPostingField>;
      return {
        errors,
        error: Object.keys(errors).length ? null : failureMessage(error, POSTING_SAVE_FAILED),
      };
    }),
    storeToggleError: assign({
      error: ({ event }) => failureMessage((event as { error?: unknown }).error, POSTING_SAVE_FAILED),
    }),
  },
  guards: {
    isValid: ({ context }) => !hasErrors(context.errors),
    isKnownPosting: ({ context, event }) =>
      event.type === 'posting.edit' && context.postings.some((p) => p.id === event.id),
  },
}).createMachine({
  id: 'adminPostingEditor',
  context: ({ input }) => ({
    postings: [],
    editingId: null,
    values: EMPTY_JOB_POSTING,
    savedClosingDate: null,
    errors: {},
    error: null,
    today: input?.today ?? null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchPostings',
        src: 'fetchPostings',
        onDone: { target: 'list', actions: 'storePostings' },
        onError: { target: 'failure', actions: 'storeLoadError' },
      },
    },
    failure: { on: { 'list.retry': 'loading' } },
    list: {
      on: {
        'posting.new': { target: 'editor', actions: 'startNew' },
        'posting.edit': { guard: 'isKnownPosting', target: 'editor', actions: 'startEdit' },
        'posting.close': 'closing',
        'posting.reopen': 'reopening',
      },
    },
    closing: {
      invoke: {
        id: 'closePosting',
        src: 'setPostingOpen',
        input: ({ event }) => ({ id: (event as { id: number }).id, open: false }),
        onDone: 'loading',
        onError: { target: 'list', actions: 'storeToggleError' },
      },
    },
    reopening: {
      invoke: {
        id: 'reopenPosting',
        src: 'setPostingOpen',
        input: ({ event }) => ({ id: (event as { id: number }).id, open: true }),
        onDone: 'loading',
        onError: { target: 'list', actions: 'storeToggleError' },
      },
    },
    editor: {
      initial: 'editing',
      on: { 'form.cancel': '#adminPostingEditor.list' },
      states: {
        editing: {
          on: {
            'field.change': { actions: 'changeField' },
            'form.submit': { target: 'checking', actions: 'validate' },
          },
        },
        checking: { always: [{ guard: 'isValid', target: 'saving' }, { target: 'editing' }] },
        saving: {
          invoke: {
            id: 'savePosting',
            src: 'savePosting',
            input: ({ context }) => ({ id: context.editingId, values: context.values }),
            onDone: '#adminPostingEditor.loading',
            onError: { target: 'editing', actions: 'storeSaveError' },
          },
        },
      },
    },
  },
});
