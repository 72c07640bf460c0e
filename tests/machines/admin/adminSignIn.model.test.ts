import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { ADMIN_MESSAGES } from '../../../contract/rules/admin';
import {
  type AdminSignInContext,
  type AdminSignInResult,
  adminSignInMachine,
} from '../../../machines/admin/adminSignIn';

const failure = (status: number, body: unknown) => ({ kind: 'response', status, body, message: 'x' });
const EVENTS = [
  { type: 'mode.toggle' },
  { type: 'field.change', field: 'email', value: 'admin@example.com' },
  { type: 'field.change', field: 'email', value: 'not-an-email' },
  { type: 'field.change', field: 'password', value: 'longenough' },
  { type: 'field.change', field: 'password', value: 'short' },
  { type: 'field.clear', field: 'password' },
  { type: 'terms.change', checked: true },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.logIn', output: { token: 't', resource_owner: { id: 7 } } },
  { type: 'xstate.error.actor.logIn', error: failure(401, { error: 'invalid_grant' }) },
  { type: 'xstate.done.actor.register', output: {} },
  { type: 'xstate.error.actor.register', error: failure(403, { error: 'Admin registration is closed' }) },
];
const view = (s: { value: unknown; context: AdminSignInContext }) =>
  `${JSON.stringify(s.value)} ${JSON.stringify(s.context.fieldErrors)} ${s.context.error} ${s.context.message}`;

describe('adminSignIn: model-based paths (login / signup toggle)', () => {
  const paths = getShortestPaths(adminSignInMachine, {
    events: EVENTS as never,
    serializeState: (s: { value: unknown; context: unknown }) =>
      `${view(s as never)} ${(s.context as AdminSignInContext).email}|${(s.context as AdminSignInContext).password}|${(s.context as AdminSignInContext).agreeToTerms}`,
    limit: 50000,
  } as never);
  const states = paths.map(
    (p) =>
      p.state as unknown as { value: unknown; context: AdminSignInContext; matches(v: unknown): boolean },
  );

  it('reaches both modes, both submits, the signed-in end and every message', () => {
    const values = new Set(states.map((s) => JSON.stringify(s.value)));
    expect(values).toEqual(
      new Set([
        '{"login":"editing"}',
        '{"login":"submitting"}',
        '{"signup":"editing"}',
        '{"signup":"submitting"}',
        '"signedIn"',
      ]),
    );
    const shown = new Set(
      states.flatMap((s) => [s.context.error, s.context.message, ...Object.values(s.context.fieldErrors)]),
    );
    for (const text of [
      'Email is required',
      'Password is required',
      'Please enter a valid email address',
      'Password must be at least 8 characters',
      'You must agree to the terms and conditions',
      ADMIN_MESSAGES.invalidCredentials,
      ADMIN_MESSAGES.registrationClosed,
      ADMIN_MESSAGES.registrationSuccess,
    ])
      expect(shown, text).toContain(text);
  });

  it('every toggle clears the stored session, errors and messages', () => {
    for (const path of paths)
      for (const [i, step] of path.steps.entries()) {
        if (step.event.type !== 'mode.toggle' || i === 0) continue;
        const before = path.steps[i - 1].state as unknown as { matches(v: unknown): boolean };
        if (before.matches({ login: 'submitting' }) || before.matches({ signup: 'submitting' })) continue;
        const c = step.state.context as AdminSignInContext;
        expect(c.error).toBeNull();
        expect(c.message).toBeNull();
        expect(c.fieldErrors).toEqual({});
      }
  });

  it('replays each path on a live actor: storage cleared on load and toggles, session stored on login', async () => {
    const distinct = new Map<string, (typeof paths)[number]>();
    for (const p of paths) if (!distinct.has(view(p.state as never))) distinct.set(view(p.state as never), p);
    for (const path of distinct.values()) {
      const clearSession = vi.fn();
      const storeSession = vi.fn();
      const goToDashboard = vi.fn();
      // What the server answers to the next submit; a path ending while submitting never gets one.
      let next: { ok: boolean; value: unknown } | null = null;
      const answer = async () => {
        const reply = next;
        if (!reply) return new Promise<never>(() => {});
        if (!reply.ok) throw reply.value;
        return reply.value as never;
      };
      const actor = createActor(
        adminSignInMachine.provide({
          actors: {
            logIn: fromPromise<AdminSignInResult, { email: string; password: string }>(answer),
            register: fromPromise<unknown, { email: string; password: string }>(answer),
          },
          actions: { clearSession, storeSession: (_, p) => storeSession(p), goToDashboard },
        }),
      ).start();
      expect(clearSession).toHaveBeenCalledTimes(1);
      let toggles = 0;
      const steps = path.steps.filter((s) => (s.event.type as string) !== 'xstate.init');
      for (const [i, step] of steps.entries()) {
        const e = step.event as { type: string; output?: unknown; error?: unknown };
        if (e.type.startsWith('xstate.')) continue;
        const following = steps[i + 1]?.event as
          | { type: string; output?: unknown; error?: unknown }
          | undefined;
        next = null;
        if (following?.type.startsWith('xstate.done')) next = { ok: true, value: following.output };
        if (following?.type.startsWith('xstate.error')) next = { ok: false, value: following.error };
        if (e.type === 'mode.toggle') toggles++;
        actor.send(e as never);
        if (next)
          await waitFor(
            actor,
            (s) => !s.matches({ login: 'submitting' }) && !s.matches({ signup: 'submitting' }),
          );
      }
      const s = actor.getSnapshot();
      expect(view(s as never)).toBe(view(path.state as never));
      expect(clearSession).toHaveBeenCalledTimes(1 + toggles);
      if (s.matches('signedIn')) {
        expect(storeSession).toHaveBeenCalledWith({
          auth_token: 't',
          user_id: 7,
          role_id: 4,
          userEmail: 'admin@example.com',
        });
        expect(goToDashboard).toHaveBeenCalled();
      } else expect(storeSession).not.toHaveBeenCalled();
      actor.stop();
    }
  });
});
