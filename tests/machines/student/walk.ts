import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { drafts } from '../../../src/lib/drafts';
import { renderRoute } from '../../client/render';

/** Helpers shared by the student model tests (tests/model/kit.ts drives the real pages). */
export { renderRoute };
export type View = ReturnType<typeof renderRoute>;

export const STUDENT_USER_ID = 42;

/** A signed-in student (docs/product.md#sessions-and-storage keys), optionally with a stored student id and a draft. */
export function signInStudent(
  options: {
    studentId?: number;
    draft?: { name: 'studentdetails1' | 'studentdetails2'; values: object };
  } = {},
) {
  localStorage.setItem('auth_token', 'student-token');
  localStorage.setItem('user_id', String(STUDENT_USER_ID));
  localStorage.setItem('role_id', '2');
  if (options.studentId) localStorage.setItem('student_id', String(options.studentId));
  if (options.draft) drafts.save(options.draft.name, STUDENT_USER_ID, options.draft.values);
}

/** A field by its label (required fields carry an asterisk after it). */
export const byLabel = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

/** The button is busy (Mantine's loading state) or not. */
export function expectBusy(name: string, busy = true) {
  const button = screen.getByRole('button', { name });
  if (busy) expect(button).toHaveAttribute('data-loading');
  else expect(button).not.toHaveAttribute('data-loading');
}

export const output = <T>(event: unknown) => (event as { output: T }).output;
