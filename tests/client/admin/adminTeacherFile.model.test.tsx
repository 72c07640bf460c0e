import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { Route } from 'wouter';
import type { AnyMachineSnapshot } from 'xstate';
import { ADMIN_MESSAGES } from '../../../contract/rules/admin';
import { formatDate } from '../../../contract/rules/common';
import type { AdminTeacherFile } from '../../../contract/structs/admin';
import { entries } from '../../../machines/admin';
import type { AdminTeacherFileContext } from '../../../machines/admin/adminTeacherFile';
import AdminTeacherFilePage from '../../../src/features/admin/AdminTeacherFilePage';
import { testMachine } from '../../model/kit';
import { failureOf, heldRequests, outputOf, renderPage, signInAdmin } from './model-view';

/**
 * The real /Admin_Teacher/21 page walked over adminTeacherFile: the teacher's full record once it
 * loads, 'Teacher not found' for a 404, and the error banner with 'Try again' for other failures.
 */
const entry = entries.find((e) => e.name === 'adminTeacherFile')!;
const user = userEvent.setup();
let file: ReturnType<typeof heldRequests>;
const contextOf = (s: AnyMachineSnapshot) => s.context as AdminTeacherFileContext;
const main = () => within(screen.getByRole('main'));

function recordShown(f: AdminTeacherFile) {
  const t = f.teacher;
  expect(main().getByRole('heading', { level: 1, name: t.name })).toBeVisible();
  const personal = within(main().getByRole('region', { name: 'Personal details' }));
  expect(personal.getByText(t.email)).toBeVisible();
  expect(personal.getByText(t.date_of_birth)).toBeVisible();
  expect(personal.getByText(formatDate(t.created_at))).toBeVisible();
  const documents = within(main().getByRole('region', { name: 'Documents' }));
  expect(documents.getByRole('button', { name: 'Aadhar card' })).toBeVisible();
  const requests = within(main().getByRole('region', { name: 'Requests' }));
  for (const r of f.requests)
    expect(requests.getByRole('row', { name: new RegExp(r.student_name) })).toBeVisible();
  const activity = within(main().getByRole('region', { name: 'Activity' }));
  expect(activity.getAllByRole('listitem')).toHaveLength(f.activity.length);
  for (const region of ['Qualification', 'Preferences', 'Schedule'])
    expect(main().getByRole('region', { name: region })).toBeVisible();
}

testMachine(entry, {
  beforePath: () => {
    signInAdmin();
    file = heldRequests('get', '*/api/v1/admin/teachers/:id');
  },
  render: () =>
    renderPage(<Route path="/Admin_Teacher/:id" component={AdminTeacherFilePage} />, '/Admin_Teacher/21'),
  states: {
    loading: () => {
      expect(main().getByLabelText('Loading the teacher')).toBeInTheDocument();
      expect(main().queryByRole('alert')).not.toBeInTheDocument();
    },
    loaded: (_, s) => {
      recordShown(contextOf(s).file as AdminTeacherFile);
      expect(main().queryByRole('alert')).not.toBeInTheDocument();
    },
    notFound: () => {
      expect(main().getByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.teacherNotFound);
      expect(main().queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    },
    failure: () => {
      expect(main().getByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.teacherFileFailed);
      expect(main().getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
  },
  events: {
    'xstate.done.actor.fetchTeacherFile': (_, { event }) =>
      file.respond(200, { status: 'success', data: outputOf(event) }, (url) =>
        url.pathname.endsWith('/api/v1/admin/teachers/21'),
      ),
    'xstate.error.actor.fetchTeacherFile': (_, { event }) => {
      const { status, body } = failureOf(event);
      return file.respond(status, body);
    },
    'file.retry': () => user.click(main().getByRole('button', { name: 'Try again' })),
  },
});
