import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, createMachine } from 'xstate';
import { machineRegistry } from '../../machines';
import { describeMachine } from '../../src/features/machines/analysis';
import { structureMismatch, structureNames } from './kit';

/**
 * A removed or added transition, in any registered machine, fails that machine's model test by name.
 * Every model test starts with `has the committed structure`, which fails with `structureMismatch`'s
 * message; here every machine is changed on purpose (each of its event transitions removed in turn,
 * one added) and compared with its committed structure the same way.
 */
function structureFiles(dir = 'tests', found: string[] = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) structureFiles(path, found);
    else if (entry.name.endsWith('.structure.json')) found.push(path);
  }
  return found;
}
const files = structureFiles();

type Invoke = { onDone?: unknown; onError?: unknown };
type Config = {
  on?: Record<string, unknown>;
  always?: unknown;
  after?: Record<string, unknown>;
  invoke?: Invoke | Invoke[];
  onDone?: unknown;
  states?: Record<string, Config>;
};

/** The same machine (same implementations) with its config changed at the state at `path`. */
function changed(machine: AnyStateMachine, path: string[], change: (state: Config) => Config) {
  const copy = (config: Config, rest: string[]): Config => {
    if (!rest.length) return change(config);
    const [head, ...tail] = rest;
    return { ...config, states: { ...config.states, [head]: copy(config.states?.[head] as Config, tail) } };
  };
  return createMachine(copy(machine.config as Config, path) as never, machine.implementations as never);
}

const omit = (record: Record<string, unknown> | undefined, key: string) => {
  const { [key]: _gone, ...rest } = record ?? ({} as Record<string, unknown>);
  return rest;
};

/**
 * Every transition a machine's config declares, one removal at a time: events (`on`), eventless
 * (`always`), delays (`after`), invoked actors' outcomes (`onDone`/`onError`) and a compound state's
 * `onDone`; the names its transitions have in the structure, and the config without them.
 */
function removals(machine: AnyStateMachine) {
  const names = structureNames(machine).transition;
  const d = describeMachine(machine);
  const found: { what: string; names: string[]; without: AnyStateMachine }[] = [];
  const visit = (config: Config, path: string[]) => {
    const id = d.states.find((s) => s.path === path.join('.'))?.id;
    const from = d.transitions.filter((t) => t.sourceId === id);
    const add = (what: string, match: (t: (typeof from)[number]) => boolean, change: (s: Config) => Config) =>
      found.push({
        what: `${path.join('.') || '(machine)'}: ${what}`,
        names: from.filter(match).map((t) => names.get(t.id) as string),
        without: changed(machine, path, change),
      });
    for (const event of Object.keys(config.on ?? {}))
      add(
        event,
        (t) => t.eventType === event,
        (s) => ({ ...s, on: omit(s.on, event) }),
      );
    if (config.always)
      add(
        'always',
        (t) => t.kind === 'always',
        (s) => ({ ...s, always: undefined }),
      );
    for (const delay of Object.keys(config.after ?? {}))
      add(
        `after ${delay}`,
        (t) => t.kind === 'after' && t.eventType.startsWith(`xstate.after.${delay}.`),
        (s) => ({ ...s, after: omit(s.after, delay) }),
      );
    const invokes = config.invoke ? [config.invoke].flat() : [];
    const actors = d.actors.filter((a) => a.stateId === id);
    invokes.forEach((invoke, i) => {
      for (const [key, kind] of [
        ['onDone', 'done'],
        ['onError', 'error'],
      ] as const) {
        if (!invoke[key]) continue;
        const list = [config.invoke].flat() as Invoke[];
        add(
          `${key} of ${actors[i]?.src}`,
          (t) => t.kind === kind && t.eventType.endsWith(`.actor.${actors[i]?.id}`),
          (s) => ({
            ...s,
            invoke: list.map((inv, j) => (j === i ? omit(inv as Record<string, unknown>, key) : inv)),
          }),
        );
      }
    });
    if (config.onDone)
      add(
        'onDone',
        (t) => t.kind === 'state.done',
        (s) => ({ ...s, onDone: undefined }),
      );
    for (const [key, child] of Object.entries(config.states ?? {})) visit(child, [...path, key]);
  };
  visit(machine.config as Config, []);
  return found;
}

describe.each(machineRegistry.map((e) => [e.name, e.machine] as const))('%s', (name, machine) => {
  const committed = files.filter((f) => f.endsWith(`/${name}.structure.json`));

  it('has a committed structure beside its model test, equal to the machine', () => {
    expect(committed, `no ${name}.structure.json under tests/`).not.toEqual([]);
    for (const file of committed) expect(structureMismatch(name, machine, file)).toBeNull();
  });

  it('fails its structure check naming each transition removed', () => {
    const all = removals(machine);
    expect(all.length).toBeGreaterThan(0);
    for (const { what, names, without } of all) {
      expect(names, what).not.toEqual([]);
      for (const file of committed) {
        const message = structureMismatch(name, without, file) ?? '';
        for (const transition of names) expect(message, what).toContain(`missing transition: ${transition}`);
      }
    }
  });

  it('fails its structure check naming a transition added', () => {
    const first = Object.keys((machine.config as Config).states ?? {})[0];
    const withExtra = changed(machine, [], (state) => ({
      ...state,
      on: { ...state.on, 'qa.added': `.${first}` },
    }));
    for (const file of committed)
      expect(structureMismatch(name, withExtra, file)).toMatch(/new transition: \(machine\): qa\.added → /);
  });
});
