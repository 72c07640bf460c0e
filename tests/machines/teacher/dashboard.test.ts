import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { entries } from '../../../machines/teacher';
import { dashboardMachine } from '../../../machines/teacher/dashboard';

/** A decline the server does not take keeps the dialog open with the reason the teacher wrote. */
const sample = (type: string) => {
  const e = entries.find((x) => x.name === 'teacherDashboard')!.sampleEvents?.[type];
  return { type, ...(Array.isArray(e) ? e[0] : e) } as never;
};
/** An actor that never settles: the test sends its outcome itself. */
const never = () => fromPromise(() => new Promise<never>(() => {})) as never;

/** The dashboard with the teacher and the requests loaded (the calls after that never settle). */
const started = () => {
  const actor = createActor(
    dashboardMachine.provide({
      actors: { loadTeacher: never(), loadRequests: never(), updateStatus: never() },
    }),
    { input: {} },
  ).start();
  actor.send(sample('xstate.done.actor.loadTeacher'));
  actor.send(sample('xstate.done.actor.loadRequests'));
  return actor;
};

describe('teacherDashboard: declining', () => {
  it('a failed decline keeps the dialog and the reason typed, and says it failed', () => {
    const actor = started();
    actor.send({ type: 'request.decline', id: 1 });
    actor.send({ type: 'reason.change', reason: 'I teach only in the evenings near Salt Lake' });
    actor.send({ type: 'decision.confirm' });
    expect(actor.getSnapshot().matches({ requests: 'declining' })).toBe(true);
    actor.send(sample('xstate.error.actor.declineRequest'));
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches({ requests: 'confirmingDecline' })).toBe(true);
    expect(context.pendingId).toBe(1);
    expect(context.reason).toBe('I teach only in the evenings near Salt Lake');
    expect(context.reasonKey).toBe('other');
    expect(context.toast).toBeTruthy();
  });
});

describe('teacherDashboard: what a closing dialog shows', () => {
  it('keeps the answered decision and its student once the request has left New Requests', () => {
    const actor = started();
    actor.send({ type: 'request.accept', id: 1 });
    expect(actor.getSnapshot().context.shown).toMatchObject({ accept: true, name: 'Rahul Das' });
    actor.send({ type: 'decision.confirm' });
    actor.send(sample('xstate.done.actor.acceptRequest'));
    const { context } = actor.getSnapshot();
    expect(context.pendingId).toBeNull();
    // The dialog fades out as 'Accept request' for Rahul Das, not as the other decision's.
    expect(context.shown).toMatchObject({ accept: true, name: 'Rahul Das' });
  });

  it('a cancelled decline stays a decline; the ended contract keeps its student', () => {
    const actor = started();
    actor.send({ type: 'request.decline', id: 1 });
    actor.send({ type: 'decision.cancel' });
    expect(actor.getSnapshot().context.shown).toMatchObject({ accept: false, name: 'Rahul Das' });
    actor.send({ type: 'contract.end', id: 2 });
    actor.send({ type: 'dialog.confirm' });
    actor.send(sample('xstate.done.actor.endContract'));
    const { context } = actor.getSnapshot();
    expect(context.ending).toBeNull();
    expect(context.shown.ending).toBe('Priya Roy');
  });
});
