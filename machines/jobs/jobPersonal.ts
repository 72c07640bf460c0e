import { assign, setup } from 'xstate';
import { type FieldErrors, hasErrors } from '../../contract/rules/common';
import {
  EMPTY_JOB_PERSONAL,
  JOB_PERSONAL_FIELDS,
  type JobPersonalField,
  type JobPersonalValues,
  normalizeJobPersonalField,
  validateJobPersonal,
} from '../../contract/rules/jobs';
import { editField, restoreValues, todayOf } from './form';

/**
 * Job seeker personal details (/jobdetails1). No server call (SPEC.md section 2): a valid form moves on
 * to /jobdetails2. Every change is kept as a local draft; the view supplies `saveDraft`,
 * `revealErrors` (focus the first wrong field) and `goToEducation`.
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
  actions: {
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      return editField(context.values, context.errors, event.field, event.value, normalizeJobPersonalField);
    }),
    validate: assign({
      errors: ({ context }) => validateJobPersonal(context.values, todayOf(context)),
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
        { guard: 'isValid', target: 'done' },
        {
          target: 'editing',
          actions: { type: 'revealErrors', params: ({ context }) => ({ errors: context.errors }) },
        },
      ],
    },
    done: {
      type: 'final',
      entry: 'goToEducation',
    },
  },
});
