import { describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES } from '../../../contract/rules/request';
import { teacherFinderMachine } from '../../../machines/student/teacherFinder.machine';
import { matchesBody, sampleMatches } from '../../msw/handlers/requests';
import { done, failed, reached, walkShortestPaths } from './walk';

const page = matchesBody(sampleMatches, 3);
const alreadySent = {
  kind: 'response',
  status: 409,
  body: { message: REQUEST_MESSAGES.alreadySent, data: { id: 77, status: 'request_send' } },
  message: REQUEST_MESSAGES.alreadySent,
};
const events = [
  done('findLatestRequest', { id: 11 }),
  done('findLatestRequest', null),
  failed('findLatestRequest'),
  done('loadMatches', page),
  failed('loadMatches'),
  { type: 'load.retry' },
  { type: 'filter.change', filter: 'online' },
  { type: 'teacher.connect', teacherId: 1 },
  { type: 'teacher.connect', teacherId: 2 },
  done('connectTeacher', { id: 50, status: 'request_send' }),
  failed('connectTeacher', alreadySent),
  failed('connectTeacher'),
  { type: 'page.more' },
  done('loadMoreMatches', { ...page, page: 2, data: [] }),
  { type: 'xstate.after.toast.teacherFinder.ready.toast.shown' },
  { type: 'toast.close' },
];
const opts = {
  actors: ['findLatestRequest', 'loadMatches', 'connectTeacher'],
  actions: [],
  serialize: (s: ReturnType<typeof teacherFinderMachine.getInitialSnapshot>) =>
    JSON.stringify([
      s.value,
      s.context.matches.map((m) => m.connection),
      s.context.toast,
      s.context.message,
      s.context.filter,
      s.context.page,
    ]),
};

describe('teacherFinder model paths (after a reload: no request id)', () => {
  const walks = walkShortestPaths(teacherFinderMachine, { ...opts, input: { requestId: null }, events });

  it('reaches every state', () => {
    const states = reached(walks);
    for (const s of [
      '"resolving"',
      '"noRequest"',
      '"failure"',
      '"loading"',
      '{"ready":{"list":"idle","toast":"hidden"}}',
      '{"ready":{"list":"connecting","toast":"hidden"}}',
      '{"ready":{"list":"idle","toast":"shown"}}',
      '{"ready":{"list":"loadingMore","toast":"hidden"}}',
    ])
      expect(states).toContain(s);
  });

  it('Connect marks the teacher contacted and shows the SPEC confirmation; never a second Connect', () => {
    const w = walks.find((x) => x.snapshot.context.toast === REQUEST_MESSAGES.connectSent)!;
    expect(w.snapshot.context.matches[0].connection).toEqual({ id: 50, status: 'request_send' });
    // Teacher 2 was already contacted (accepted): the connect event is not even possible.
    expect(walks.some((x) => x.snapshot.context.connectingId === 2)).toBe(false);
    expect(w.snapshot.can({ type: 'teacher.connect', teacherId: 1 })).toBe(false);
  });

  it('a 409 "already sent" shows the existing state instead of an error', () => {
    const w = walks.find((x) => x.snapshot.context.matches[0]?.connection?.id === 77);
    expect(w).toBeDefined();
    expect(w!.snapshot.context.message).toBeNull();
  });
});

describe('teacherFinder with the request id from navigation', () => {
  it('loads right away', () => {
    const walks = walkShortestPaths(teacherFinderMachine, { ...opts, input: { requestId: 11 }, events });
    expect(walks[0].snapshot.value).toBe('loading');
    expect(reached(walks).has('"noRequest"')).toBe(false);
  });
});
