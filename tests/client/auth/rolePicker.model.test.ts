import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { findMachine } from '../../../machines';
import { ROLE_CHOICES } from '../../../machines/auth/rolePicker';
import { chosenRole } from '../../../src/features/auth/chosenRole';
import { testMachine } from '../../model/kit';
import { renderRoute } from '../render';

/**
 * The role picker on the real /role page (tests/model/kit.ts): every choice, Back and Next from the
 * picker, and a stored teacher or student session that skips it.
 */
const entry = findMachine('rolePicker');
if (!entry) throw new Error('rolePicker is not registered');

const user = userEvent.setup();
type View = ReturnType<typeof renderRoute>;

const states = {
  choosing: () => {
    expect(screen.getByRole('heading', { name: 'I am' })).toBeInTheDocument();
    for (const choice of ROLE_CHOICES)
      expect(screen.getByRole('button', { name: choice.label })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  },
  leaving: (view: View, snapshot: { context: { route: string; chosenRoleId: number | null } }) => {
    expect(view.current()).toBe(snapshot.context.route);
    expect(chosenRole.get()).toBe(snapshot.context.chosenRoleId);
  },
};

testMachine(entry, {
  render: () => renderRoute('/role'),
  states: states as never,
  events: {
    'role.choose': (_, { event }) => {
      const { roleId } = event as unknown as { roleId: number };
      const label = ROLE_CHOICES.find((c) => c.roleId === roleId)?.label as string;
      return user.click(screen.getByRole('button', { name: label }));
    },
    'nav.back': () => user.click(screen.getByRole('button', { name: 'Back' })),
    'nav.next': () => user.click(screen.getByRole('button', { name: 'Next' })),
  },
});

// A stored teacher, student or job seeker session goes home without showing the picker.
for (const roleId of [1, 2, 3]) {
  testMachine(
    { ...entry, sampleInput: { storedRoleId: roleId } },
    {
      paths: [{ target: 'leaving', steps: [], transitions: [] }],
      beforePath: () => {
        localStorage.setItem('auth_token', 'stored-token');
        localStorage.setItem('user_id', '41');
        localStorage.setItem('role_id', String(roleId));
        // Details saved (without them, the app sends the person on to the step they need).
        localStorage.setItem(['teacher_id', 'student_id', 'job_seeker_id'][roleId - 1], '9');
      },
      render: () => renderRoute('/role'),
      states: states as never,
      events: {},
    },
  );
}
