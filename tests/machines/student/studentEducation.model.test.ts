import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  STUDENT_EDUCATION_MESSAGES,
  type StudentEducationField,
} from '../../../contract/rules/student-education';
import { findMachine } from '../../../machines';
import {
  type StudentEducationContext,
  studentEducationMachine,
} from '../../../machines/student/studentEducation';
import type { MachinePath } from '../../../src/features/machines/analysis';
import { drafts } from '../../../src/lib/drafts';
import { fill } from '../../client/fill';
import { expectFormLocked, heldResponse, testMachine } from '../../model/kit';
import { sampleQualification } from '../../msw/handlers/students';
import { byLabel, expectBusy, output, renderRoute, STUDENT_USER_ID, signInStudent, type View } from './walk';

/**
 * /studentdetails2 walked by the kit (tests/model/kit.ts) on the real page, from a School draft (the
 * registry's sample input). Finding the student (by the stored student id and its qualifications, or
 * by the user record when no id is stored) and saving are held until the path's steps answer them.
 */
const entry = findMachine('studentEducation');
if (!entry) throw new Error('studentEducation is not registered');
const { draft } = entry.sampleInput as { draft: Record<string, string> };
const user = userEvent.setup();
let findUser: ReturnType<typeof heldResponse>;
let qualifications: ReturnType<typeof heldResponse>;
let create: ReturnType<typeof heldResponse>;

const LABELS: Partial<Record<StudentEducationField, string>> = {
  school_name: 'School name',
  class_standard: 'Class/Standard',
  college_name: 'College name',
  university_name: 'University name',
  profession: 'Professional information',
};

/** Whether the path's student is found by a stored id (else through the user record). */
const storedIdIn = (path: MachinePath) =>
  !path.steps.some(
    (s) =>
      s.event.type === 'xstate.done.actor.findStudent' &&
      output<{ studentId: number | null }>(s.event).studentId === null,
  );

function expectForm(snapshot: { context: unknown }) {
  const { values, errors, message } = snapshot.context as StudentEducationContext;
  expect(screen.getByRole('radio', { name: values.education_type || 'School' })).toBeInTheDocument();
  if (values.education_type) expect(screen.getByRole('radio', { name: values.education_type })).toBeChecked();
  for (const [field, label] of Object.entries(LABELS))
    if (field === 'school_name' || field === 'class_standard')
      expect(byLabel(label as string)).toHaveValue(values[field as StudentEducationField]);
  for (const text of Object.values(errors)) if (text) expect(screen.getByText(text)).toBeVisible();
  if (message) expect(screen.getByRole('alert')).toHaveTextContent(message);
  else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
}

testMachine(entry, {
  beforePath: (path) => {
    signInStudent({
      studentId: storedIdIn(path) ? 7 : undefined,
      draft: { name: 'studentdetails2', values: draft },
    });
    findUser = heldResponse('get', '*/api/v1/users/:id');
    qualifications = heldResponse('get', '*/api/v1/students/:id/educational_qualifications');
    create = heldResponse('post', '*/api/v1/student_educational_qualifications');
  },
  render: () => renderRoute('/studentdetails2'),
  states: {
    finding: (_, snapshot) => {
      expectBusy('Next');
      // What is typed while the record is looked up shows and is kept.
      expectForm(snapshot);
    },
    missingStudent: (_, snapshot) => {
      expect(screen.getByRole('alert')).toHaveTextContent(
        (snapshot.context as StudentEducationContext).message as string,
      );
      expect(screen.getByRole('link', { name: 'Go to personal details' })).toHaveAttribute(
        'href',
        '/studentdetails1',
      );
    },
    editing: (_, snapshot) => {
      expectBusy('Next', false);
      expectForm(snapshot);
    },
    submitting: (_, snapshot) => {
      expectBusy('Next');
      expectForm(snapshot);
      expectFormLocked(screen.getByRole('button', { name: 'Next' }));
    },
    saved: (view) => {
      expect((view as View).current()).toBe('/subject');
      expect(drafts.load('studentdetails2', STUDENT_USER_ID)).toBeNull();
    },
  },
  events: {
    'xstate.done.actor.findStudent': (_, { event }) =>
      output<{ studentId: number | null }>(event).studentId === null
        ? findUser.respond(200, {
            status: 'success',
            data: { id: STUDENT_USER_ID, email: 'riya@example.com', user_role_id: 2 },
            profile: null,
          })
        : qualifications.respond(200, { status: 'success', data: [] }),
    'xstate.error.actor.findStudent': () => qualifications.respond(500, { message: 'Server error' }),
    'field.change': async (_, { event }) => {
      const { field, value } = event as unknown as { field: StudentEducationField; value: string };
      await fill(user, byLabel(LABELS[field] as string), value);
    },
    'form.submit': () => user.click(screen.getByRole('button', { name: 'Next' })),
    'xstate.done.actor.saveQualification': () =>
      create.respond(201, { status: 'success', data: sampleQualification }),
    'xstate.error.actor.saveQualification': (_, { event }) =>
      create.respond(422, (event as unknown as { error: { body: unknown } }).error.body),
  },
});

describe('studentEducation machine', () => {
  const working = {
    id: 3,
    degree_id: 7,
    current_academic_level: 'Professional',
    school_name: null,
    college_name: null,
    university_name: null,
    additional_information: 'Accountant',
  };

  it('a saved qualification fills the form (Working -> profession) when there is no draft', () => {
    const actor = createActor(studentEducationMachine, { input: { draft: null } }).start();
    actor.send({
      type: 'xstate.done.actor.findStudent',
      output: { studentId: 7, qualification: working },
    } as never);
    expect(actor.getSnapshot().context.values).toMatchObject({
      education_type: 'Working',
      profession: 'Accountant',
    });
    expect(actor.getSnapshot().context.qualificationId).toBe(3);
  });

  it('a failed save shows the SPEC text and maps additional_information back to the profession field', () => {
    const actor = createActor(studentEducationMachine, {
      input: { draft: { education_type: 'Working', profession: 'Accountant' } },
    }).start();
    actor.send({
      type: 'xstate.done.actor.findStudent',
      output: { studentId: 7, qualification: null },
    } as never);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    actor.send({
      type: 'xstate.error.actor.saveQualification',
      error: {
        kind: 'response',
        status: 422,
        body: { errors: { additional_information: ['Professional information is required'] } },
        message: 'Validation failed',
      },
    } as never);
    const { context } = actor.getSnapshot();
    expect(context.message).toBe(STUDENT_EDUCATION_MESSAGES.submitFailed);
    expect(context.errors.profession).toBe('Professional information is required');
    expect(context.values.profession).toBe('Accountant');
  });
});
