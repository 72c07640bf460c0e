import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { TEACHER_EDUCATION_MESSAGES as M } from '../../../contract/rules/teacher-education';
import { entries } from '../../../machines/teacher';
import type { MachinePath } from '../../../src/features/machines/analysis';
import EducationalDetailsPage from '../../../src/features/teacher/EducationalDetailsPage';
import { fill } from '../../client/fill';
import {
  failureOf,
  outputOf,
  type PageView,
  renderPage,
  signInTeacher,
} from '../../client/teacher/model-view';
import { chainedPaths, expectFormLocked, heldResponse, type StepInfo, testMachine } from '../../model/kit';
import { teacherRecord } from '../../msw/handlers/teachers';

/**
 * /educational_details_teacher walked by the kit on the real page: degrees, subjects and the saved
 * qualification (a revisit) held until a step answers each; the save held too (PUT for the saved
 * qualification, POST for a first one).
 */
const entry = entries.find((e) => e.name === 'teacherEducationalDetails')!;
const user = userEvent.setup();
let degrees: ReturnType<typeof heldResponse>;
let subjects: ReturnType<typeof heldResponse>;
let saved: ReturnType<typeof heldResponse>;
let create: ReturnType<typeof heldResponse>;
let update: ReturnType<typeof heldResponse>;

const LABELS = {
  degree_id: /^Highest qualification/,
  school_name: /^School name/,
  school_education_board: /^School education board/,
  college_name: /^College name/,
  year_of_passing: /^Year of passing/,
} as const;
const next = () => screen.getByRole('button', { name: 'Next' });
const subjectInput = () => screen.getByLabelText(/^Specialized subject/, { selector: 'input' });

/** The form on screen equals the model's: values, field errors and the banner. */
function formShown({ context }: AnyMachineSnapshot) {
  for (const [field, label] of Object.entries(LABELS))
    expect(screen.getByLabelText(label)).toHaveValue(context.values[field]);
  const subject = context.subjects.find((s: { id: number }) => String(s.id) === context.values.subject_id);
  expect(screen.getByLabelText(/^Specialized subject/, { selector: 'input' })).toHaveValue(
    subject?.name ?? '',
  );
  if (context.universityFreeText) {
    expect(screen.getByRole('textbox', { name: /^University name/ })).toHaveValue(
      context.values.university_name,
    );
    expect(screen.getByRole('button', { name: 'Show Dropdown' })).toBeVisible();
  } else {
    expect(screen.getByRole('combobox', { name: /^University/ })).toHaveValue(context.values.university_name);
  }
  for (const message of Object.values(context.errors as Record<string, string>))
    expect(screen.getByText(message)).toBeVisible();
  if (context.failure) expect(screen.getByRole('alert')).toHaveTextContent(context.failure);
  else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
}

const loaded = ['loadDegrees', 'loadSubjects', 'loadQualification'].map((actor) => ({
  event: { type: `xstate.done.actor.${actor}`, ...entry.sampleEvents?.[`xstate.done.actor.${actor}`] },
  value: null,
}));
const pathOf = (target: string, steps: MachinePath['steps'], events: Array<Record<string, unknown>>) => ({
  target,
  steps: [...steps, ...events.map((e) => ({ event: e as { type: string }, value: null }))],
  transitions: [],
});
const paths: MachinePath[] = [
  // Back is on the form (not on the spinner, nor on a failed load): pressed once everything has loaded.
  ...chainedPaths(entry, { canTake: (s, e) => e.type !== 'form.back' || s.matches('editing') }),
  pathOf('editing', loaded, [{ type: 'form.back' }]),
  // A university typed after Others, a failed save, then 'Show Dropdown' from the failure.
  pathOf('editing', loaded, [
    { type: 'university.select', value: 'Others' },
    { type: 'field.change', field: 'university_name', value: 'Visva-Bharati' },
    { type: 'form.submit' },
    {
      type: 'xstate.error.actor.saveQualification',
      ...entry.sampleEvents?.['xstate.error.actor.saveQualification'],
    },
    { type: 'university.showDropdown' },
  ]),
];

const spec = (teacherId: number | null) => ({
  beforePath: () => {
    signInTeacher({ teacherId });
    degrees = heldResponse('get', '*/api/v1/degrees');
    subjects = heldResponse('get', '*/api/v1/subjects');
    saved = heldResponse('get', '*/api/v1/teachers/:id');
    create = heldResponse('post', '*/api/v1/teachers/:id/teacher_educational_qualifications');
    update = heldResponse('put', '*/api/v1/teacher_educational_qualifications/:id');
  },
  render: () => renderPage(<EducationalDetailsPage />, '/educational_details_teacher'),
  states: {
    loading: () => expect(screen.getByLabelText('Loading')).toBeInTheDocument(),
    loadFailed: (_: PageView, s: AnyMachineSnapshot) => {
      expect(screen.getByRole('heading', { name: M.couldNotLoad })).toBeVisible();
      expect(screen.getByRole('alert')).toHaveTextContent(s.context.loadError);
      expect(screen.getByRole('button', { name: 'Try Again' })).toBeEnabled();
    },
    editing: (_: PageView, s: AnyMachineSnapshot) => {
      expect(next()).not.toHaveAttribute('data-loading');
      formShown(s);
    },
    submitting: (_: PageView, s: AnyMachineSnapshot) => {
      expect(next()).toHaveAttribute('data-loading');
      formShown(s);
      expectFormLocked(next());
    },
    failure: (_: PageView, s: AnyMachineSnapshot) => {
      expect(next()).not.toHaveAttribute('data-loading');
      formShown(s);
    },
    done: (view: PageView) => expect(view.current()).toBe('/teacherSubject'),
  },
  events: {
    'xstate.done.actor.loadDegrees': (_: PageView, { event }: StepInfo) =>
      degrees.respond(200, { status: 'success', data: outputOf(event) }),
    'xstate.done.actor.loadSubjects': (_: PageView, { event }: StepInfo) =>
      subjects.respond(200, { status: 'success', data: outputOf(event) }),
    'xstate.done.actor.loadQualification': (_: PageView, { event }: StepInfo) =>
      // Without a stored teacher id nothing is fetched: the form starts empty.
      teacherId === null
        ? undefined
        : saved.respond(200, {
            status: 'success',
            data: teacherRecord({ teacher_educational_qualification: outputOf(event) }),
          }),
    'xstate.error.actor.loadDegrees': (_: PageView, { event }: StepInfo) => {
      const { status, body } = failureOf(event);
      return degrees.respond(status, body);
    },
    'xstate.error.actor.loadSubjects': (_: PageView, { event }: StepInfo) => {
      const { status, body } = failureOf(event);
      return subjects.respond(status, body);
    },
    'xstate.error.actor.loadQualification': (_: PageView, { event }: StepInfo) => {
      const { status, body } = failureOf(event);
      return saved.respond(status, body);
    },
    'data.retry': () => user.click(screen.getByRole('button', { name: 'Try Again' })),
    'field.change': async (_: PageView, { event, from }: StepInfo) => {
      const { field, value } = event as unknown as { field: string; value: string };
      if (field === 'degree_id') return user.selectOptions(screen.getByLabelText(LABELS.degree_id), value);
      if (field === 'subject_id') {
        const name = from.context.subjects.find((s: { id: number }) => String(s.id) === value).name;
        await user.click(subjectInput());
        return user.click(await screen.findByRole('option', { name, hidden: true }));
      }
      const input =
        field === 'university_name'
          ? screen.getByRole('textbox', { name: /^University name/ })
          : screen.getByLabelText(LABELS[field as keyof typeof LABELS]);
      await fill(user, input, value);
    },
    'university.select': (_: PageView, { event }: StepInfo) =>
      user.selectOptions(
        screen.getByRole('combobox', { name: /^University/ }),
        (event as unknown as { value: string }).value,
      ),
    'university.showDropdown': () => user.click(screen.getByRole('button', { name: 'Show Dropdown' })),
    'form.submit': () => user.click(next()),
    'form.back': async (view: PageView) => {
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(view.current()).toBe('/personal_details_teacher');
      view.location.navigate('/educational_details_teacher');
    },
    // A revisit (the saved qualification loaded) updates it; a first visit creates one.
    'xstate.done.actor.saveQualification': (_: PageView, { event, from }: StepInfo) =>
      (from.context.qualificationId ? update : create).respond(200, {
        status: 'success',
        data: outputOf(event),
      }),
    'xstate.error.actor.saveQualification': (_: PageView, { event, from }: StepInfo) => {
      const { status, body } = failureOf(event);
      return (from.context.qualificationId ? update : create).respond(status, body);
    },
  },
  timeout: 20000,
});

testMachine(entry, { ...spec(21), paths });

// No teacher id stored (personal details not done): a complete form says so instead of saving, twice.
const newTeacher = { ...entry, sampleInput: { teacherId: null } };
testMachine(newTeacher, {
  ...spec(null),
  paths: [
    pathOf(
      'failure',
      [],
      [
        { type: 'xstate.done.actor.loadDegrees', output: [{ id: 5, name: 'B.Sc' }] },
        { type: 'xstate.done.actor.loadSubjects', ...entry.sampleEvents?.['xstate.done.actor.loadSubjects'] },
        { type: 'xstate.done.actor.loadQualification', output: null },
        { type: 'field.change', field: 'degree_id', value: '5' },
        { type: 'field.change', field: 'subject_id', value: '1' },
        { type: 'field.change', field: 'school_name', value: 'Hindu School' },
        { type: 'field.change', field: 'college_name', value: 'Presidency College' },
        { type: 'university.select', value: 'University of Calcutta' },
        { type: 'field.change', field: 'year_of_passing', value: '2012' },
        { type: 'form.submit' },
        { type: 'form.submit' },
      ],
    ),
  ],
});
