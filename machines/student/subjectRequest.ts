import { and, assign, fromPromise, setup } from 'xstate';
import { SAMPLE_SUBJECTS } from '../../contract/constants';
import { MATCH_MESSAGES } from '../../contract/rules/matching';
import {
  ASSIGNMENT_PREFERENCES,
  DEFAULT_REQUEST_PREFERENCES,
  MODES_OF_TEACHING,
  PREFERRED_GROUPS,
  PREFERRED_MEDIUMS,
  REQUEST_MESSAGES,
  type RequestPreferences,
} from '../../contract/rules/request';
import {
  normaliseSubjectName,
  SUBJECT_MESSAGES,
  sameSubjectName,
  subjectNameIncludes,
  subjectNameKey,
  validateSubjectName,
} from '../../contract/rules/student-subject';
import type { TeacherStudentRequest } from '../../contract/structs/request';
import { failureMessage, isApiFailure } from '../common/failure';

/** A subject on this screen; the five sample subjects of the fallback have no id (null). */
export interface PickedSubject {
  id: number | null;
  name: string;
  /** 'pending' for a subject this student added that waits for an administrator's review. */
  status?: string;
  /**
   * The name the person reads when it is not the stored one (a seeded subject in Bengali or Hindi,
   * given by the view when the list loads): the search finds a subject by either.
   */
  label?: string;
}

export interface SharedLocation {
  latitude: number;
  longitude: number;
}

/** What a new request's draft keeps: the chosen subjects and the preferences (never the location). */
export interface SubjectRequestDraft {
  selected: PickedSubject[];
  preferences: RequestPreferences;
}

export interface SubjectRequestInput {
  /** Auth token and user id are stored ('You need to be logged in to find teachers'). */
  loggedIn: boolean;
  /** 'Change request': the open request to load into the form and save with PUT. */
  changeRequestId?: number | null;
  /** A new request's unsent choices, kept on the device (a changed request starts from the server's). */
  draft?: Partial<SubjectRequestDraft> | null;
}

export interface SubjectRequestContext {
  loggedIn: boolean;
  /** The request being changed (prefilled, saved with PUT); null for a new request. */
  changeRequestId: number | null;
  subjects: PickedSubject[];
  /** Why the sample subjects are shown, when subjects could not load. */
  subjectsError: string | null;
  search: string;
  selected: PickedSubject[];
  preferences: RequestPreferences;
  subjectError: string | null;
  addError: string | null;
  message: string | null;
  requestId: number | null;
  /** The student's location for matching by distance, when they chose to share it. */
  location: SharedLocation | null;
  /** What happened to the last location request (shared, refused, unavailable). */
  locationNote: string | null;
  /** Said after adding a subject that waits for review. */
  addNote: string | null;
  /** Explore Teachers was pressed while the location or a new subject was on its way: it goes on once they are in. */
  submitQueued: boolean;
}

export type SubjectRequestEvent =
  | { type: 'search.change'; value: string }
  | { type: 'subject.toggle'; subject: PickedSubject }
  | { type: 'subject.add' }
  | { type: 'preference.change'; field: keyof RequestPreferences; value: string }
  | { type: 'form.submit' }
  | { type: 'location.request' }
  | { type: 'location.clear' }
  | { type: 'change.retry' }
  | { type: 'change.abandon' };

/**
 * Explore Teachers pressed while the location or a new subject is on its way: remembered, not dropped
 * (the form goes on once they are in). Signed out, the press is left to the form, which says why.
 */
const QUEUE_SUBMIT = {
  'form.submit': { guard: 'loggedIn', actions: 'queueSubmit' },
} as const;

const sameSubject = (a: PickedSubject, b: PickedSubject) =>
  a.id !== null && b.id !== null ? a.id === b.id : sameSubjectName(a.name, b.name);

/** A subject's names: the stored one, and the one the person reads when it differs. */
const namesOf = (s: PickedSubject) => (s.label && s.label !== s.name ? [s.name, s.label] : [s.name]);

/** Subjects whose name (stored or read) contains the search text (as `subjectNameIncludes` compares). */
export function filterSubjects(subjects: PickedSubject[], search: string): PickedSubject[] {
  return subjectNameKey(search)
    ? subjects.filter((s) => namesOf(s).some((n) => subjectNameIncludes(n, search)))
    : subjects;
}

/** What the form holds of a request being changed: its subjects, preferences and location. */
export function prefillFrom(request: TeacherStudentRequest) {
  return {
    selected: request.subjects.map(({ id, name }) => ({ id, name })) as PickedSubject[],
    preferences: {
      mode_of_teaching: request.mode_of_teaching,
      preferred_group: request.preferred_group,
      preferred_medium: request.preferred_medium,
      teacher_assignment_preference: request.teacher_assignment_preference,
    } satisfies RequestPreferences,
    location:
      typeof request.latitude === 'number' && typeof request.longitude === 'number'
        ? { latitude: request.latitude, longitude: request.longitude }
        : null,
  };
}

const PREFERENCE_OPTIONS: Record<keyof RequestPreferences, readonly { value: string }[]> = {
  mode_of_teaching: MODES_OF_TEACHING,
  preferred_group: PREFERRED_GROUPS,
  preferred_medium: PREFERRED_MEDIUMS,
  teacher_assignment_preference: ASSIGNMENT_PREFERENCES,
};

/** A stored draft as the form's choices: anything that is not a subject or an option is left out. */
export function choicesFromDraft(draft: Partial<SubjectRequestDraft> | null | undefined) {
  const selected = (Array.isArray(draft?.selected) ? draft.selected : []).filter(
    (s): s is PickedSubject =>
      Boolean(s) &&
      typeof s.name === 'string' &&
      s.name !== '' &&
      (s.id === null || (typeof s.id === 'number' && Number.isInteger(s.id) && s.id > 0)),
  );
  const preferences = { ...DEFAULT_REQUEST_PREFERENCES };
  for (const field of Object.keys(PREFERENCE_OPTIONS) as (keyof RequestPreferences)[]) {
    const value = (draft?.preferences as Record<string, unknown> | undefined)?.[field];
    if (PREFERENCE_OPTIONS[field].some((o) => o.value === value))
      (preferences as Record<string, unknown>)[field] = value;
  }
  return {
    selected: selected.map(({ id, name, status }) => (status ? { id, name, status } : { id, name })),
    preferences,
  };
}

/** After each change of a new request's choices: they are kept as a draft (a changed request's are not). */
const keepDraft = {
  type: 'saveDraft',
  params: ({ context }: { context: SubjectRequestContext }) => ({
    draft:
      context.changeRequestId === null
        ? choicesFromDraft({ selected: context.selected, preferences: context.preferences })
        : null,
  }),
} as const;

/** 'Add Subject' shows when the typed text matches no subject. */
export const canAddSubject = (ctx: Pick<SubjectRequestContext, 'subjects' | 'search'>) =>
  ctx.search.trim() !== '' && filterSubjects(ctx.subjects, ctx.search).length === 0;

/** Typing a search, choosing subjects and picking preferences: in the form and while the location is asked for. */
const EDITS = {
  'search.change': { actions: 'typeSearch' },
  'subject.toggle': { actions: ['toggleSubject', keepDraft] },
  'preference.change': { actions: ['changePreference', keepDraft] },
} as const;

/**
 * /subject, 'Find Online & home tutor in seconds': loads subjects (or falls back to the five sample
 * subjects, saying why), multi-select with search, 'Add Subject' for a name that matches none
 * (duplicates refused case-insensitively here and by the server), the preference radio groups with
 * the product's defaults, then 'Explore Teachers' creates the request and goes to /teacherfinder with its id.
 * 'Change request' opens it with a request id: the request is loaded first and fills the form (a
 * request that is no longer open, or fails to load, says so and offers a new request), and saving
 * updates that request (PUT) before the finder shows the teachers who fit it now.
 */
export const subjectRequestMachine = setup({
  types: {
    context: {} as SubjectRequestContext,
    events: {} as SubjectRequestEvent,
    input: {} as SubjectRequestInput,
  },
  actors: {
    loadSubjects: fromPromise<PickedSubject[], void>(async () => []),
    createSubject: fromPromise<PickedSubject, { name: string }>(async () => {
      throw new Error('createSubject not provided');
    }),
    /** The device's position (precise, 10 s, never cached); fails with {code: 1} when refused. */
    locate: fromPromise<SharedLocation>(async () => {
      throw new Error('locate not provided');
    }),
    /** The request to change (GET). */
    loadRequest: fromPromise<TeacherStudentRequest, { id: number }>(async () => {
      throw new Error('loadRequest not provided');
    }),
    /** Saves the changed request (PUT). */
    updateRequest: fromPromise<
      unknown,
      {
        id: number;
        subjects: PickedSubject[];
        preferences: RequestPreferences;
        location: SharedLocation | null;
      }
    >(async () => {
      throw new Error('updateRequest not provided');
    }),
    submitRequest: fromPromise<
      { id: number | null },
      { subjects: PickedSubject[]; preferences: RequestPreferences; location: SharedLocation | null }
    >(async () => {
      throw new Error('submitRequest not provided');
    }),
  },
  actions: {
    queueSubmit: assign({ submitQueued: true }),
    sayNotLoggedIn: assign({ message: REQUEST_MESSAGES.notLoggedIn }),
    typeSearch: assign(({ event }) =>
      event.type === 'search.change' ? { search: event.value, addError: null, addNote: null } : {},
    ),
    toggleSubject: assign(({ context, event }) => {
      if (event.type !== 'subject.toggle') return {};
      return {
        selected: context.selected.some((s) => sameSubject(s, event.subject))
          ? context.selected.filter((s) => !sameSubject(s, event.subject))
          : [...context.selected, event.subject],
        subjectError: null,
      };
    }),
    changePreference: assign(({ context, event }) =>
      event.type === 'preference.change'
        ? { preferences: { ...context.preferences, [event.field]: event.value } }
        : {},
    ),
    clearLocation: assign({ location: null, locationNote: null }),
    goToFinder: (_, _params: { requestId: number }) => {},
    /** Keeps a new request's choices on the device; null while a request is changed (nothing to keep). */
    saveDraft: (_, _params: { draft: SubjectRequestDraft | null }) => {},
    clearDraft: () => {},
  },
  guards: {
    loggedIn: ({ context }) => context.loggedIn,
    isChange: ({ context }) => context.changeRequestId !== null,
    /** Only a request still open (not cancelled, not ended) can be changed. */
    requestIsOpen: ({ event }) =>
      (event as unknown as { output?: TeacherStudentRequest }).output?.status === 'request_send',
    /** The server's subject list has entries (otherwise the sample list is offered). */
    hasServerSubjects: ({ event }) => {
      const output = (event as unknown as { output?: unknown }).output;
      return Array.isArray(output) && output.length > 0;
    },
    hasSubjects: ({ context }) => context.selected.length > 0,
    /** The subject is among the chosen (its chip, the only way to toggle it while the list loads). */
    isChosen: ({ context, event }) =>
      event.type === 'subject.toggle' && context.selected.some((s) => sameSubject(s, event.subject)),
    nameIsNew: ({ context }) =>
      validateSubjectName(context.search, context.subjects.flatMap(namesOf)) === undefined,
    hasLocation: ({ context }) => context.location !== null,
    submitQueued: ({ context }) => context.submitQueued,
    locationRefused: ({ event }) => (event as unknown as { error?: { code?: number } }).error?.code === 1,
    gotRequestId: ({ event }) => {
      const output = (event as unknown as { output?: { id: number | null } }).output;
      return typeof output?.id === 'number' && output.id > 0;
    },
  },
}).createMachine({
  id: 'subjectRequest',
  context: ({ input }) => ({
    loggedIn: input.loggedIn,
    changeRequestId: input.changeRequestId ?? null,
    subjects: [],
    subjectsError: null,
    search: '',
    ...choicesFromDraft(input.changeRequestId ? null : input.draft),
    subjectError: null,
    addError: null,
    message: null,
    requestId: null,
    location: null,
    locationNote: null,
    addNote: null,
    submitQueued: false,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isChange', target: 'loadingRequest' }, { target: 'loading' }],
    },
    /** 'Change request': the request fills the form before the subjects load. */
    loadingRequest: {
      invoke: {
        id: 'loadRequest',
        src: 'loadRequest',
        input: ({ context }) => ({ id: context.changeRequestId! }),
        onDone: [
          {
            guard: 'requestIsOpen',
            target: 'loading',
            actions: assign(({ event }) => ({ ...prefillFrom(event.output), message: null })),
          },
          {
            target: 'changeFailure',
            actions: assign(({ event }) => ({ message: REQUEST_MESSAGES.notEditable(event.output.status) })),
          },
        ],
        onError: {
          target: 'changeFailure',
          actions: assign(({ event }) => ({
            message: failureMessage(event.error, REQUEST_MESSAGES.changeLoadFailed),
          })),
        },
      },
    },
    /** The request could not be loaded or is no longer open: try again, or make a new request. */
    changeFailure: {
      on: {
        'change.retry': { target: 'loadingRequest', actions: assign({ message: null }) },
        'change.abandon': { target: 'loading', actions: assign({ message: null, changeRequestId: null }) },
      },
    },
    loading: {
      // The form shows while the subjects load (a slow phone): a preference picked or a chosen
      // subject's chip removed meanwhile is kept (the search waits for the list).
      on: {
        'subject.toggle': { guard: 'isChosen', actions: ['toggleSubject', keepDraft] },
        'preference.change': { actions: ['changePreference', keepDraft] },
      },
      invoke: {
        id: 'loadSubjects',
        src: 'loadSubjects',
        onDone: [
          {
            guard: 'hasServerSubjects',
            target: 'editing',
            actions: assign(({ event }) => ({ subjects: event.output })),
          },
          {
            target: 'editing',
            actions: assign({
              subjects: SAMPLE_SUBJECTS.map((name) => ({ id: null, name })),
              subjectsError: SUBJECT_MESSAGES.loadFailedFallback('no subjects available'),
            }),
          },
        ],
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({
            subjects: SAMPLE_SUBJECTS.map((name) => ({ id: null, name })),
            subjectsError: SUBJECT_MESSAGES.loadFailedFallback(
              isApiFailure(event.error) || event.error instanceof Error
                ? (event.error as { message: string }).message
                : 'unknown error',
            ),
          })),
        },
      },
    },
    editing: {
      always: {
        guard: 'submitQueued',
        target: 'checkingSubjects',
        actions: assign({ submitQueued: false }),
      },
      on: {
        ...EDITS,
        'location.request': { target: 'locating' },
        'location.clear': { guard: 'hasLocation', actions: 'clearLocation' },
        'subject.add': [
          { guard: 'nameIsNew', target: 'addingSubject', actions: assign({ addError: null }) },
          {
            actions: assign(({ context }) => ({
              addError: validateSubjectName(context.search, context.subjects.flatMap(namesOf)),
            })),
          },
        ],
        'form.submit': [
          { guard: { type: 'loggedIn' }, target: 'checkingSubjects' },
          { actions: 'sayNotLoggedIn' },
        ],
      },
    },
    checkingSubjects: {
      always: [
        {
          guard: and(['hasSubjects', 'isChange']),
          target: 'updating',
          actions: assign({ message: null, subjectError: null }),
        },
        {
          guard: 'hasSubjects',
          target: 'submitting',
          actions: assign({ message: null, subjectError: null }),
        },
        { target: 'editing', actions: assign({ subjectError: REQUEST_MESSAGES.subjectsRequired }) },
      ],
    },
    locating: {
      // Asking for the location can take seconds (the browser's prompt, then up to 10 s): the form
      // stays usable and what is typed or picked meanwhile is kept.
      on: { ...EDITS, ...QUEUE_SUBMIT },
      invoke: {
        id: 'locate',
        src: 'locate',
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({
            location: event.output,
            locationNote: MATCH_MESSAGES.locationShared,
          })),
        },
        onError: [
          {
            guard: 'locationRefused',
            target: 'editing',
            actions: assign({ location: null, locationNote: MATCH_MESSAGES.locationDenied }),
          },
          {
            target: 'editing',
            actions: assign({ location: null, locationNote: MATCH_MESSAGES.locationUnavailable }),
          },
        ],
      },
    },
    addingSubject: {
      // The search holds the name being added (the view locks it) and matches no subject, so only
      // the chosen subjects' chips and the preferences can change meanwhile: they are kept.
      on: {
        'subject.toggle': { guard: 'isChosen', actions: ['toggleSubject', keepDraft] },
        'preference.change': { actions: ['changePreference', keepDraft] },
        ...QUEUE_SUBMIT,
      },
      invoke: {
        id: 'createSubject',
        src: 'createSubject',
        input: ({ context }) => ({ name: normaliseSubjectName(context.search) }),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ context, event }) => ({
              subjects: [...context.subjects, event.output].sort((a, b) => a.name.localeCompare(b.name)),
              selected: [...context.selected, event.output],
              search: '',
              subjectError: null,
              addNote:
                event.output.status === 'pending' ? SUBJECT_MESSAGES.addedPending(event.output.name) : null,
            })),
            keepDraft,
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({
            // The student sees why the subject was not added before anything goes on.
            submitQueued: false,
            // A duplicate (409) says which subject exists; anything else gets the product's text.
            addError:
              isApiFailure(event.error) && (event.error.status === 409 || event.error.status === 429)
                ? failureMessage(event.error, SUBJECT_MESSAGES.addFailed)
                : SUBJECT_MESSAGES.addFailed,
          })),
        },
      },
    },
    /** Saves the changed request, then the finder shows who fits it now. */
    updating: {
      invoke: {
        id: 'updateRequest',
        src: 'updateRequest',
        input: ({ context }) => ({
          id: context.changeRequestId!,
          subjects: context.selected,
          preferences: context.preferences,
          location: context.location,
        }),
        onDone: {
          target: 'done',
          actions: assign(({ context }) => ({ requestId: context.changeRequestId })),
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({
            message: failureMessage(event.error, REQUEST_MESSAGES.updateFailed),
          })),
        },
      },
    },
    submitting: {
      invoke: {
        id: 'submitRequest',
        src: 'submitRequest',
        input: ({ context }) => ({
          subjects: context.selected,
          preferences: context.preferences,
          location: context.location,
        }),
        onDone: [
          {
            guard: 'gotRequestId',
            target: 'done',
            actions: [assign(({ event }) => ({ requestId: event.output.id })), 'clearDraft'],
          },
          { target: 'editing', actions: assign({ message: REQUEST_MESSAGES.noRequestId }) },
        ],
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({
            message: failureMessage(event.error, REQUEST_MESSAGES.submitFailed),
          })),
        },
      },
    },
    done: {
      type: 'final',
      entry: { type: 'goToFinder', params: ({ context }) => ({ requestId: context.requestId! }) },
    },
  },
});
