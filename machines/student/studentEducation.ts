import { assign, fromPromise, setup } from 'xstate';
import { declaredFieldErrors } from '../../contract/api/limits';
import { studentRoutes } from '../../contract/api/students';
import type { FieldErrors } from '../../contract/rules/common';
import {
  EMPTY_STUDENT_EDUCATION,
  educationFormFromPayload,
  STUDENT_EDUCATION_MESSAGES,
  type StudentEducationField,
  type StudentEducationForm,
  toQualificationPayload,
  validateStudentEducation,
} from '../../contract/rules/student-education';
import { failureFieldMessages, failureMessage } from '../common/failure';

export interface StoredQualification {
  id: number;
  degree_id: number;
  current_academic_level: string | null;
  school_name: string | null;
  college_name: string | null;
  university_name: string | null;
  additional_information: string | null;
}

export interface StudentEducationInput {
  draft: Partial<StudentEducationForm> | null;
}

export interface StudentEducationContext {
  studentId: number | null;
  qualificationId: number | null;
  values: StudentEducationForm;
  errors: FieldErrors<StudentEducationField>;
  message: string | null;
}

export type StudentEducationEvent =
  | { type: 'field.change'; field: StudentEducationField; value: string }
  | { type: 'form.submit' };

/** Errors under wire names -> the form's fields; additional_information is the class or the profession. */
function toFormFields(wire: FieldErrors, values: StudentEducationForm): FieldErrors<StudentEducationField> {
  const out: FieldErrors<StudentEducationField> = {};
  for (const [field, message] of Object.entries(wire)) {
    if (field === 'additional_information')
      out[values.education_type === 'Working' ? 'profession' : 'class_standard'] = message;
    else if (field === 'current_academic_level') out.education_type = message;
    else if (field in EMPTY_STUDENT_EDUCATION) out[field as StudentEducationField] = message;
  }
  return out;
}

/** Server errors come under wire names. */
const toFormErrors = (error: unknown, values: StudentEducationForm) =>
  toFormFields(failureFieldMessages(error), values);

/**
 * Every rule of the form, and where they pass, what the route's declaration refuses in what would be
 * sent (the server's words).
 */
const errorsOf = (context: StudentEducationContext): FieldErrors<StudentEducationField> => ({
  ...toFormFields(
    declaredFieldErrors(
      studentRoutes.createQualification.body,
      toQualificationPayload(context.values, context.studentId ?? 0),
    ),
    context.values,
  ),
  ...validateStudentEducation(context.values),
});

/**
 * /studentdetails2: education type School / College / University / Working with its own fields.
 * Finds the student (and a qualification already saved, which Next then updates), keeps a draft,
 * validates with contract/rules/student-education.ts, saves, then goes to /subject.
 */
export const studentEducationMachine = setup({
  types: {
    context: {} as StudentEducationContext,
    events: {} as StudentEducationEvent,
    input: {} as StudentEducationInput,
  },
  actors: {
    findStudent: fromPromise<{ studentId: number | null; qualification: StoredQualification | null }, void>(
      async () => ({ studentId: null, qualification: null }),
    ),
    saveQualification: fromPromise<
      { id: number },
      { values: StudentEducationForm; studentId: number; qualificationId: number | null }
    >(async () => {
      throw new Error('saveQualification not provided');
    }),
  },
  actions: {
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      return {
        values: { ...context.values, [event.field]: event.value },
        errors: {
          ...(event.field === 'education_type' ? {} : context.errors),
          [event.field]: undefined,
        },
      };
    }),
    saveDraft: (_, _params: { values: StudentEducationForm }) => {},
    clearDraft: () => {},
    goToSubjects: () => {},
  },
  guards: {
    studentFound: ({ event }) =>
      (event as unknown as { output?: { studentId: number | null } }).output?.studentId != null,
    formValid: ({ context }) => Object.keys(errorsOf(context)).length === 0,
  },
}).createMachine({
  id: 'studentEducation',
  context: ({ input }) => ({
    studentId: null,
    qualificationId: null,
    values: { ...EMPTY_STUDENT_EDUCATION, ...(input.draft ?? {}) },
    errors: {},
    message: null,
  }),
  initial: 'finding',
  states: {
    finding: {
      // The form shows while the record is looked up: what is typed meanwhile is kept (a started
      // form wins over the record when it arrives).
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
        onDone: [
          {
            guard: 'studentFound',
            target: 'editing',
            actions: assign(({ context, event }) => {
              const q = event.output.qualification;
              const hasDraft = context.values.education_type !== '';
              return {
                studentId: event.output.studentId,
                qualificationId: q?.id ?? null,
                values: q && !hasDraft ? educationFormFromPayload({ ...q }) : context.values,
              };
            }),
          },
          { target: 'missingStudent' },
        ],
        onError: {
          target: 'missingStudent',
          actions: assign(({ event }) => ({
            message: failureMessage(event.error, STUDENT_EDUCATION_MESSAGES.studentIdMissing),
          })),
        },
      },
    },
    missingStudent: {
      entry: assign(({ context }) => ({
        message: context.message ?? STUDENT_EDUCATION_MESSAGES.studentIdMissing,
      })),
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
          { actions: assign(({ context }) => ({ errors: errorsOf(context) })) },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'saveQualification',
        src: 'saveQualification',
        input: ({ context }) => ({
          values: context.values,
          studentId: context.studentId!,
          qualificationId: context.qualificationId,
        }),
        onDone: {
          target: 'saved',
          actions: [assign(({ event }) => ({ qualificationId: event.output.id })), 'clearDraft'],
        },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            // docs/product.md#validation-and-messages: one text for every education submit failure; field errors beside it.
            message: STUDENT_EDUCATION_MESSAGES.submitFailed,
            errors: toFormErrors(event.error, context.values),
          })),
        },
      },
    },
    saved: { type: 'final', entry: 'goToSubjects' },
  },
});
