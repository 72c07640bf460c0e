import { assign, fromPromise, setup } from 'xstate';
import { declaredFieldErrors } from '../../contract/api/limits';
import { studentRoutes } from '../../contract/api/students';
import { type FieldErrors, fromWireDate } from '../../contract/rules/common';
import {
  EMPTY_STUDENT_PERSONAL,
  STUDENT_MESSAGES,
  type StudentPersonalField,
  type StudentPersonalForm,
  validateStudentPersonal,
} from '../../contract/rules/student';
import { failureFieldMessages, failureMessage } from '../common/failure';

/** A student record as this screen reads it back: the form's fields, with date of birth DD/MM/YYYY. */
export interface StoredStudent extends StudentPersonalForm {
  id: number;
}

export interface StudentPersonalInput {
  userId: number | null;
  /** The unsent draft of this user (D5), if any. */
  draft: Partial<StudentPersonalForm> | null;
  /** 'YYYY-MM-DD'; today by default (tests fix it). */
  today?: string;
}

export interface StudentPersonalContext {
  userId: number | null;
  studentId: number | null;
  values: StudentPersonalForm;
  errors: FieldErrors<StudentPersonalField>;
  message: string | null;
  today: string;
}

export type StudentPersonalEvent =
  | { type: 'field.change'; field: StudentPersonalField; value: string }
  | { type: 'form.submit' };

const todayIso = () => new Date().toISOString().slice(0, 10);
const asDate = (iso: string) => new Date(`${iso}T23:59:59`);

/** Every rule of the form, and where they pass, what the route's declaration refuses (the server's words). */
const errorsOf = (context: StudentPersonalContext): FieldErrors<StudentPersonalField> => ({
  ...declaredFieldErrors(studentRoutes.createStudent.body, context.values),
  ...validateStudentPersonal(context.values, asDate(context.today)),
});

export const recordToForm = (s: StoredStudent): StudentPersonalForm => ({
  name: s.name,
  mobile_number: s.mobile_number,
  gender: s.gender,
  date_of_birth: fromWireDate(s.date_of_birth) ?? '',
  marital_status: s.marital_status,
  address: s.address,
  guardian_number: s.guardian_number ?? '',
});

/**
 * /studentdetails1: the student's personal details. Finds an existing record (then Next updates it),
 * keeps a draft on every change, validates with contract/rules/student.ts, creates or updates, then
 * goes to /studentdetails2. Without a signed-in user it explains and goes to '/'.
 */
export const studentPersonalMachine = setup({
  types: {
    context: {} as StudentPersonalContext,
    events: {} as StudentPersonalEvent,
    input: {} as StudentPersonalInput,
  },
  actors: {
    findStudent: fromPromise<StoredStudent | null, void>(async () => null),
    saveStudent: fromPromise<
      { id: number },
      { values: StudentPersonalForm; userId: number; studentId: number | null; today: string }
    >(async () => {
      throw new Error('saveStudent not provided');
    }),
  },
  actions: {
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      return {
        values: { ...context.values, [event.field]: event.value },
        errors: { ...context.errors, [event.field]: undefined },
      };
    }),
    saveDraft: (_, _params: { values: StudentPersonalForm }) => {},
    clearDraft: () => {},
    storeStudentId: (_, _params: { studentId: number }) => {},
    goToEducation: () => {},
    goHome: () => {},
  },
  guards: {
    signedIn: ({ context }) => context.userId !== null,
    formValid: ({ context }) => Object.keys(errorsOf(context)).length === 0,
  },
  delays: { redirect: 3000 },
}).createMachine({
  id: 'studentPersonal',
  context: ({ input }) => ({
    userId: input.userId,
    studentId: null,
    values: { ...EMPTY_STUDENT_PERSONAL, ...(input.draft ?? {}) },
    errors: {},
    message: null,
    today: input.today ?? todayIso(),
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'signedIn', target: 'finding' }, { target: 'signedOut' }],
    },
    finding: {
      // The form shows while the record is looked up (two calls on a slow phone): what is typed
      // meanwhile is kept, and wins over the record when it arrives.
      on: {
        'field.change': {
          actions: [
            'changeField',
            { type: 'saveDraft', params: ({ context }) => ({ values: context.values }) },
          ],
        },
      },
      invoke: {
        id: 'findStudent',
        src: 'findStudent',
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) =>
            event.output
              ? {
                  studentId: event.output.id,
                  // A draft in progress wins over the saved record: nothing typed is lost.
                  values: { ...recordToForm(event.output), ...draftOnly(context.values) },
                }
              : {},
          ),
        },
        onError: { target: 'editing' },
      },
    },
    editing: {
      on: {
        'field.change': {
          actions: [
            'changeField',
            { type: 'saveDraft', params: ({ context }) => ({ values: context.values }) },
          ],
        },
        'form.submit': [
          { guard: 'formValid', target: 'submitting', actions: assign({ errors: {}, message: null }) },
          {
            actions: assign(({ context }) => ({
              errors: errorsOf(context),
            })),
          },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'saveStudent',
        src: 'saveStudent',
        input: ({ context }) => ({
          values: context.values,
          userId: context.userId!,
          studentId: context.studentId,
          today: context.today,
        }),
        onDone: {
          target: 'saved',
          actions: [
            assign(({ event }) => ({ studentId: event.output.id })),
            { type: 'storeStudentId', params: ({ event }) => ({ studentId: event.output.id }) },
            'clearDraft',
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({
            message: failureMessage(event.error, STUDENT_MESSAGES.saveFailed),
            errors: failureFieldMessages(event.error) as FieldErrors<StudentPersonalField>,
          })),
        },
      },
    },
    saved: { type: 'final', entry: 'goToEducation' },
    signedOut: {
      entry: assign({ message: STUDENT_MESSAGES.notLoggedIn }),
      after: { redirect: { target: 'left' } },
    },
    left: { type: 'final', entry: 'goHome' },
  },
});

/** The non-empty values of the form (what a restored draft holds). */
function draftOnly(values: StudentPersonalForm): Partial<StudentPersonalForm> {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== ''),
  ) as Partial<StudentPersonalForm>;
}
