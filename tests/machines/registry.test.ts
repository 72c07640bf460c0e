import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { machineRegistry } from '../../machines';
import { describeMachine, walk } from '../../src/features/machines/analysis';

// Every module under machines/ (the registry files included), loaded as the app loads them.
const modules = import.meta.glob<Record<string, unknown>>(
  ['../../machines/**/*.ts', '!../../machines/**/*.test.ts'],
  {
    eager: true,
  },
);

const isMachine = (value: unknown): value is AnyStateMachine =>
  Boolean(
    value && typeof value === 'object' && 'root' in value && 'getInitialSnapshot' in value && 'id' in value,
  );

/** Comments are not code: a doc comment that mentions `setup()` defines no machine. */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
const definesMachine = (source: string) => /\bcreateMachine\s*\(|\bsetup\s*\(/.test(withoutComments(source));

const machineFiles = Object.keys(modules).filter((path) =>
  definesMachine(readFileSync(new URL(path, import.meta.url), 'utf8')),
);

describe('machine registry (machines/index.ts)', () => {
  const registered = new Set(machineRegistry.map((entry) => entry.machine));
  const registeredIds = new Set(machineRegistry.map((entry) => entry.machine.id));

  it.each(machineFiles.length ? machineFiles : ['(no machine file yet)'])(
    '%s: every machine it defines is registered',
    (path) => {
      if (!modules[path]) return;
      const exported = Object.entries(modules[path]).filter(([, value]) => isMachine(value));
      // A machine factory (`create<Name>Machine`, e.g. reviewQueue.ts) defines machines for other
      // files: the machines it makes are exported, and checked, where they are made.
      const factories = Object.entries(modules[path]).filter(
        ([name, value]) => typeof value === 'function' && /^create[A-Z]\w*Machine$/.test(name),
      );
      if (!exported.length && factories.length) return;
      expect(
        exported.length,
        `${path} defines a machine but exports none; export it and register it`,
      ).toBeGreaterThan(0);
      for (const [name, machine] of exported as [string, AnyStateMachine][]) {
        expect(
          registered.has(machine) || registeredIds.has(machine.id),
          `${path} exports machine "${name}" (id "${machine.id}") that machines/index.ts does not list: add an entry to machines/<feature>/index.ts`,
        ).toBe(true);
      }
    },
  );

  it('names each entry after its machine, once', () => {
    for (const entry of machineRegistry) expect(entry.name, `entry ${entry.name}`).toBe(entry.machine.id);
    const names = machineRegistry.map((entry) => entry.name);
    expect(
      names.filter((name, i) => names.indexOf(name) !== i),
      'names used twice',
    ).toEqual([]);
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it.each(machineRegistry.map((entry) => [entry.name, entry] as const))(
    '%s has a title, routes and a description',
    (_, entry) => {
      expect(entry.title.trim()).not.toBe('');
      expect(entry.description.trim()).not.toBe('');
      expect(entry.routes.length).toBeGreaterThan(0);
      for (const route of entry.routes) expect(route).toMatch(/^\//);
    },
  );

  it.each(machineRegistry.map((entry) => [entry.name, entry] as const))(
    '%s can be walked with its sample events (what QA does in the visualiser)',
    (_, entry) => {
      const w = walk(entry);
      expect(
        w.problems,
        'sample payloads the machine cannot take: fix sampleEvents in the registry entry',
      ).toEqual([]);
      const known = new Set(describeMachine(entry.machine).transitions.map((t) => t.eventType));
      const sampled = Object.keys(entry.sampleEvents ?? {});
      expect(
        sampled.filter((type) => !known.has(type)),
        'sampleEvents for events the machine does not handle',
      ).toEqual([]);
    },
  );
});
