import type { AnyMachineSnapshot } from 'xstate';
import type { MachineEntry } from '../../../machines/registry';
import { describeMachine, eventLabelOf, valueText } from './analysis';
import { currentSnapshot, type WalkState } from './walker';

/** The deepest states a snapshot is in, as the kit's `states` keys (dotted paths). */
function leafPaths(entry: MachineEntry, snapshot: AnyMachineSnapshot): string[] {
  // biome-ignore lint/suspicious/noExplicitAny: _nodes is internal but stable across v5
  const nodes: { id: string; type: string }[] = (snapshot as any)._nodes ?? [];
  const byId = new Map(describeMachine(entry.machine).states.map((s) => [s.id, s]));
  return nodes
    .filter((n) => n.type === 'atomic' || n.type === 'final')
    .map((n) => byId.get(n.id)?.path ?? n.id)
    .filter(Boolean);
}

const json = (value: unknown, indent: string) =>
  (JSON.stringify(value, null, 2) ?? 'undefined').split('\n').join(`\n${indent}`);

/**
 * A walked path as a model test a developer pastes (docs/testing.md, "A walk from the visualiser"):
 * the kit replays exactly these events, with this input and clock, against the real view. Every
 * state assertion and every event executor is a placeholder that fails until it is written, so a
 * pasted snippet never passes while testing nothing.
 */
export function modelTestSnippet(entry: MachineEntry, walk: WalkState, link: string): string {
  const snapshots = [walk.start, ...walk.steps.map((s) => s.snapshot)];
  const states = [...new Set(snapshots.flatMap((s) => leafPaths(entry, s)))];
  const types = [...new Set(walk.steps.map((s) => s.event.type))];
  // Delays need no executor: the kit advances the clock by the delay.
  const events = types.filter((t) => !t.startsWith('xstate.after.'));
  const delays = types.length > events.length;
  const end = currentSnapshot(walk);
  const input = walk.setup?.input;
  const lines: string[] = [
    `// A model test replaying a walk of '${entry.name}' in the machine visualiser:`,
    `// ${link}`,
    `// Save it beside ${entry.name}'s model test (where ${entry.name}.structure.json is), e.g. as`,
    `// tests/client/<feature>/${entry.name}.walk.model.test.tsx, then replace every placeholder.`,
    "import { screen } from '@testing-library/react';",
    "import userEvent from '@testing-library/user-event';",
    "import { expect } from 'vitest';",
    "import { findMachine } from '../../../machines';",
    "import type { MachinePath } from '../../../src/features/machines/analysis';",
    "import { renderRoute } from '../../client/render';",
    "import { heldResponse, testMachine } from '../../model/kit';",
    '',
    `const entry = findMachine('${entry.name}');`,
    `if (!entry) throw new Error('${entry.name} is not registered');`,
    'const user = userEvent.setup();',
    '',
    `// The walk: ${walk.steps.length} step${walk.steps.length === 1 ? '' : 's'}, ending in ${valueText(end.value)}.`,
    'const walked: MachinePath = {',
    `  target: ${JSON.stringify(valueText(end.value))},`,
    '  steps: [',
    ...walk.steps.map(
      (s) =>
        `    { event: ${json(s.event, '    ')}, value: ${json(s.snapshot.value, '    ')} }, // ${s.label}`,
    ),
    '  ],',
    '  transitions: [],',
    '};',
    '',
    'testMachine(',
    input === undefined ? '  entry,' : `  { ...entry, sampleInput: ${json(input, '  ')} },`,
    '  {',
    '    paths: [walked],',
  ];
  if (entry.fakeClock) {
    const start = walk.setup?.clock ?? entry.fakeClock.startAt;
    lines.push(
      '    // The page sees the same clock as the walk: Date starts here and each delay moves it on.',
      `    clock: { now: Date.parse(${JSON.stringify(start)}) },`,
    );
  }
  lines.push(
    '    beforePath: () => {',
    '      // Sign in, hold server calls (heldResponse), set window.__APP_CONFIG__ here.',
    '    },',
    `    render: () => renderRoute(${JSON.stringify(entry.routes[0] ?? '/')}),`,
    '    states: {',
    ...states.flatMap((path) => [
      `      ${JSON.stringify(path)}: () => {`,
      `        expect.fail('Write what the screen shows in ${path}, e.g. expect(screen.getByRole(...)).toBeVisible()');`,
      '      },',
    ]),
    '    },',
    '    events: {',
    ...(delays
      ? ['      // Delays (after …) have no executor: the kit advances the clock by each delay.']
      : []),
    ...events.flatMap((type) => [
      `      ${JSON.stringify(type)}: async () => {`,
      type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')
        ? `        throw new Error('Answer the held call for ${eventLabelOf(entry.machine, type)} (heldResponse(...).respond)');`
        : `        throw new Error('Do what a person does to send ${type}, e.g. await user.click(...)');`,
      '      },',
    ]),
    '    },',
    '  },',
    ');',
    '',
    '// Referenced so the imports stay while placeholders are filled in.',
    'void [screen, user, heldResponse];',
    '',
  );
  return lines.join('\n');
}
