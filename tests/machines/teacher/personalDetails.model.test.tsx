import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { VERIFICATION_MESSAGES as V } from '../../../contract/rules/teacher-dashboard';
import { TEACHER_PERSONAL_MESSAGES as M } from '../../../contract/rules/teacher-personal';
import { entries } from '../../../machines/teacher';
import type { PersonalDraft } from '../../../machines/teacher/personalDetails';
import type { MachinePath } from '../../../src/features/machines/analysis';
import PersonalDetailsPage from '../../../src/features/teacher/PersonalDetailsPage';
import { drafts } from '../../../src/lib/drafts';
import { fileOf } from '../../client/files';
import { fill } from '../../client/fill';
import {
  failureOf,
  outputOf,
  type PageView,
  renderPage,
  signInTeacher,
} from '../../client/teacher/model-view';
import { expectFormLocked, heldResponse, type ModelTest, testMachine } from '../../model/kit';

/**
 * /personal_details_teacher walked by the kit on the real page: a signed-in teacher with the registry's
 * draft; the device location held until a step grants or denies it; the stored teacher (a revisit) and
 * the save held until a step answers them.
 */
const entry = entries.find((e) => e.name === 'teacherPersonalDetails')!;
const { draft } = entry.sampleInput as { draft: PersonalDraft };
const user = userEvent.setup();
let load: ReturnType<typeof heldResponse>;
let create: ReturnType<typeof heldResponse>;
let update: ReturnType<typeof heldResponse>;

/** navigator.geolocation answering only when a step says so (the latest request). */
let position: {
  asked: Promise<void>;
  grant?: PositionCallback;
  deny?: PositionErrorCallback;
};
function holdLocation() {
  let arrived: () => void = () => {};
  position = { asked: new Promise<void>((resolve) => (arrived = resolve)) };
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) => {
        position.grant = ok;
        position.deny = fail;
        arrived();
      },
    },
  });
}
afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

const LABELS = {
  name: /^Full name/,
  email: /^Email/,
  mobile_number: /^Mobile number/,
  whatsapp_number: /^WhatsApp number/,
  address: /^Address/,
  latitude: /^Latitude/,
  longitude: /^Longitude/,
} as const;
const PHOTO_LABELS = { aadhar_photo: 'Aadhar card photo', profile_photo: 'Profile photo' } as const;
const next = () => screen.getByRole('button', { name: 'Next' });

/** The form on screen equals the model's: values, field errors, picked photos, the banner. */
function formShown({ context }: AnyMachineSnapshot) {
  for (const [field, label] of Object.entries(LABELS))
    expect(screen.getByLabelText(label)).toHaveValue(context.values[field]);
  expect(screen.getByRole('checkbox', { name: 'Same as mobile number' })).toHaveProperty(
    'checked',
    context.values.same_as_mobile,
  );
  for (const message of Object.values(context.errors as Record<string, string>))
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
  for (const [field, label] of Object.entries(PHOTO_LABELS)) {
    const file = context.files[field];
    if (file) expect(screen.getByText(`File selected: ${file.name}`)).toBeInTheDocument();
    else expect(screen.queryByRole('button', { name: `Delete ${label}` })).not.toBeInTheDocument();
  }
  if (context.failure) expect(screen.getByRole('alert')).toHaveTextContent(context.failure);
  else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  refusalShown({ context } as AnyMachineSnapshot);
}

/** A record refused in review shows the reason and what is not on file above the form (D13). */
function refusalShown({ context }: AnyMachineSnapshot) {
  const region = screen.queryByRole('region', { name: 'Verification' });
  if (!context.refusal) return expect(region).not.toBeInTheDocument();
  expect(region).toHaveTextContent(V.rejected(context.refusal.reason));
  expect(region).toHaveTextContent(V.fixBody);
  if (context.refusal.missing.length) expect(region).toHaveTextContent(/Not on file: /);
}

/** Does this path revisit a stored teacher (the stored record loads, or fails to)? */
const revisits = (path: MachinePath) =>
  path.steps.some(
    ({ event }) =>
      (event.type === 'xstate.done.actor.loadTeacher' && outputOf(event) !== null) ||
      event.type === 'xstate.error.actor.loadTeacher',
  );

const spec: ModelTest<PageView> = {
  beforePath: (path) => {
    // A new teacher has no stored teacher id (nothing to load); a revisit has one.
    signInTeacher({ teacherId: revisits(path) ? 21 : null });
    drafts.save('personaldetails', 3, draft);
    holdLocation();
    load = heldResponse('get', '*/api/v1/teachers/:id');
    create = heldResponse('post', '*/api/v1/teachers');
    update = heldResponse('post', '*/api/v1/teachers/:id');
  },
  render: () => renderPage(<PersonalDetailsPage />, '/personal_details_teacher'),
  states: {
    'active.location.locating': () => expect(screen.getByText('Getting your location...')).toBeVisible(),
    'active.location.located': (_, s) => {
      expect(screen.queryByText('Getting your location...')).not.toBeInTheDocument();
      expect(screen.getByLabelText(LABELS.latitude)).toHaveValue(s.context.values.latitude);
      expect(screen.getByLabelText(LABELS.longitude)).toHaveValue(s.context.values.longitude);
    },
    'active.location.unavailable': (_, s) => {
      expect(screen.getByRole('status')).toHaveTextContent(s.context.locationMessage);
      // While the step is saved the whole form waits, this button too.
      if (s.matches({ active: { form: 'submitting' } }))
        expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();
      else expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
    'active.form.loadingTeacher': (_, s) => {
      // A new teacher has nothing to load: the form is ready at once.
      if (localStorage.getItem('teacher_id'))
        expect(screen.getByText('Loading your details...')).toBeVisible();
      else expect(screen.getByLabelText(LABELS.name)).toBeInTheDocument();
      // What is typed or picked while the record loads shows and is kept.
      formShown(s);
    },
    'active.form.editing': (_, s) => {
      expect(screen.queryByText('Loading your details...')).not.toBeInTheDocument();
      expect(next()).not.toHaveAttribute('data-loading');
      formShown(s);
    },
    'active.form.submitting': (_, s) => {
      expect(next()).toHaveAttribute('data-loading');
      formShown(s);
      expectFormLocked(next());
    },
    'active.form.failure': (_, s) => {
      expect(next()).not.toHaveAttribute('data-loading');
      formShown(s);
    },
    'active.form.done': (view: PageView) => {
      expect(view.current()).toBe('/educational_details_teacher');
      expect(localStorage.getItem('teacher_id')).toBe('21');
      expect(drafts.load('personaldetails', 3)).toBeNull();
    },
    leaving: (view: PageView, s) => {
      expect(screen.getByRole('alert')).toHaveTextContent(s.context.notice);
      expect(view.current()).toBe('/personal_details_teacher');
    },
    left: (view: PageView) => expect(view.current()).toBe('/'),
  },
  events: {
    'xstate.done.actor.getLocation': async (_, { event }) => {
      await position.asked;
      const { latitude, longitude } = outputOf(event) as { latitude: number; longitude: number };
      position.grant?.({ coords: { latitude, longitude } } as GeolocationPosition);
    },
    'xstate.error.actor.getLocation': async (_, { event }) => {
      await position.asked;
      const error = (event as unknown as { error: { code: number; message: string } }).error;
      position.deny?.(error as GeolocationPositionError);
    },
    'location.retry': async () => {
      holdLocation();
      await user.click(screen.getByRole('button', { name: 'Try again' }));
    },
    'xstate.done.actor.loadTeacher': (_, { event }) => {
      const teacher = outputOf(event);
      // A new teacher: nothing was fetched, the form is already there.
      return teacher === null ? undefined : load.respond(200, { status: 'success', data: teacher });
    },
    'xstate.error.actor.loadTeacher': (_, { event }) => {
      const { status, body } = failureOf(event);
      return load.respond(status, body);
    },
    'field.change': async (_, { event }) => {
      const { field, value } = event as unknown as { field: keyof typeof LABELS; value: string };
      await fill(user, screen.getByLabelText(LABELS[field]), value);
    },
    'whatsapp.sameAsMobile': async (_, { event, from }) => {
      const { checked } = event as unknown as { checked: boolean };
      if (from.context.values.same_as_mobile !== checked)
        await user.click(screen.getByRole('checkbox', { name: 'Same as mobile number' }));
    },
    'file.pick': async (_, { event }) => {
      const { field, file } = event as unknown as {
        field: keyof typeof PHOTO_LABELS;
        file: { name: string; type: string; size: number };
      };
      const input = screen.getByLabelText(new RegExp(`^${PHOTO_LABELS[field]}`));
      await user.upload(input, fileOf(file.name, file.type, file.size));
    },
    'file.remove': (_, { event }) =>
      user.click(
        screen.getByRole('button', {
          name: `Delete ${PHOTO_LABELS[(event as unknown as { field: keyof typeof PHOTO_LABELS }).field]}`,
        }),
      ),
    'form.submit': async (_, { event }) => {
      // The stored user id has gone (another tab signed out) by the time Next is pressed.
      if ((event as { userId?: number | null }).userId === null) {
        localStorage.removeItem('user_id');
        localStorage.removeItem('auth_token');
      }
      await user.click(next());
    },
    'form.back': async (view) => {
      // Offered only to a teacher with a profile: back to their dashboard.
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(view.current()).toBe('/dashboard');
      view.location.navigate('/personal_details_teacher');
    },
    'xstate.done.actor.saveTeacher': (_, { event }) =>
      (update.requests ? update : create).respond(200, { status: 'success', data: outputOf(event) }),
    'xstate.error.actor.saveTeacher': (_, { event }) => {
      const { status, body } = failureOf(event);
      return (update.requests ? update : create).respond(status, body);
    },
  },
  timeout: 20000,
};

testMachine(entry, spec);

// A teacher refused in review (D13) opens the step: the reason and what is missing above the form.
const loads = entry.sampleEvents?.['xstate.done.actor.loadTeacher'] as Record<string, unknown>[];
const refused = loads.find(
  (l) => (l.output as { verification_status?: string } | null)?.verification_status === 'rejected',
);
testMachine(entry, {
  ...spec,
  paths: [
    {
      target: 'active.form.editing (refused in review)',
      transitions: [],
      steps: [{ event: { type: 'xstate.done.actor.loadTeacher', ...refused }, value: null }],
    },
  ],
});

// Nobody signed in: the notice, then / (nothing else starts).
const signedOut = {
  ...entry,
  sampleInput: { userId: null, hasToken: false, email: null, teacherId: null, draft: null },
};
testMachine(signedOut, {
  ...spec,
  beforePath: () => {
    localStorage.clear();
    holdLocation();
  },
  states: {
    ...spec.states,
    leaving: (view: PageView) => {
      expect(screen.getByRole('alert')).toHaveTextContent(M.notLoggedIn);
      expect(view.current()).toBe('/personal_details_teacher');
    },
  },
});
