import { assign, fromPromise, setup } from 'xstate';
import { declaredFieldErrors } from '../../contract/api/limits';
import { teacherRoutes } from '../../contract/api/teachers';
import { DEFAULT_SCHOOL_BOARD, UNIVERSITIES } from '../../contract/constants';
import { digitsOnly, type FieldErrors, hasErrors } from '../../contract/rules/common';
import {
  TEACHER_EDUCATION_MESSAGES as M,
  OTHER_DEGREE,
  type TeacherEducationField,
  type TeacherEducationInput,
  validateTeacherEducation,
} from '../../contract/rules/teacher-education';
import type { TeacherEducationalQualification } from '../../contract/structs/teacher';
import { FAILURE_ORDER, failureToForm } from '../common/failure';
import {
  clearError,
  errorOf,
  exitParams,
  notProvided,
  outputOf,
  type StepExit,
  scrollToFirstError,
  submitForTeacher,
} from './form';

/**
 * Teacher educational details (/educational_details_teacher): degrees, subjects and the teacher's saved
 * qualification load side by side; if degrees or subjects fail, the 'Could not load data' panel offers
 * Try Again. A saved qualification prefills the form and is updated (not duplicated) on submit.
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

/** What a draft holds: the form's text and choices, and whether the university is typed. */
export interface EducationDraft {
  values: Partial<TeacherEducationInput>;
  universityFreeText: boolean;
}

export interface EducationalDetailsInput {
  teacherId: number | null;
  /** What was typed before a reload, kept on the device until the first save. */
  draft?: Partial<EducationDraft> | null;
  /** Opened from the dashboard's Edit: every way out leads back towards the dashboard. */
  editing?: boolean;
}

/** The saved qualification as GET /api/v1/teachers/{id} gives it (null when none yet). */
export type SavedQualification = TeacherEducationalQualification;

export interface SaveQualificationInput {
  teacherId: number;
  /** The saved qualification's id: update it (PUT) instead of creating another. */
  qualificationId: number | null;
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
  qualificationId: number | null;
  values: TeacherEducationInput;
  /** University typed as free text (after choosing Others) instead of picked from the list. */
  universityFreeText: boolean;
  errors: FieldErrors<TeacherEducationField>;
  failure: string | null;
  /** Edit mode (the dashboard's Edit or Fix documents): the navigation actions say so. */
  editing: boolean;
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

/** A stored draft over the empty form: only text values of the form's own fields are taken. */
export function educationFromDraft(draft: Partial<EducationDraft> | null | undefined) {
  const values = { ...EMPTY_EDUCATION };
  const stored = draft && typeof draft.values === 'object' && draft.values ? draft.values : {};
  for (const field of Object.keys(EMPTY_EDUCATION) as (keyof TeacherEducationInput)[]) {
    const value = (stored as Record<string, unknown>)[field];
    if (typeof value === 'string') values[field] = value;
  }
  return { values, universityFreeText: draft?.universityFreeText === true };
}

/** After each edit before the first save: what is typed is kept as a draft (null once one is saved). */
const keepDraft = {
  type: 'saveDraft',
  params: ({ context }: { context: Context }) => ({
    draft:
      context.qualificationId === null
        ? { values: { ...context.values }, universityFreeText: context.universityFreeText }
        : null,
  }),
} as const;

/** Which load failed decides the message (docs/product.md#validation-and-messages). */
export function loadErrorMessage(degreesFailed: boolean, subjectsFailed: boolean): string {
  if (degreesFailed && subjectsFailed) return M.dataLoadFailed;
  return degreesFailed ? M.degreesLoadFailed : M.subjectsLoadFailed;
}

/** Every rule of the step, and where they pass, what the route's declaration refuses (the server's words). */
const errorsOf = (values: TeacherEducationInput): FieldErrors<TeacherEducationField> => ({
  ...declaredFieldErrors(teacherRoutes.createQualification.body, values),
  ...validateTeacherEducation(values),
});

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

/** A saved qualification as the form holds it (a university not in the list is free text). */
export function valuesOfSaved(q: SavedQualification): {
  values: TeacherEducationInput;
  universityFreeText: boolean;
} {
  const listed =
    (UNIVERSITIES as readonly string[]).includes(q.university_name) &&
    q.university_name !== OTHERS_UNIVERSITY;
  return {
    values: {
      degree_id: q.degree_id !== null ? String(q.degree_id) : q.degree_name ? OTHER_DEGREE : '',
      degree_name: q.degree_id === null ? (q.degree_name ?? '') : '',
      subject_id: q.subject_id !== null ? String(q.subject_id) : '',
      school_name: q.school_name,
      school_education_board: q.school_education_board || DEFAULT_SCHOOL_BOARD,
      college_name: q.college_name,
      university_name: q.university_name,
      year_of_passing: q.year_of_passing,
    },
    universityFreeText: !listed && q.university_name !== '',
  };
}

const loader = (name: string) => fromPromise<Option[]>(notProvided('teacherEducationalDetails', name));

/** Next: every rule checked (errors shown, scrolled to the first), then saved if a teacher id is stored. */
const SUBMIT = submitForTeacher(EDUCATION_FIELD_ORDER);

/** From the failure: what was sent passed every rule and is unchanged, so only the teacher id decides. */
const SUBMIT_AGAIN = SUBMIT.slice(1);

export const educationalDetailsMachine = setup({
  types: { context: {} as Context, events: {} as Event, input: {} as EducationalDetailsInput },
  actors: {
    loadDegrees: loader('loadDegrees'),
    loadSubjects: loader('loadSubjects'),
    loadQualification: fromPromise<SavedQualification | null, { teacherId: number | null }>(
      notProvided('teacherEducationalDetails', 'loadQualification'),
    ),
    saveQualification: fromPromise<unknown, SaveQualificationInput>(
      notProvided('teacherEducationalDetails', 'saveQualification'),
    ),
  },
  actions: {
    resetLoad: assign({ degreesFailed: false, subjectsFailed: false, loadError: null }),
    setDegrees: assign({ degrees: ({ event }) => outputOf<Option[]>(event) }),
    setSubjects: assign({ subjects: ({ event }) => outputOf<Option[]>(event) }),
    applySaved: assign(({ event }) => {
      const saved = outputOf<SavedQualification | null>(event);
      return saved ? { qualificationId: saved.id, ...valuesOfSaved(saved) } : {};
    }),
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
      // Others switches to free text (docs/product.md#teacher-education).
      if (event.value === OTHERS_UNIVERSITY)
        return { universityFreeText: true, values: { ...context.values, university_name: '' }, errors };
      return { values: { ...context.values, university_name: event.value }, errors };
    }),
    showUniversityDropdown: assign(({ context }) => ({
      universityFreeText: false,
      values: { ...context.values, university_name: '' },
    })),
    validate: assign({ errors: ({ context }) => errorsOf(context.values), failure: null }),
    setMissingTeacher: assign({ failure: M.teacherIdMissing }),
    setSubmitFailure: assign(({ event }) =>
      failureToForm(errorOf(event), EDUCATION_FIELD_ORDER, M.submitFailed, FAILURE_ORDER.screen),
    ),
    // Supplied by the view:
    scrollToField: (_, _params: { field: TeacherEducationField | null }) => {},
    goToPreferences: (_, _params: StepExit) => {},
    goBack: (_, _params: StepExit) => {},
    saveDraft: (_, _params: { draft: EducationDraft | null }) => {},
    clearDraft: () => {},
  },
  guards: {
    anyLoadFailed: ({ context }) => context.degreesFailed || context.subjectsFailed,
    hasTeacherId: ({ context }) => context.teacherId !== null,
    isValid: ({ context }) => !hasErrors(errorsOf(context.values)),
    /** 'Show Dropdown' exists only while the university is typed as free text. */
    isUniversityFreeText: ({ context }) => context.universityFreeText,
  },
}).createMachine({
  id: 'teacherEducationalDetails',
  context: ({ input }) => ({
    editing: input.editing ?? false,
    teacherId: input.teacherId,
    degrees: [],
    subjects: [],
    degreesFailed: false,
    subjectsFailed: false,
    loadError: null,
    qualificationId: null,
    ...educationFromDraft(input.draft),
    errors: {},
    failure: null,
  }),
  on: { 'form.back': { actions: { type: 'goBack', params: exitParams } } },
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
        /** The saved qualification (a revisit): without one, or if it fails, the form starts empty. */
        saved: {
          initial: 'pending',
          states: {
            pending: {
              invoke: {
                src: 'loadQualification',
                id: 'loadQualification',
                input: ({ context }) => ({ teacherId: context.teacherId }),
                onDone: { target: 'settled', actions: 'applySaved' },
                onError: 'settled',
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
        'field.change': { actions: ['changeField', keepDraft] },
        'university.select': { actions: ['selectUniversity', keepDraft] },
        'university.showDropdown': {
          guard: 'isUniversityFreeText',
          actions: ['showUniversityDropdown', keepDraft],
        },
        'form.submit': SUBMIT,
      },
    },
    submitting: {
      invoke: {
        src: 'saveQualification',
        id: 'saveQualification',
        input: ({ context }) => ({
          teacherId: context.teacherId!,
          qualificationId: context.qualificationId,
          qualification: qualificationOf(context.values),
        }),
        onDone: 'done',
        onError: {
          target: 'failure',
          actions: ['setSubmitFailure', scrollToFirstError(EDUCATION_FIELD_ORDER)],
        },
      },
    },
    /** The submit failed: values kept, errors shown; editing or submitting again. */
    failure: {
      on: {
        'field.change': { target: 'editing', actions: ['changeField', keepDraft] },
        'university.select': { target: 'editing', actions: ['selectUniversity', keepDraft] },
        'university.showDropdown': {
          guard: 'isUniversityFreeText',
          target: 'editing',
          actions: ['showUniversityDropdown', keepDraft],
        },
        'form.submit': SUBMIT_AGAIN,
      },
    },
    done: { type: 'final', entry: ['clearDraft', { type: 'goToPreferences', params: exitParams }] },
  },
});
