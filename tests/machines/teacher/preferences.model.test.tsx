import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { MEDIUMS } from '../../../contract/constants';
import { VERIFICATION_MESSAGES as V } from '../../../contract/rules/teacher-dashboard';
import {
  TEACHER_PREFERENCE_MESSAGES as M,
  YES_NO_QUESTIONS,
} from '../../../contract/rules/teacher-preferences';
import { entries } from '../../../machines/teacher';
import type { DocumentField } from '../../../machines/teacher/preferences';
import { coveragePaths, fewestPaths, type MachinePath } from '../../../src/features/machines/analysis';
import PreferencesPage from '../../../src/features/teacher/PreferencesPage';
import { fileOf } from '../../client/files';
import { fill } from '../../client/fill';
import {
  failureOf,
  outputOf,
  type PageView,
  renderPage,
  signInTeacher,
} from '../../client/teacher/model-view';
import { expectFormLocked, heldResponse, type StepInfo, testMachine } from '../../model/kit';
import { teacherRecord } from '../../msw/handlers/teachers';

/**
 * /teacherSubject walked by the kit on the real page: the subject list and the saved preference (a
 * revisit, documents on file) held until a step answers each; the save held too.
 */
const entry = entries.find((e) => e.name === 'teacherPreferences')!;
const user = userEvent.setup();
let subjects: ReturnType<typeof heldResponse>;
let saved: ReturnType<typeof heldResponse>;
let save: ReturnType<typeof heldResponse>;

const FILE_LABELS: Record<DocumentField, string> = {
  mark_sheet: 'Marksheet (class 12)',
  highest_qualification_certificate: 'Highest qualification certificate',
  resume: 'Resume (optional)',
};
const next = () => screen.getByRole('button', { name: 'Next' });
const question = (field: string) => YES_NO_QUESTIONS.find((q) => q.field === field)!.label;
const subjectInput = () => screen.getByLabelText(/^Subjects you teach/, { selector: 'input' });

/** The form on screen equals the model's: every choice, documents, field errors and the red banner. */
function formShown(snapshot: AnyMachineSnapshot) {
  const { context } = snapshot;
  const v = context.values;
  expect(screen.getByLabelText(/^Teaching experience/)).toHaveValue(v.prior_experience);
  for (const m of MEDIUMS)
    expect(screen.getByRole('checkbox', { name: m })).toHaveProperty(
      'checked',
      v.preferred_medium.includes(m.toLowerCase()),
    );
  expect(screen.getByRole('checkbox', { name: 'Online' })).toBeDisabled();
  expect(screen.getByRole('checkbox', { name: 'Offline' })).toHaveProperty('checked', v.offline);
  expect(screen.getByText(`Teaching radius: ${v.teaching_radius_km} km`)).toBeInTheDocument();
  expect(screen.getByRole('slider')).toHaveAttribute('aria-valuenow', String(v.teaching_radius_km));
  for (const { field, label } of YES_NO_QUESTIONS) {
    const group = screen.getByRole('radiogroup', { name: new RegExp(`^${label.replace('?', '\\?')}`) });
    expect(within(group).getByRole('radio', { name: 'Yes' })).toHaveProperty('checked', v[field] === true);
    expect(within(group).getByRole('radio', { name: 'No' })).toHaveProperty('checked', v[field] === false);
  }
  for (const [field, label] of Object.entries(FILE_LABELS) as [DocumentField, string][]) {
    const file = context.files[field];
    if (file) expect(screen.getByText(`File selected: ${file.name}`)).toBeInTheDocument();
    else {
      expect(screen.queryByRole('button', { name: `Delete ${label}` })).not.toBeInTheDocument();
      if (context.onFile[field]) expect(screen.getByText(`On file: ${context.onFile[field]}`)).toBeVisible();
    }
  }
  if (context.subjects.length)
    for (const id of v.subject_ids) {
      const name = context.subjects.find((s: { id: number }) => s.id === id).name;
      expect(screen.getByText(name, { selector: '.mantine-Pill-label' })).toBeVisible();
    }
  for (const message of Object.values(context.errors as Record<string, string>))
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
  // An alert's text is its message (and its 'Try again' button, when it has one).
  const alerts = screen.queryAllByRole('alert').map((a) => (a.textContent ?? '').replace(/Try again$/, ''));
  if (context.failure) expect(alerts).toContain(context.failure);
  // The only other alert is a failed subject list.
  else expect(alerts).toEqual(snapshot.matches({ subjects: 'failed' }) ? [context.subjectsError] : []);
  refusalShown(snapshot);
}

/** A record refused in review shows the reason and what is not on file above the form (D13). */
function refusalShown({ context }: AnyMachineSnapshot) {
  const region = screen.queryByRole('region', { name: 'Verification' });
  if (!context.refusal) return expect(region).not.toBeInTheDocument();
  expect(region).toHaveTextContent(V.rejected(context.refusal.reason));
  expect(region).toHaveTextContent(V.fixBody);
  if (context.refusal.missing.length) expect(region).toHaveTextContent(/Not on file: /);
}

/** Steps of the form (Back, Try again on the subject list) need the form: load the saved preference first. */
const FORM_EVENTS = ['form.back', 'subjects.retry'];
const loadedFirst = (path: MachinePath): MachinePath => {
  const formAt = path.steps.findIndex((s) => FORM_EVENTS.includes(s.event.type));
  const loadedAt = path.steps.findIndex((s) => s.event.type.endsWith('.actor.loadPreference'));
  if (formAt < 0 || (loadedAt >= 0 && loadedAt < formAt)) return path;
  const samples = entry.sampleEvents?.['xstate.done.actor.loadPreference'] as Record<string, unknown>[];
  const load = { type: 'xstate.done.actor.loadPreference', ...samples[0] };
  return {
    ...path,
    target: `${path.target} (form loaded)`,
    steps: [{ event: load, value: null }, ...path.steps],
  };
};

const spec = (teacherId: number | null) => ({
  beforePath: () => {
    signInTeacher({ teacherId });
    subjects = heldResponse('get', '*/api/v1/subjects');
    saved = heldResponse('get', '*/api/v1/teachers/:id');
    save = heldResponse('post', '*/api/v1/teachers/:id/teacher_preferences');
  },
  render: () => renderPage(<PreferencesPage />, '/teacherSubject'),
  states: {
    'subjects.loading': (_: PageView, s: AnyMachineSnapshot) => {
      if (!s.matches({ form: 'loading' })) expect(screen.getByText(M.loadingSubjects)).toBeVisible();
    },
    'subjects.loaded': (_: PageView, s: AnyMachineSnapshot) => {
      if (!s.matches({ form: 'loading' })) expect(subjectInput()).toBeInTheDocument();
    },
    'subjects.failed': (_: PageView, s: AnyMachineSnapshot) => {
      if (s.matches({ form: 'loading' })) return;
      expect(
        screen.getAllByRole('alert').some((a) => (a.textContent ?? '').includes(s.context.subjectsError)),
      ).toBe(true);
      // While the step is saved the whole form waits, this button too.
      if (s.matches({ form: 'submitting' }))
        expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();
      else expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
    'form.loading': () => {
      // Without a teacher id there is nothing to load: the form is there at once.
      if (teacherId === null) expect(next()).toBeInTheDocument();
      else expect(screen.getByLabelText('Loading your preferences')).toBeInTheDocument();
    },
    'form.editing': (_: PageView, s: AnyMachineSnapshot) => {
      expect(next()).not.toHaveAttribute('data-loading');
      formShown(s);
    },
    'form.submitting': (_: PageView, s: AnyMachineSnapshot) => {
      expect(next()).toHaveAttribute('data-loading');
      formShown(s);
      expectFormLocked(next());
    },
    'form.failure': (_: PageView, s: AnyMachineSnapshot) => {
      expect(next()).not.toHaveAttribute('data-loading');
      formShown(s);
    },
    'form.done': (view: PageView) => expect(view.current()).toBe('/slots'),
  },
  events: {
    'xstate.done.actor.loadSubjects': (_: PageView, { event }: StepInfo) =>
      subjects.respond(200, { status: 'success', data: outputOf(event) }),
    'xstate.error.actor.loadSubjects': (_: PageView, { event }: StepInfo) => {
      const { status, body } = failureOf(event);
      return subjects.respond(status, body);
    },
    'xstate.done.actor.loadPreference': (_: PageView, { event }: StepInfo) =>
      // Without a stored teacher id nothing is fetched: the product's defaults at once.
      teacherId === null
        ? undefined
        : saved.respond(200, {
            status: 'success',
            data: teacherRecord(outputOf(event) as Record<string, unknown>),
          }),
    'xstate.error.actor.loadPreference': (_: PageView, { event }: StepInfo) => {
      const { status, body } = failureOf(event);
      return saved.respond(status, body);
    },
    'subjects.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
    'subjects.change': async (_: PageView, { event, from }: StepInfo) => {
      const wanted = (event as unknown as { ids: number[] }).ids;
      const held: number[] = from.context.values.subject_ids;
      const toggle = [
        ...wanted.filter((id) => !held.includes(id)),
        ...held.filter((id) => !wanted.includes(id)),
      ];
      for (const id of toggle) {
        const name = from.context.subjects.find((s: { id: number }) => s.id === id).name;
        if (held.includes(id)) {
          // A chosen subject goes with its pill's remove button.
          const pill = screen
            .getByText(name, { selector: '.mantine-Pill-label' })
            .closest('.mantine-Pill-root');
          await user.click(pill?.querySelector('button') as HTMLElement);
        } else {
          await user.click(subjectInput());
          await user.click(await screen.findByRole('option', { name, hidden: true }));
        }
      }
    },
    'mediums.change': async (_: PageView, { event, from }: StepInfo) => {
      const wanted = (event as unknown as { values: string[] }).values;
      for (const m of MEDIUMS) {
        const on = from.context.values.preferred_medium.includes(m.toLowerCase());
        if (on !== wanted.includes(m.toLowerCase()))
          await user.click(screen.getByRole('checkbox', { name: m }));
      }
    },
    'experience.change': async (_: PageView, { event }: StepInfo) => {
      const input = screen.getByLabelText(/^Teaching experience/);
      await fill(user, input, (event as unknown as { value: string }).value);
    },
    'radius.change': async (_: PageView, { event, from }: StepInfo) => {
      const diff = (event as unknown as { value: number }).value - from.context.values.teaching_radius_km;
      screen.getByRole('slider').focus();
      for (let i = 0; i < Math.abs(diff); i++) await user.keyboard(diff > 0 ? '{ArrowRight}' : '{ArrowLeft}');
    },
    'offline.toggle': async (_: PageView, { event, from }: StepInfo) => {
      if (from.context.values.offline !== (event as unknown as { checked: boolean }).checked)
        await user.click(screen.getByRole('checkbox', { name: 'Offline' }));
    },
    'answer.change': async (_: PageView, { event }: StepInfo) => {
      const { field, value } = event as unknown as { field: string; value: boolean };
      const group = screen.getByRole('radiogroup', {
        name: new RegExp(`^${question(field).replace('?', '\\?')}`),
      });
      await user.click(within(group).getByRole('radio', { name: value ? 'Yes' : 'No' }));
    },
    'file.pick': async (_: PageView, { event }: StepInfo) => {
      const { field, file } = event as unknown as {
        field: DocumentField;
        file: { name: string; type: string; size: number };
      };
      const input = screen.getByLabelText(new RegExp(`^${FILE_LABELS[field].replace(/[()]/g, '\\$&')}`), {
        selector: 'input',
      });
      await user.upload(input, fileOf(file.name, file.type, file.size));
    },
    'file.remove': (_: PageView, { event }: StepInfo) =>
      user.click(
        screen.getByRole('button', {
          name: `Delete ${FILE_LABELS[(event as unknown as { field: DocumentField }).field]}`,
        }),
      ),
    'form.submit': () => user.click(next()),
    'form.back': async (view: PageView) => {
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(view.current()).toBe('/educational_details_teacher');
      view.location.navigate('/teacherSubject');
    },
    'xstate.done.actor.savePreference': (_: PageView, { event }: StepInfo) =>
      save.respond(201, { status: 'success', data: outputOf(event) }),
    'xstate.error.actor.savePreference': (_: PageView, { event }: StepInfo) => {
      const { status, body } = failureOf(event);
      return save.respond(status, body);
    },
  },
  timeout: 20000,
});

testMachine(entry, { ...spec(21), paths: fewestPaths(entry, coveragePaths(entry).map(loadedFirst)) });

// No teacher id stored (personal details not done): a complete form says so instead of saving, twice.
const png = (name: string) => ({ name, size: 2048, type: 'image/png', blob: null });
const steps = (events: Array<Record<string, unknown>>) =>
  events.map((e) => ({ event: e as { type: string }, value: null }));
testMachine(
  { ...entry, sampleInput: { teacherId: null } },
  {
    ...spec(null),
    paths: [
      {
        target: '{subjects.loaded, form.failure}',
        transitions: [],
        steps: steps([
          {
            type: 'xstate.done.actor.loadSubjects',
            ...entry.sampleEvents?.['xstate.done.actor.loadSubjects'],
          },
          { type: 'xstate.done.actor.loadPreference', output: null },
          { type: 'subjects.change', ids: [2] },
          ...YES_NO_QUESTIONS.map(({ field }) => ({ type: 'answer.change', field, value: true })),
          { type: 'file.pick', field: 'mark_sheet', file: png('marks.png') },
          { type: 'file.pick', field: 'highest_qualification_certificate', file: png('degree.png') },
          { type: 'form.submit' },
          { type: 'form.submit' },
        ]),
      },
    ],
  },
);
