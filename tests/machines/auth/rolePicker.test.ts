import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { rolePickerMachine } from '../../../machines/auth/rolePicker';

function start(storedRoleId: number | null) {
  const navigate = vi.fn();
  const storeRole = vi.fn();
  const actor = createActor(
    rolePickerMachine.provide({
      actions: {
        navigate: (_, params) => navigate(params.route),
        storeRole: (_, params) => storeRole(params.roleId),
      },
    }),
    { input: { storedRoleId } },
  ).start();
  return { actor, navigate, storeRole };
}

describe('rolePicker', () => {
  it('sends a signed-in teacher to /dashboard, a student to /subject, a job seeker to /joblist', () => {
    expect(start(1).navigate).toHaveBeenCalledWith('/dashboard');
    expect(start(2).navigate).toHaveBeenCalledWith('/subject');
    expect(start(3).navigate).toHaveBeenCalledWith('/joblist');
  });

  it('shows the choices without a session (or with another role)', () => {
    for (const role of [null, 4]) {
      const { actor, navigate } = start(role);
      expect(actor.getSnapshot().value).toBe('choosing');
      expect(navigate).not.toHaveBeenCalled();
    }
  });

  it('stores a teacher, student or job seeker choice for the session and opens sign-up on /', () => {
    for (const roleId of [1, 2, 3]) {
      const { actor, navigate, storeRole } = start(null);
      actor.send({ type: 'role.choose', roleId });
      expect(storeRole).toHaveBeenCalledWith(roleId);
      expect(navigate).toHaveBeenCalledWith('/?signup');
      expect(actor.getSnapshot().status).toBe('done');
    }
  });

  it('ignores an unknown role', () => {
    const { actor, navigate, storeRole } = start(null);
    actor.send({ type: 'role.choose', roleId: 9 });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(navigate).not.toHaveBeenCalled();
    expect(storeRole).not.toHaveBeenCalled();
  });

  it('Back goes to / (log in); Next, nobody being signed in, opens sign-up there', () => {
    const back = start(null);
    back.actor.send({ type: 'nav.back' });
    expect(back.navigate).toHaveBeenCalledWith('/');
    const next = start(null);
    next.actor.send({ type: 'nav.next' });
    expect(next.navigate).toHaveBeenCalledWith('/?signup');
  });
});
