import { assign, fromPromise, setup } from 'xstate';
import { jobRoutes } from '../../contract/api/jobs';
import { declaredFieldErrors } from '../../contract/api/limits';
import { type FieldErrors, hasErrors } from '../../contract/rules/common';
import {
  EMPTY_JOB_PERSONAL,
  JOB_MESSAGES,
  JOB_PERSONAL_FIELDS,
  type JobPersonalField,
  type JobPersonalValues,
  normalizeJobPersonalField,
  validateJobPersonal,
} from '../../contract/rules/jobs';
import { failureFieldMessages, failureMessage } from '../common/failure';
import { editField, restoreValues, todayOf } from './form';

/**
 * Job seeker personal details (/jobdetails1). Every change is kept as a local draft (the view's
 * `saveDraft`); a valid form is saved on the server (`saveDetails`) and moves on to /jobdetails2.
 * The server's field errors come back under the fields; any other failure above the form.
 */
export interface JobPersonalInput {
  /** The saved draft, if any (may be stale or partial: only known text fields are taken). */
  draft?: Partial<Record<string, unknown>> | null;
  /** 'YYYY-MM-DD' to judge ages against; today when absent. */
  today?: string;
}

export interface JobPersonalContext {
  values: JobPersonalValues;
  errors: FieldErrors<JobPersonalField>;
  today: string | null;
  /** Why the last save failed (shown above the form). */
  failure: string | null;
}

export type JobPersonalEvent =
  | { type: 'field.change'; field: JobPersonalField; value: string }
  | { type: 'form.submit' };

export function restoreJobPersonal(draft: JobPersonalInput['draft']): JobPersonalValues {
  return restoreValues(EMPTY_JOB_PERSONAL, JOB_PERSONAL_FIELDS, draft, normalizeJobPersonalField);
}

export const jobPersonalMachine = setup({
  types: {
    context: {} as JobPersonalContext,
    events: {} as JobPersonalEvent,
    input: {} as JobPersonalInput,
  },
  actors: {
    /** Creates or updates the job seeker's record. Supplied by the view. */
    saveDetails: fromPromise<unknown, { values: JobPersonalValues }>(async () => {
      throw new Error('saveDetails is supplied by the view');
    }),
  },
  actions: {
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      return editField(context.values, context.errors, event.field, event.value, normalizeJobPersonalField);
    }),
    validate: assign({
      // Every rule of the form, and where they pass, what the route's declaration refuses (the server's words).
      errors: ({ context }) => ({
        ...declaredFieldErrors(jobRoutes.createJobSeeker.body, context.values),
        ...validateJobPersonal(context.values, todayOf(context)),
      }),
      failure: () => null,
    }),
    rememberFailure: assign(({ event }) => {
      const error = (event as { error?: unknown }).error;
      const errors = failureFieldMessages(error) as FieldErrors<JobPersonalField>;
      return {
        errors,
        failure: Object.keys(errors).length ? null : failureMessage(error, JOB_MESSAGES.saveFailed),
      };
    }),
    // Supplied by the view with .provide():
    saveDraft: (_, _params: { values: JobPersonalValues }) => {},
    revealErrors: (_, _params: { errors: FieldErrors<JobPersonalField> }) => {},
    goToEducation: () => {},
  },
  guards: {
    isValid: ({ context }) => !hasErrors(context.errors),
  },
}).createMachine({
  id: 'jobPersonal',
  context: ({ input }) => ({
    values: restoreJobPersonal(input?.draft),
    errors: {},
    today: input?.today ?? null,
    failure: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': {
          actions: [
            'changeField',
            { type: 'saveDraft', params: ({ context }) => ({ values: context.values }) },
          ],
        },
        'form.submit': 'validating',
      },
    },
    validating: {
      entry: 'validate',
      always: [
        { guard: 'isValid', target: 'saving' },
        {
          target: 'editing',
          actions: { type: 'revealErrors', params: ({ context }) => ({ errors: context.errors }) },
        },
      ],
    },
    /** The valid form on its way to the server. */
    saving: {
      invoke: {
        id: 'saveDetails',
        src: 'saveDetails',
        input: ({ context }) => ({ values: context.values }),
        onDone: { target: 'done' },
        onError: {
          target: 'editing',
          actions: [
            'rememberFailure',
            { type: 'revealErrors', params: ({ context }) => ({ errors: context.errors }) },
          ],
        },
      },
    },
    done: {
      type: 'final',
      entry: 'goToEducation',
    },
  },
});
