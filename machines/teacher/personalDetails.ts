import { assign, fromPromise, setup } from 'xstate';
import { declaredFieldErrors } from '../../contract/api/limits';
import { teacherRoutes } from '../../contract/api/teachers';
import { GEOLOCATION_FAILURES, MOBILE_DIGITS } from '../../contract/constants';
import { digitsOnly, type FieldErrors, hasErrors, toWireDate } from '../../contract/rules/common';
import { imageFileError } from '../../contract/rules/files';
import {
  formatCoordinate,
  TEACHER_PERSONAL_MESSAGES as M,
  type PhotoInput,
  type TeacherPersonalField,
  validateTeacherPersonal,
} from '../../contract/rules/teacher-personal';
import { failureToForm } from '../common/failure';
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
  scrollToFirstError,
} from './form';

/**
 * Teacher personal details (/personal_details_teacher). Two independent regions run side by side:
 * the form (load the stored teacher when updating, edit, validate, submit) and the device location
 * (asked once on load). The view supplies the actors and the side-effect actions with `.provide()`.
 */

export const PERSONAL_TEXT_FIELDS = [
  'name',
  'email',
  'mobile_number',
  'whatsapp_number',
  'gender',
  'date_of_birth',
  'address',
  'latitude',
  'longitude',
] as const;
export type PersonalTextField = (typeof PERSONAL_TEXT_FIELDS)[number];
export type PhotoField = 'aadhar_photo' | 'profile_photo';

/** Form order: where the page scrolls on a failed validation. */
export const PERSONAL_FIELD_ORDER: readonly TeacherPersonalField[] = [
  'name',
  'email',
  'mobile_number',
  'whatsapp_number',
  'gender',
  'date_of_birth',
  'address',
  'latitude',
  'longitude',
  'aadhar_photo',
  'profile_photo',
];

export interface PersonalValues extends Record<PersonalTextField, string> {
  same_as_mobile: boolean;
}

/** What a draft holds: the text fields and the checkbox, never files (docs/product.md#sessions-and-storage). */
export type PersonalDraft = Partial<PersonalValues>;

/** The stored teacher; the record a revisit loads also says how its review went (ReviewedRecord). */
export interface StoredTeacher extends ReviewedRecord {
  id: number;
  name: string;
  email: string;
  mobile_number: string;
  whatsapp_number: string | null;
  gender: string;
  /** DD/MM/YYYY */
  date_of_birth: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  profile_photo: string | null;
  aadhar_photo: string | null;
}

export interface PersonalDetailsInput {
  userId: number | null;
  hasToken: boolean;
  /** The stored email (read-only when known). */
  email: string | null;
  teacherId: number | null;
  draft?: PersonalDraft | null;
  /** Opened from the dashboard's Edit: every way out leads back towards the dashboard. */
  editing?: boolean;
}

export interface SaveTeacherInput {
  teacherId: number | null;
  userId: number;
  values: PersonalValues;
  /** date_of_birth as DD/MM/YYYY, WhatsApp resolved from the checkbox. */
  wire: { date_of_birth: string; whatsapp_number: string };
  files: Record<PhotoField, PickedFile | null>;
}

interface Context {
  userId: number | null;
  hasToken: boolean;
  teacherId: number | null;
  emailLocked: boolean;
  values: PersonalValues;
  files: Record<PhotoField, PickedFile | null>;
  /** Photos already stored on the server (updates need not send them again). */
  onFile: Record<PhotoField, boolean>;
  errors: FieldErrors<TeacherPersonalField>;
  failure: string | null;
  /** Shown before leaving for / when the session is missing. */
  notice: string | null;
  locationMessage: string | null;
  /** Edit mode (the dashboard's Edit or Fix documents): the navigation actions say so. */
  editing: boolean;
  /** The stored record was refused in review (D13): why, and what is not on file; shown at the top. */
  refusal: Refusal | null;
}

type Event =
  | { type: 'field.change'; field: PersonalTextField; value: string }
  | { type: 'whatsapp.sameAsMobile'; checked: boolean }
  | { type: 'file.pick'; field: PhotoField; file: PickedFile }
  | { type: 'file.remove'; field: PhotoField }
  /** userId: the stored user id read at submit time (it may have gone since the page loaded). */
  | { type: 'form.submit'; userId?: number | null }
  | { type: 'form.back' }
  | { type: 'location.retry' };

export const EMPTY_PERSONAL: PersonalValues = {
  name: '',
  email: '',
  mobile_number: '',
  whatsapp_number: '',
  same_as_mobile: true,
  gender: '',
  date_of_birth: '',
  address: '',
  latitude: '',
  longitude: '',
};

/** A typed value as the field keeps it: phone numbers digits only, at most 10. */
export function normalizePersonalField(field: PersonalTextField, value: string): string {
  if (field === 'mobile_number' || field === 'whatsapp_number') return digitsOnly(value, MOBILE_DIGITS);
  return value;
}

function applyChange(values: PersonalValues, field: PersonalTextField, raw: string): PersonalValues {
  const value = normalizePersonalField(field, raw);
  const next = { ...values, [field]: value };
  // While 'Same as mobile number' is ticked, WhatsApp mirrors the mobile number (docs/product.md#teacher-personal-details).
  if (field === 'mobile_number' && values.same_as_mobile) next.whatsapp_number = value;
  if (field === 'whatsapp_number' && values.same_as_mobile) return values;
  return next;
}

export function restorePersonal(input: PersonalDetailsInput): PersonalValues {
  const values = { ...EMPTY_PERSONAL };
  const draft = input.draft ?? {};
  for (const field of PERSONAL_TEXT_FIELDS) {
    const v = draft[field];
    if (typeof v === 'string') values[field] = normalizePersonalField(field, v);
  }
  if (typeof draft.same_as_mobile === 'boolean') values.same_as_mobile = draft.same_as_mobile;
  if (values.same_as_mobile) values.whatsapp_number = values.mobile_number;
  if (input.email) values.email = input.email;
  return values;
}

/** The stored record under the draft: what the user typed and did not send wins. */
function mergeStored(values: PersonalValues, draft: PersonalDraft | null | undefined, t: StoredTeacher) {
  const [d, m, y] = t.date_of_birth.split('/');
  const stored: PersonalValues = {
    name: t.name,
    email: t.email,
    mobile_number: t.mobile_number,
    whatsapp_number: t.whatsapp_number ?? '',
    same_as_mobile: !t.whatsapp_number || t.whatsapp_number === t.mobile_number,
    gender: t.gender,
    date_of_birth: y && m && d ? `${y}-${m}-${d}` : '',
    address: t.address,
    latitude: t.latitude === null ? '' : formatCoordinate(t.latitude),
    longitude: t.longitude === null ? '' : formatCoordinate(t.longitude),
  };
  const merged = { ...stored };
  for (const field of PERSONAL_TEXT_FIELDS) if (draft?.[field]) merged[field] = values[field];
  if (typeof draft?.same_as_mobile === 'boolean') merged.same_as_mobile = draft.same_as_mobile;
  if (merged.same_as_mobile) merged.whatsapp_number = merged.mobile_number;
  return merged;
}

const photoInput = (context: Context, field: PhotoField): PhotoInput =>
  context.files[field] ?? (context.onFile[field] ? 'on_file' : null);

/** Every rule of the step, and where they pass, what the route's declaration refuses (the server's words). */
const errorsOf = (context: Context): FieldErrors<TeacherPersonalField> => ({
  ...declaredFieldErrors(teacherRoutes.createTeacher.body, context.values),
  ...validateTeacherPersonal(context.values, {
    aadhar_photo: photoInput(context, 'aadhar_photo'),
    profile_photo: photoInput(context, 'profile_photo'),
  }),
});

const scrollToError = scrollToFirstError(PERSONAL_FIELD_ORDER);

/** Next: without a user id, the product's message and /; else every rule, then save. */
const SUBMIT = [
  {
    guard: 'isUserGone',
    target: '#teacherPersonalDetails.leaving',
    actions: ['readSubmitUser', 'noticeMissingUser'],
  },
  { guard: 'isValid', target: 'submitting', actions: ['readSubmitUser', 'validate'] },
  { target: 'editing', actions: ['readSubmitUser', 'validate', scrollToError] },
] as const;

/** From the failure: what was sent passed every rule and is unchanged; only the user id can have gone. */
const SUBMIT_AGAIN = SUBMIT.slice(0, 2);

const draftOf = (values: PersonalValues): PersonalDraft => ({ ...values });

const keepDraft = {
  type: 'saveDraft',
  params: ({ context }: { context: Context }) => ({ values: draftOf(context.values) }),
} as const;

/** Typing and picking files: in the form, and while the stored record loads. */
const EDITS = {
  'field.change': { actions: ['changeField', keepDraft] },
  'whatsapp.sameAsMobile': { actions: ['setSameAsMobile', keepDraft] },
  'file.pick': { actions: 'acceptFile' },
  'file.remove': { guard: 'hasPickedFile', actions: 'removeFile' },
} as const;

export const personalDetailsMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as PersonalDetailsInput,
  },
  actors: {
    getLocation: fromPromise<{ latitude: number; longitude: number }>(
      notProvided('teacherPersonalDetails', 'getLocation'),
    ),
    /** The stored teacher when updating (null for a new teacher). */
    loadTeacher: fromPromise<StoredTeacher | null, { teacherId: number | null }>(
      notProvided('teacherPersonalDetails', 'loadTeacher'),
    ),
    saveTeacher: fromPromise<StoredTeacher, SaveTeacherInput>(
      notProvided('teacherPersonalDetails', 'saveTeacher'),
    ),
  },
  actions: {
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      let errors = clearError(context.errors, event.field);
      if (event.field === 'mobile_number' && context.values.same_as_mobile)
        errors = clearError(errors, 'whatsapp_number');
      return { values: applyChange(context.values, event.field, event.value), errors };
    }),
    setSameAsMobile: assign(({ context, event }) => {
      if (event.type !== 'whatsapp.sameAsMobile') return {};
      return {
        values: {
          ...context.values,
          same_as_mobile: event.checked,
          // Ticking copies the mobile number; unticking clears the WhatsApp field (docs/product.md#teacher-personal-details).
          whatsapp_number: event.checked ? context.values.mobile_number : '',
        },
        errors: clearError(context.errors, 'whatsapp_number'),
      };
    }),
    acceptFile: assign(({ context, event }) => {
      if (event.type !== 'file.pick') return {};
      return pickFile(context.files, context.errors, event.field, event.file, (f) =>
        imageFileError(f, M.imageType),
      );
    }),
    removeFile: assign(({ context, event }) => {
      if (event.type !== 'file.remove') return {};
      // Only the picked photo goes: a photo on file stays on file (the server keeps it).
      return removeFile(context.files, context.errors, event.field);
    }),
    readSubmitUser: assign({
      userId: ({ context, event }) =>
        event.type === 'form.submit' && event.userId !== undefined ? event.userId : context.userId,
    }),
    validate: assign({
      errors: ({ context }) =>
        keepPickErrors(context.errors, errorsOf(context), ['aadhar_photo', 'profile_photo']),
      failure: null,
    }),
    applyStored: assign(({ context, event }) => {
      const t = outputOf<StoredTeacher | null>(event);
      if (!t) return {};
      return {
        teacherId: t.id,
        values: mergeStored(context.values, draftOf(context.values), t),
        onFile: { aadhar_photo: Boolean(t.aadhar_photo), profile_photo: Boolean(t.profile_photo) },
        refusal: refusalOf(t),
      };
    }),
    applyLocation: assign(({ context, event }) => {
      const { latitude, longitude } = outputOf<{ latitude: number; longitude: number }>(event);
      return {
        values: {
          ...context.values,
          latitude: formatCoordinate(latitude),
          longitude: formatCoordinate(longitude),
        },
        errors: clearError<TeacherPersonalField>(clearError(context.errors, 'latitude'), 'longitude'),
        locationMessage: null,
      };
    }),
    setLocationError: assign({
      locationMessage: ({ event }) => {
        const error = errorOf(event) as { code?: number; message?: string } | undefined;
        if (error && (error as { unsupported?: boolean }).unsupported) return M.geolocationUnsupported;
        const known = GEOLOCATION_FAILURES.find((f) => f.code === error?.code);
        return M.locationError(known?.label ?? (error?.message || 'Unknown error'));
      },
    }),
    setSubmitFailure: assign(({ event }) =>
      failureToForm(errorOf(event), PERSONAL_FIELD_ORDER, M.submitFailed),
    ),
    setSaved: assign({ teacherId: ({ event }) => outputOf<StoredTeacher>(event).id }),
    noticeSignedOut: assign({ notice: M.notLoggedIn }),
    noticeMissingUser: assign({ notice: M.userIdMissing }),
    // Supplied by the view:
    saveDraft: (_, _params: { values: PersonalDraft }) => {},
    clearDraft: () => {},
    storeTeacher: (_, _params: { teacher: StoredTeacher }) => {},
    scrollToField: (_, _params: { field: TeacherPersonalField | null }) => {},
    goToEducation: (_, _params: StepExit) => {},
    goHome: (_, _params: StepExit) => {},
  },
  guards: {
    isSignedOut: ({ context }) => !(context.userId && context.hasToken),
    /**
     * Back leads somewhere only for a teacher who has a profile (their dashboard) or is editing it;
     * a new teacher's first step has nothing before it (Logout is the way out), so no Back.
     */
    hasPlaceBefore: ({ context }) => context.editing || context.teacherId !== null,
    isValid: ({ context }) => !hasErrors(errorsOf(context)),
    /** Only a picked photo has a Delete button. */
    hasPickedFile: ({ context, event }) =>
      event.type === 'file.remove' && context.files[event.field] !== null,
    /** The stored user id, read when Next is pressed, has gone. */
    isUserGone: ({ context, event }) =>
      (event.type === 'form.submit' && event.userId !== undefined ? event.userId : context.userId) === null,
  },
  delays: { noticeDelay: 1500 },
}).createMachine({
  id: 'teacherPersonalDetails',
  context: ({ input }) => ({
    editing: input.editing ?? false,
    userId: input.userId,
    hasToken: input.hasToken,
    teacherId: input.teacherId,
    emailLocked: Boolean(input.email),
    values: restorePersonal(input),
    files: { aadhar_photo: null, profile_photo: null },
    onFile: { aadhar_photo: false, profile_photo: false },
    errors: {},
    failure: null,
    notice: null,
    locationMessage: null,
    refusal: null,
  }),
  initial: 'active',
  states: {
    /** Without a session: say so, then go to /. */
    leaving: {
      after: { noticeDelay: 'left' },
    },
    left: { type: 'final', entry: { type: 'goHome', params: exitParams } },
    active: {
      type: 'parallel',
      // Without a session nothing starts: the notice, then / (docs/product.md#screens-and-routes).
      always: { guard: 'isSignedOut', target: 'leaving', actions: 'noticeSignedOut' },
      on: { 'form.back': { guard: 'hasPlaceBefore', actions: { type: 'goHome', params: exitParams } } },
      states: {
        location: {
          initial: 'locating',
          states: {
            locating: {
              invoke: {
                src: 'getLocation',
                id: 'getLocation',
                onDone: { target: 'located', actions: ['applyLocation'] },
                onError: { target: 'unavailable', actions: 'setLocationError' },
              },
            },
            located: {},
            unavailable: { on: { 'location.retry': 'locating' } },
          },
        },
        form: {
          initial: 'loadingTeacher',
          states: {
            loadingTeacher: {
              // The fields show while the record loads (slow phones): what is typed or picked meanwhile
              // is kept, and typed text wins over the record when it arrives (mergeStored).
              on: EDITS,
              invoke: {
                src: 'loadTeacher',
                id: 'loadTeacher',
                input: ({ context }) => ({ teacherId: context.teacherId }),
                onDone: { target: 'editing', actions: 'applyStored' },
                // The form still works: the user can type everything again.
                onError: 'editing',
              },
            },
            editing: {
              on: { ...EDITS, 'form.submit': SUBMIT },
            },
            submitting: {
              invoke: {
                src: 'saveTeacher',
                id: 'saveTeacher',
                input: ({ context }) => ({
                  teacherId: context.teacherId,
                  userId: context.userId!,
                  values: context.values,
                  wire: {
                    date_of_birth: toWireDate(context.values.date_of_birth),
                    whatsapp_number: context.values.same_as_mobile
                      ? context.values.mobile_number
                      : context.values.whatsapp_number,
                  },
                  files: context.files,
                }),
                onDone: {
                  target: 'done',
                  actions: [
                    'setSaved',
                    { type: 'storeTeacher', params: ({ event }) => ({ teacher: event.output }) },
                    'clearDraft',
                  ],
                },
                onError: {
                  target: 'failure',
                  actions: ['setSubmitFailure', scrollToError],
                },
              },
            },
            /** The call failed: everything typed is kept, the errors are shown, the user may retry. */
            failure: {
              on: {
                'field.change': {
                  target: 'editing',
                  actions: ['changeField', keepDraft],
                },
                'whatsapp.sameAsMobile': { target: 'editing', actions: 'setSameAsMobile' },
                'file.pick': { target: 'editing', actions: 'acceptFile' },
                'file.remove': { guard: 'hasPickedFile', target: 'editing', actions: 'removeFile' },
                'form.submit': SUBMIT_AGAIN,
              },
            },
            done: { type: 'final', entry: { type: 'goToEducation', params: exitParams } },
          },
        },
      },
    },
  },
});
