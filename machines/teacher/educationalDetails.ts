import { assign, fromPromise, not, setup } from 'xstate';
import { DEFAULT_SCHOOL_BOARD, UNIVERSITIES } from '../../contract/constants';
import { digitsOnly, type FieldErrors, hasErrors } from '../../contract/rules/common';
import {
  TEACHER_EDUCATION_MESSAGES as M,
  OTHER_DEGREE,
  type TeacherEducationField,
  type TeacherEducationInput,
  validateTeacherEducation,
} from '../../contract/rules/teacher-education';
import { clearError, errorOf, failureToForm, firstErrorField, notProvided, outputOf } from './form';

/**
 * Teacher educational details (/educational_details_teacher): degrees and subjects load side by side;
 * if either fails, the 'Could not load data' panel offers Try Again. Then edit, validate, submit.
 */

export interface Option {
  id: number;
  name: string;
}

export const EDUCATION_FIELD_ORDER: readonly TeacherEducationField[] = [
  'degree_id',
  'degree_name',
  'subject_id',
  'school_name',
  'school_education_board',
  'college_name',
  'university_name',
  'year_of_passing',
];

export const OTHERS_UNIVERSITY = UNIVERSITIES[UNIVERSITIES.length - 1];

export interface EducationalDetailsInput {
  teacherId: number | null;
}

export interface SaveQualificationInput {
  teacherId: number;
  qualification: {
    degree_id: number | null;
    degree_name: string | null;
    subject_id: number;
    year_of_passing: string;
    school_name: string;
    college_name: string;
    university_name: string;
    school_education_board: string;
  };
}

interface Context {
  teacherId: number | null;
  degrees: Option[];
  subjects: Option[];
  degreesFailed: boolean;
  subjectsFailed: boolean;
  loadError: string | null;
  values: TeacherEducationInput;
  /** University typed as free text (after choosing Others) instead of picked from the list. */
  universityFreeText: boolean;
  errors: FieldErrors<TeacherEducationField>;
  failure: string | null;
}

type TextField = Exclude<TeacherEducationField, 'university_name'>;

type Event =
  | { type: 'field.change'; field: TextField | 'university_name'; value: string }
  | { type: 'university.select'; value: string }
  | { type: 'university.showDropdown' }
  | { type: 'form.submit' }
  | { type: 'form.back' }
  | { type: 'data.retry' };

export const EMPTY_EDUCATION: TeacherEducationInput = {
  degree_id: '',
  degree_name: '',
  subject_id: '',
  school_name: '',
  school_education_board: DEFAULT_SCHOOL_BOARD,
  college_name: '',
  university_name: '',
  year_of_passing: '',
};

/** Which load failed decides the message (SPEC.md section 8). */
export function loadErrorMessage(degreesFailed: boolean, subjectsFailed: boolean): string {
  if (degreesFailed && subjectsFailed) return M.dataLoadFailed;
  return degreesFailed ? M.degreesLoadFailed : M.subjectsLoadFailed;
}

function qualificationOf(v: TeacherEducationInput): SaveQualificationInput['qualification'] {
  const other = v.degree_id === OTHER_DEGREE;
  return {
    degree_id: other ? null : Number(v.degree_id),
    degree_name: other ? v.degree_name.trim() : null,
    subject_id: Number(v.subject_id),
    year_of_passing: v.year_of_passing.trim(),
    school_name: v.school_name.trim(),
    college_name: v.college_name.trim(),
    university_name: v.university_name.trim(),
    school_education_board: v.school_education_board,
  };
}

const loader = (name: string) => fromPromise<Option[]>(notProvided('teacherEducationalDetails', name));

export const educationalDetailsMachine = setup({
  types: { context: {} as Context, events: {} as Event, input: {} as EducationalDetailsInput },
  actors: {
    loadDegrees: loader('loadDegrees'),
    loadSubjects: loader('loadSubjects'),
    saveQualification: fromPromise<unknown, SaveQualificationInput>(
      notProvided('teacherEducationalDetails', 'saveQualification'),
    ),
  },
  actions: {
    resetLoad: assign({ degreesFailed: false, subjectsFailed: false, loadError: null }),
    setDegrees: assign({ degrees: ({ event }) => outputOf<Option[]>(event) }),
    setSubjects: assign({ subjects: ({ event }) => outputOf<Option[]>(event) }),
    markDegreesFailed: assign({ degreesFailed: true }),
    markSubjectsFailed: assign({ subjectsFailed: true }),
    setLoadError: assign({
      loadError: ({ context }) => loadErrorMessage(context.degreesFailed, context.subjectsFailed),
    }),
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const value = event.field === 'year_of_passing' ? digitsOnly(event.value, 4) : event.value;
      let errors = clearError(context.errors, event.field);
      const values = { ...context.values, [event.field]: value };
      if (event.field === 'degree_id') {
        errors = clearError(errors, 'degree_name');
        if (value !== OTHER_DEGREE) values.degree_name = '';
      }
      return { values, errors };
    }),
    selectUniversity: assign(({ context, event }) => {
      if (event.type !== 'university.select') return {};
      const errors = clearError(context.errors, 'university_name');
      // Others switches to free text (SPEC.md section 2).
      if (event.value === OTHERS_UNIVERSITY)
        return { universityFreeText: true, values: { ...context.values, university_name: '' }, errors };
      return { values: { ...context.values, university_name: event.value }, errors };
    }),
    showUniversityDropdown: assign(({ context }) => ({
      universityFreeText: false,
      values: { ...context.values, university_name: '' },
    })),
    validate: assign({ errors: ({ context }) => validateTeacherEducation(context.values), failure: null }),
    setMissingTeacher: assign({ failure: M.teacherIdMissing }),
    setSubmitFailure: assign(({ event }) =>
      failureToForm(errorOf(event), EDUCATION_FIELD_ORDER, M.submitFailed, () => M.submitFailed),
    ),
    // Supplied by the view:
    scrollToField: (_, _params: { field: TeacherEducationField | null }) => {},
    goToPreferences: () => {},
    goBack: () => {},
  },
  guards: {
    anyLoadFailed: ({ context }) => context.degreesFailed || context.subjectsFailed,
    hasTeacherId: ({ context }) => context.teacherId !== null,
    isValid: ({ context }) => !hasErrors(context.errors),
  },
}).createMachine({
  id: 'teacherEducationalDetails',
  context: ({ input }) => ({
    teacherId: input.teacherId,
    degrees: [],
    subjects: [],
    degreesFailed: false,
    subjectsFailed: false,
    loadError: null,
    values: { ...EMPTY_EDUCATION },
    universityFreeText: false,
    errors: {},
    failure: null,
  }),
  on: { 'form.back': { actions: 'goBack' } },
  initial: 'loading',
  states: {
    loading: {
      type: 'parallel',
      entry: 'resetLoad',
      states: {
        degrees: {
          initial: 'pending',
          states: {
            pending: {
              invoke: {
                src: 'loadDegrees',
                id: 'loadDegrees',
                onDone: { target: 'settled', actions: 'setDegrees' },
                onError: { target: 'settled', actions: 'markDegreesFailed' },
              },
            },
            settled: { type: 'final' },
          },
        },
        subjects: {
          initial: 'pending',
          states: {
            pending: {
              invoke: {
                src: 'loadSubjects',
                id: 'loadSubjects',
                onDone: { target: 'settled', actions: 'setSubjects' },
                onError: { target: 'settled', actions: 'markSubjectsFailed' },
              },
            },
            settled: { type: 'final' },
          },
        },
      },
      onDone: [
        { guard: 'anyLoadFailed', target: 'loadFailed', actions: 'setLoadError' },
        { target: 'editing' },
      ],
    },
    /** The 'Could not load data' panel: Try Again reloads. */
    loadFailed: { on: { 'data.retry': 'loading' } },
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'university.select': { actions: 'selectUniversity' },
        'university.showDropdown': { actions: 'showUniversityDropdown' },
        'form.submit': 'validating',
      },
    },
    validating: {
      entry: 'validate',
      always: [
        {
          guard: not('isValid'),
          target: 'editing',
          actions: {
            type: 'scrollToField',
            params: ({ context }) => ({ field: firstErrorField(context.errors, EDUCATION_FIELD_ORDER) }),
          },
        },
        { guard: 'hasTeacherId', target: 'submitting' },
        { target: 'failure', actions: 'setMissingTeacher' },
      ],
    },
    submitting: {
      invoke: {
        src: 'saveQualification',
        id: 'saveQualification',
        input: ({ context }) => ({
          teacherId: context.teacherId!,
          qualification: qualificationOf(context.values),
        }),
        onDone: 'done',
        onError: {
          target: 'failure',
          actions: [
            'setSubmitFailure',
            {
              type: 'scrollToField',
              params: ({ context }) => ({ field: firstErrorField(context.errors, EDUCATION_FIELD_ORDER) }),
            },
          ],
        },
      },
    },
    /** The submit failed: values kept, errors shown; editing or submitting again. */
    failure: {
      on: {
        'field.change': { target: 'editing', actions: 'changeField' },
        'university.select': { target: 'editing', actions: 'selectUniversity' },
        'university.showDropdown': { target: 'editing', actions: 'showUniversityDropdown' },
        'form.submit': 'validating',
      },
    },
    done: { type: 'final', entry: 'goToPreferences' },
  },
});
