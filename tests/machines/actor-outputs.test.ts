import { describe, expect, it } from 'vitest';
import { findMachine, machineRegistry } from '../../machines';
import { listOf, orNull } from '../../machines/registry';
import { actorName, describeMachine, samplesOf, walk } from '../../src/features/machines/analysis';
import {
  currentSnapshot,
  enabledEvents,
  outputMismatch,
  trySend,
  type WalkState,
} from '../../src/features/machines/walker';

/**
 * The registry declares what an invoked actor resolves with (a struct from contract/, keyed by the
 * actor's src) where contract/ has one; the visualiser checks a hand-made output against it and shows
 * the mismatch instead of sending it (src/features/machines/walker.ts).
 */
const declared = machineRegistry.filter((entry) => entry.actorOutputs);

describe('declared actor outputs', () => {
  it('are declared for the machines whose calls resolve with a contract/ struct', () => {
    expect(declared.map((e) => e.name).sort()).toEqual(
      [
        'adminDashboard',
        'adminPostingEditor',
        'adminTeacherFile',
        'jobApply',
        'routeGuard',
        'studentRequests',
        'subjectRequest',
        'teacherDashboard',
        'teacherEducationalDetails',
        'teacherPreferences',
        'teacherProfile',
        'teacherSchedule',
      ].sort(),
    );
  });

  it.each(declared.map((e) => [e.name, e] as const))('%s: each names an actor it invokes', (_name, entry) => {
    const srcs = new Set(describeMachine(entry.machine).actors.map((a) => a.src));
    for (const src of Object.keys(entry.actorOutputs ?? {})) expect(srcs, src).toContain(src);
  });

  it.each(declared.map((e) => [e.name, e] as const))(
    '%s: every registry sample matches its declared output (the visualiser offers each one)',
    (_name, entry) => {
      const types = Object.keys(entry.sampleEvents ?? {}).filter((t) => t.startsWith('xstate.done.actor.'));
      for (const type of types) {
        const src = actorName(entry.machine, type.slice('xstate.done.actor.'.length));
        for (const sample of samplesOf(entry.sampleEvents, type, entry.machine))
          expect(outputMismatch(entry, src, sample.output), `${type} ${JSON.stringify(sample)}`).toBeNull();
      }
    },
  );

  it('refuses an output of another shape with what does not match, and the walk stays where it was', () => {
    const entry = findMachine('teacherSchedule');
    if (!entry) throw new Error('teacherSchedule is not registered');
    const w = walk(entry);
    const loading = [...w.nodes.values()]
      .map((n) => n.snapshot)
      .find((s) => enabledEvents(entry, s).actors.some((a) => a.id === 'loadSchedule'));
    if (!loading) throw new Error('no state where loadSchedule runs');
    const at: WalkState = { start: loading, steps: [] };
    const done = enabledEvents(entry, loading).actors.find((a) => a.id === 'loadSchedule')?.done as string;

    const notAList = trySend(entry, at, { type: done, output: { week_day: 1 } } as never);
    expect(notAList.error).toMatch(/^Does not match loadSchedule's declared output: Expected an array/);
    const badItem = trySend(entry, at, {
      type: done,
      output: [{ id: 1, teacher_id: 2, week_day: 'Monday', time_slots: [] }],
    } as never);
    expect(badItem.error).toMatch(/^Does not match loadSchedule's declared output: At item 0: .*week_day/);
    expect(badItem.walk).toBeUndefined();

    // What contract/ declares goes through.
    const ok = trySend(entry, at, {
      type: done,
      output: [{ id: 1, teacher_id: 2, week_day: 1, time_slots: [] }],
    } as never);
    expect(ok.walk && currentSnapshot(ok.walk)).not.toBe(loading);
  });

  it('listOf and orNull take lists and null, and refuse other values', () => {
    const number = {
      validate: (v: unknown) =>
        (typeof v === 'number' ? [undefined, v] : [{ message: 'Expected a number' }]) as [
          { message: string } | undefined,
          unknown?,
        ],
    };
    expect(listOf(number).validate([1, 2])[0]).toBeUndefined();
    expect(listOf(number).validate([1, 'x'])[0]?.message).toBe('At item 1: Expected a number');
    expect(listOf(number).validate(null)[0]?.message).toBe('Expected an array, but received: null');
    expect(orNull(number).validate(null)[0]).toBeUndefined();
    expect(orNull(number).validate('x')[0]?.message).toBe('Expected a number');
  });
});
