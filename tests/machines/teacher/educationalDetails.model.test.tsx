import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { TEACHER_EDUCATION_MESSAGES as M } from '../../../contract/rules/teacher-education';
import { entries } from '../../../machines/teacher';
import { coveragePaths, type MachinePath } from '../../../src/features/machines/analysis';
import EducationalDetailsPage from '../../../src/features/teacher/EducationalDetailsPage';
import {
  failureOf,
  outputOf,
  type PageView,
  renderPage,
  signInTeacher,
} from '../../client/teacher/model-view';
import { heldResponse, testMachine } from '../../model/kit';
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
// Back is on the form, not on the spinner: press it once everything has loaded.
const paths: MachinePath[] = [
  ...coveragePaths(entry).filter((p) => p.steps[0]?.event.type !== 'form.back'),
  { target: 'editing', steps: [...loaded, { event: { type: 'form.back' }, value: null }], transitions: [] },
];

testMachine(entry, {
  paths,
  beforePath: () => {
    signInTeacher();
    degrees = heldResponse('get', '*/api/v1/degrees');
    subjects = heldResponse('get', '*/api/v1/subjects');
    saved = heldResponse('get', '*/api/v1/teachers/:id');
    create = heldResponse('post', '*/api/v1/teachers/:id/teacher_educational_qualifications');
    update = heldResponse('put', '*/api/v1/teacher_educational_qualifications/:id');
  },
  render: () => renderPage(<EducationalDetailsPage />, '/educational_details_teacher'),
  states: {
    loading: () => expect(screen.getByLabelText('Loading')).toBeInTheDocument(),
    loadFailed: (_, s) => {
      expect(screen.getByRole('heading', { name: M.couldNotLoad })).toBeVisible();
      expect(screen.getByRole('alert')).toHaveTextContent(s.context.loadError);
      expect(screen.getByRole('button', { name: 'Try Again' })).toBeEnabled();
    },
    editing: (_, s) => {
      expect(next()).not.toHaveAttribute('data-loading');
      formShown(s);
    },
    submitting: (_, s) => {
      expect(next()).toHaveAttribute('data-loading');
      formShown(s);
    },
    failure: (_, s) => {
      expect(next()).not.toHaveAttribute('data-loading');
      formShown(s);
    },
    done: (view: PageView) => expect(view.current()).toBe('/teacherSubject'),
  },
  events: {
    'xstate.done.actor.loadDegrees': (_, { event }) =>
      degrees.respond(200, { status: 'success', data: outputOf(event) }),
    'xstate.done.actor.loadSubjects': (_, { event }) =>
      subjects.respond(200, { status: 'success', data: outputOf(event) }),
    'xstate.done.actor.loadQualification': (_, { event }) =>
      saved.respond(200, {
        status: 'success',
        data: teacherRecord({ teacher_educational_qualification: outputOf(event) }),
      }),
    'xstate.error.actor.loadDegrees': (_, { event }) => {
      const { status, body } = failureOf(event);
      return degrees.respond(status, body);
    },
    'xstate.error.actor.loadSubjects': (_, { event }) => {
      const { status, body } = failureOf(event);
      return subjects.respond(status, body);
    },
    'xstate.error.actor.loadQualification': (_, { event }) => {
      const { status, body } = failureOf(event);
      return saved.respond(status, body);
    },
    'data.retry': () => user.click(screen.getByRole('button', { name: 'Try Again' })),
    'field.change': async (_, { event }) => {
      const { field, value } = event as unknown as { field: keyof typeof LABELS; value: string };
      await user.clear(screen.getByLabelText(LABELS[field]));
      await user.type(screen.getByLabelText(LABELS[field]), value);
    },
    'university.select': (_, { event }) =>
      user.selectOptions(
        screen.getByRole('combobox', { name: /^University/ }),
        (event as unknown as { value: string }).value,
      ),
    'university.showDropdown': () => user.click(screen.getByRole('button', { name: 'Show Dropdown' })),
    'form.submit': () => user.click(next()),
    'form.back': async (view) => {
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(view.current()).toBe('/personal_details_teacher');
      view.location.navigate('/educational_details_teacher');
    },
    // A revisit (the saved qualification loaded) updates it; a first visit creates one.
    'xstate.done.actor.saveQualification': (_, { event, from }) =>
      (from.context.qualificationId ? update : create).respond(200, {
        status: 'success',
        data: outputOf(event),
      }),
    'xstate.error.actor.saveQualification': (_, { event, from }) => {
      const { status, body } = failureOf(event);
      return (from.context.qualificationId ? update : create).respond(status, body);
    },
  },
  timeout: 20000,
});
