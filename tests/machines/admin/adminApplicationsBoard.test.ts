import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  adminApplicationsBoardMachine,
  type BoardData,
} from '../../../machines/admin/adminApplicationsBoard';

/** A move refused by the server keeps the note the administrator wrote for the job seeker. */
describe('adminApplicationsBoard', () => {
  it('a failed move keeps the note and the decision open, with the failure shown', async () => {
    const board = {
      posting: { id: 11, title: 'Physics Teacher' },
      applications: [{ id: 21, status: 'applied', job_seeker: { name: 'Rina Das' } }],
    } as unknown as BoardData;
    const actor = createActor(
      adminApplicationsBoardMachine.provide({
        actors: {
          fetchBoard: fromPromise(async () => board),
          moveApplication: fromPromise(async () => {
            throw new Error('Network Error');
          }) as never,
        },
      }),
      { input: { postingId: 11 } },
    ).start();
    await waitFor(actor, (s) => s.matches('board'));
    actor.send({ type: 'status.choose', id: 21, status: 'shortlisted' });
    actor.send({ type: 'note.change', value: 'Interview on Monday at 10.' });
    actor.send({ type: 'decision.confirm' });
    const after = await waitFor(actor, (s) => !s.matches('moving'));
    expect(after.value).toBe('deciding');
    expect(after.context.decision).toEqual({
      applicationId: 21,
      status: 'shortlisted',
      note: 'Interview on Monday at 10.',
    });
    expect(after.context.error).toBeTruthy();
  });
});
