import { assign, fromPromise, setup } from 'xstate';
import { RADIUS_MAX, RADIUS_MIN, TEACHER_PREFERENCE_DEFAULTS } from '../../contract/constants';
import { type FieldErrors, hasErrors } from '../../contract/rules/common';
import { imageFileError } from '../../contract/rules/files';
import {
  experienceYears,
  TEACHER_PREFERENCE_MESSAGES as M,
  resumeError,
  type TeacherPreferenceField,
  teachingModeOf,
  validateTeacherPreference,
  type YesNoField,
} from '../../contract/rules/teacher-preferences';
import type { TeacherPreference } from '../../contract/structs/teacher';
import { FAILURE_ORDER, failureText, failureToForm } from '../common/failure';
import {
  clearError,
  errorOf,
  exitParams,
  keepPickErrors,
  notProvided,
  outputOf,
  type PickedFile,
  pickFile,
  type Refusal,
  type ReviewedRecord,
  refusalOf,
  removeFile,
  type StepExit,
  submitForTeacher,
} from './form';

/**
 * Teacher preferences (/teacherSubject): the subject list loads beside the form (its own region:
 * loading, loaded, failed); the form first loads the saved preference (a revisit prefills it and the
 * documents on file need not be sent again), then edits, validates and submits; a failure shows the
 * red banner.
 */

export interface SubjectOption {
  id: number;
  name: string;
}

export type DocumentField = 'mark_sheet' | 'highest_qualification_certificate' | 'resume';

export const PREFERENCE_FIELD_ORDER: readonly TeacherPreferenceField[] = [
  'subject_ids',
  'prior_experience',
  'preferred_medium',
  'special_attention_children',
  'teaching_mode',
  'teaching_radius_km',
  'teaching_school',
  'mark_sheet',
  'highest_qualification_certificate',
  'special_need_children',
  'resume',
];

export interface PreferenceValues {
  subject_ids: number[];
  prior_experience: string;
  /** Lowercased medium names. */
  preferred_medium: string[];
  online: boolean;
  offline: boolean;
  teaching_radius_km: number;
  special_attention_children: boolean | null;
  teaching_school: boolean | null;
  special_need_children: boolean | null;
}

/** docs/product.md#limits-and-constants: experience 2, radius 10 km, offline on, online off, all three mediums. */
export const DEFAULT_PREFERENCES: PreferenceValues = {
  subject_ids: [],
  prior_experience: String(TEACHER_PREFERENCE_DEFAULTS.prior_experience),
  preferred_medium: TEACHER_PREFERENCE_DEFAULTS.mediums.map((m) => m.toLowerCase()),
  online: TEACHER_PREFERENCE_DEFAULTS.online,
  offline: TEACHER_PREFERENCE_DEFAULTS.offline,
  teaching_radius_km: TEACHER_PREFERENCE_DEFAULTS.teaching_radius_km,
  special_attention_children: null,
  teaching_school: null,
  special_need_children: null,
};

export interface SavePreferenceInput {
  teacherId: number;
  preference: {
    teaching_radius_km: number;
    preferred_teaching_type: 'individual';
    prior_experience: number;
    teaching_mode: string;
    teaching_school: boolean;
    special_need_children: boolean;
    special_attention_children: boolean;
    subject_ids: number[];
    preferred_medium: string[];
  };
  files: Record<DocumentField, PickedFile | null>;
}

/** The saved preference as GET /api/v1/teachers/{id} gives it (null when none yet). */
export type SavedPreference = TeacherPreference;

/** What the step loads: the stored teacher's record, with its preference and how its review went. */
export interface SavedTeacher extends ReviewedRecord {
  teacher_preference: SavedPreference | null;
}

/** A saved preference as the form holds it. */
export function valuesOfSaved(p: SavedPreference): PreferenceValues {
  return {
    subject_ids: [...p.subject_ids],
    prior_experience: String(p.prior_experience),
    preferred_medium: p.preferred_medium.map((m) => m.toLowerCase()),
    online: p.teaching_mode === 'online' || p.teaching_mode === 'both',
    offline: p.teaching_mode === 'offline' || p.teaching_mode === 'both',
    teaching_radius_km: p.teaching_radius_km,
    special_attention_children: p.special_attention_children,
    teaching_school: p.teaching_school,
    special_need_children: p.special_need_children,
  };
}

/** What a draft holds: every choice but the files (docs/product.md#sessions-and-storage). */
export type PreferencesDraft = Partial<PreferenceValues>;

/** A stored draft over the product's defaults: anything that is not a valid choice is left out. */
export function valuesFromDraft(draft: PreferencesDraft | null | undefined): PreferenceValues {
  const values: PreferenceValues = {
    ...DEFAULT_PREFERENCES,
    preferred_medium: [...DEFAULT_PREFERENCES.preferred_medium],
  };
  if (!draft || typeof draft !== 'object') return values;
  const ids = draft.subject_ids;
  if (Array.isArray(ids)) values.subject_ids = ids.filter((id) => Number.isInteger(id) && id > 0);
  if (typeof draft.prior_experience === 'string') values.prior_experience = draft.prior_experience;
  if (Array.isArray(draft.preferred_medium))
    values.preferred_medium = draft.preferred_medium.filter((m) =>
      DEFAULT_PREFERENCES.preferred_medium.includes(m),
    );
  if (typeof draft.offline === 'boolean') values.offline = draft.offline;
  const radius = draft.teaching_radius_km;
  if (typeof radius === 'number' && Number.isFinite(radius))
    values.teaching_radius_km = Math.min(RADIUS_MAX, Math.max(RADIUS_MIN, Math.round(radius)));
  for (const field of ['special_attention_children', 'teaching_school', 'special_need_children'] as const)
    if (typeof draft[field] === 'boolean') values[field] = draft[field];
  return values;
}

export interface PreferencesInput {
  teacherId: number | null;
  /** The choices typed before a reload, kept on the device until the first save (files never). */
  draft?: PreferencesDraft | null;
  /** Opened from the dashboard's Edit: every way out leads back towards the dashboard. */
  editing?: boolean;
}

interface Context {
  teacherId: number | null;
  subjects: SubjectOption[];
  subjectsError: string | null;
  values: PreferenceValues;
  files: Record<DocumentField, PickedFile | null>;
  /** Documents the server already holds (a revisit): shown as on file, not required again. */
  onFile: Record<DocumentField, string | null>;
  errors: FieldErrors<TeacherPreferenceField>;
  failure: string | null;
  /** Edit mode (the dashboard's Edit or Fix documents): the navigation actions say so. */
  editing: boolean;
  /** A preference is saved already: the form starts from it and keeps no draft. */
  saved: boolean;
  /** The teacher's review was refused (D13): why, and what is not on file; shown at the top. */
  refusal: Refusal | null;
}

type Event =
  | { type: 'subjects.change'; ids: number[] }
  | { type: 'subjects.retry' }
  | { type: 'mediums.change'; values: string[] }
  | { type: 'experience.change'; value: string }
  | { type: 'radius.change'; value: number }
  | { type: 'offline.toggle'; checked: boolean }
  | { type: 'answer.change'; field: YesNoField; value: boolean }
  | { type: 'file.pick'; field: DocumentField; file: PickedFile }
  | { type: 'file.remove'; field: DocumentField }
  | { type: 'form.submit' }
  | { type: 'form.back' };

const EDIT_EVENTS = [
  'subjects.change',
  'mediums.change',
  'experience.change',
  'radius.change',
  'offline.toggle',
  'answer.change',
  'file.pick',
  'file.remove',
] as const;

/**
 * Edits the screen can only make in some states: subjects are picked from the loaded list, and only a
 * picked file has a Delete button.
 */
const EDIT_GUARDS: Partial<Record<(typeof EDIT_EVENTS)[number], 'hasSubjectList' | 'hasPickedFile'>> = {
  'subjects.change': 'hasSubjectList',
  'file.remove': 'hasPickedFile',
};

function edit(context: Context, event: Event): Partial<Context> {
  const v = context.values;
  switch (event.type) {
    case 'subjects.change':
      return { values: { ...v, subject_ids: event.ids }, errors: clearError(context.errors, 'subject_ids') };
    case 'mediums.change':
      return {
        values: { ...v, preferred_medium: event.values.map((m) => m.toLowerCase()) },
        errors: clearError(context.errors, 'preferred_medium'),
      };
    case 'experience.change':
      return {
        // Kept as typed: a decimal or a number out of range is refused on Next, never rewritten.
        values: { ...v, prior_experience: event.value },
        errors: clearError(context.errors, 'prior_experience'),
      };
    case 'radius.change':
      return {
        values: {
          ...v,
          teaching_radius_km: Math.min(RADIUS_MAX, Math.max(RADIUS_MIN, Math.round(event.value))),
        },
        errors: clearError(context.errors, 'teaching_radius_km'),
      };
    case 'offline.toggle':
      return {
        values: { ...v, offline: event.checked },
        errors: clearError(context.errors, 'teaching_mode'),
      };
    case 'answer.change':
      return {
        values: { ...v, [event.field]: event.value },
        errors: clearError(context.errors, event.field),
      };
    case 'file.pick':
      // A refused resume is held with its refusal: the resume is optional, so letting it go would
      // let Next save without it as if it had been attached. A refused image goes: Next asks for it.
      return event.field === 'resume'
        ? pickFile(context.files, context.errors, 'resume', event.file, resumeError, { refused: 'hold' })
        : pickFile(context.files, context.errors, event.field, event.file, (f) =>
            imageFileError(f, M.imageType),
          );
    case 'file.remove':
      // Only the picked file goes: a document on file stays on file (the server keeps it).
      return removeFile(context.files, context.errors, event.field);
    default:
      return {};
  }
}

const modeOf = (v: PreferenceValues) => teachingModeOf(v.online, v.offline);

/** After each edit before the first save: the choices are kept as a draft (null once one is saved). */
const keepDraft = {
  type: 'saveDraft',
  params: ({ context }: { context: Context }) => ({ values: context.saved ? null : { ...context.values } }),
} as const;

const documentOf = (context: Context, field: 'mark_sheet' | 'highest_qualification_certificate') =>
  context.files[field] ?? (context.onFile[field] ? ('on_file' as const) : null);

const errorsOf = (context: Context) =>
  validateTeacherPreference(
    {
      ...context.values,
      teaching_mode: modeOf(context.values),
      teaching_radius_km: String(context.values.teaching_radius_km),
    },
    {
      mark_sheet: documentOf(context, 'mark_sheet'),
      highest_qualification_certificate: documentOf(context, 'highest_qualification_certificate'),
      resume: context.files.resume,
    },
  );

/** Next: every rule checked (errors shown, scrolled to the first), then saved if a teacher id is stored. */
const SUBMIT = submitForTeacher(PREFERENCE_FIELD_ORDER);

/** From the failure: what was sent passed every rule and is unchanged, so only the teacher id decides. */
const SUBMIT_AGAIN = SUBMIT.slice(1);

export const preferencesMachine = setup({
  types: { context: {} as Context, events: {} as Event, input: {} as PreferencesInput },
  actors: {
    loadSubjects: fromPromise<SubjectOption[]>(notProvided('teacherPreferences', 'loadSubjects')),
    loadPreference: fromPromise<SavedTeacher | null, { teacherId: number | null }>(
      notProvided('teacherPreferences', 'loadPreference'),
    ),
    savePreference: fromPromise<unknown, SavePreferenceInput>(
      notProvided('teacherPreferences', 'savePreference'),
    ),
  },
  actions: {
    setSubjects: assign({ subjects: ({ event }) => outputOf<SubjectOption[]>(event), subjectsError: null }),
    setSubjectsError: assign({
      subjectsError: ({ event }) => failureText(errorOf(event), FAILURE_ORDER.own, M.subjectsLoadFailed),
    }),
    applyEdit: assign(({ context, event }) => edit(context, event)),
    applySaved: assign(({ event }) => {
      const record = outputOf<SavedTeacher | null>(event);
      const saved = record?.teacher_preference;
      if (!saved) return { refusal: refusalOf(record) };
      return {
        refusal: refusalOf(record),
        saved: true,
        values: valuesOfSaved(saved),
        onFile: {
          mark_sheet: saved.mark_sheet?.file_name ?? null,
          highest_qualification_certificate: saved.highest_qualification_certificate?.file_name ?? null,
          resume: saved.resume?.file_name ?? null,
        },
      };
    }),
    validate: assign({
      errors: ({ context }) =>
        keepPickErrors(context.errors, errorsOf(context), [
          'mark_sheet',
          'highest_qualification_certificate',
          'resume',
        ]),
      failure: null,
    }),
    setMissingTeacher: assign({ failure: M.teacherIdMissing }),
    setSubmitFailure: assign(({ event }) =>
      failureToForm(errorOf(event), PREFERENCE_FIELD_ORDER, M.submitFailed, FAILURE_ORDER.own),
    ),
    // Supplied by the view:
    scrollToField: (_, _params: { field: TeacherPreferenceField | null }) => {},
    goToSchedule: (_, _params: StepExit) => {},
    goBack: (_, _params: StepExit) => {},
    saveDraft: (_, _params: { values: PreferenceValues | null }) => {},
    clearDraft: () => {},
  },
  guards: {
    isValid: ({ context }) => !hasErrors(errorsOf(context)),
    hasTeacherId: ({ context }) => context.teacherId !== null,
    hasSubjectList: ({ context }) => context.subjects.length > 0,
    hasPickedFile: ({ context, event }) =>
      event.type === 'file.remove' && context.files[event.field] !== null,
  },
}).createMachine({
  id: 'teacherPreferences',
  context: ({ input }) => ({
    editing: input.editing ?? false,
    teacherId: input.teacherId,
    subjects: [],
    subjectsError: null,
    saved: false,
    values: valuesFromDraft(input.draft),
    files: { mark_sheet: null, highest_qualification_certificate: null, resume: null },
    onFile: { mark_sheet: null, highest_qualification_certificate: null, resume: null },
    errors: {},
    failure: null,
    refusal: null,
  }),
  type: 'parallel',
  on: { 'form.back': { actions: { type: 'goBack', params: exitParams } } },
  states: {
    subjects: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadSubjects',
            id: 'loadSubjects',
            onDone: { target: 'loaded', actions: 'setSubjects' },
            onError: { target: 'failed', actions: 'setSubjectsError' },
          },
        },
        loaded: {},
        failed: { on: { 'subjects.retry': 'loading' } },
      },
    },
    form: {
      initial: 'loading',
      states: {
        /**
         * The stored record: its saved preference (a revisit) and a refused review; without a
         * preference, or if it fails, the product's defaults.
         */
        loading: {
          invoke: {
            src: 'loadPreference',
            id: 'loadPreference',
            input: ({ context }) => ({ teacherId: context.teacherId }),
            onDone: { target: 'editing', actions: 'applySaved' },
            onError: 'editing',
          },
        },
        editing: {
          on: {
            ...Object.fromEntries(
              EDIT_EVENTS.map((type) => [
                type,
                { guard: EDIT_GUARDS[type], actions: ['applyEdit', keepDraft] },
              ]),
            ),
            'form.submit': SUBMIT,
          },
        },
        submitting: {
          invoke: {
            src: 'savePreference',
            id: 'savePreference',
            input: ({ context }) => ({
              teacherId: context.teacherId!,
              preference: {
                teaching_radius_km: context.values.teaching_radius_km,
                preferred_teaching_type: 'individual' as const,
                prior_experience: experienceYears(context.values.prior_experience),
                teaching_mode: modeOf(context.values),
                teaching_school: context.values.teaching_school!,
                special_need_children: context.values.special_need_children!,
                special_attention_children: context.values.special_attention_children!,
                subject_ids: context.values.subject_ids,
                preferred_medium: context.values.preferred_medium,
              },
              files: context.files,
            }),
            onDone: 'done',
            onError: { target: 'failure', actions: 'setSubmitFailure' },
          },
        },
        /** The red banner; everything chosen is kept. */
        failure: {
          on: {
            ...Object.fromEntries(
              EDIT_EVENTS.map((type) => [
                type,
                { guard: EDIT_GUARDS[type], target: 'editing', actions: ['applyEdit', keepDraft] },
              ]),
            ),
            'form.submit': SUBMIT_AGAIN,
          },
        },
        done: { type: 'final', entry: ['clearDraft', { type: 'goToSchedule', params: exitParams }] },
      },
    },
  },
});
