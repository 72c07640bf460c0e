import { describe, expect, it } from 'vitest';
import { findMachine } from '../../machines';
import { describeMachine } from '../../src/features/machines/analysis';
import { layoutMachine } from '../../src/features/machines/layout';

// The diagram's geometry (elkjs runs in node too). Transitions that stay in their state used to be
// handed to the layout as edges from a state to itself: they came out as loops drawn through their
// own labels, which read like nested boxes with struck-through text.
describe('the diagram layout', () => {
  it.each(['teacherSchedule', 'auth'])(
    'lists %s’s self-transitions inside their state and draws no arrow from a state to itself',
    async (name) => {
      const entry = findMachine(name);
      if (!entry) throw new Error(`${name} is not registered`);
      const d = describeMachine(entry.machine);
      const loops = d.transitions.filter((t) => t.targetIds.every((id) => id === t.sourceId));
      expect(loops.length).toBeGreaterThan(0);
      const layout = await layoutMachine(entry.machine);
      const listed = layout.boxes.flatMap((box) => box.loops.map((l) => ({ box, ...l })));
      expect(listed.map((l) => l.transitionId).sort()).toEqual(loops.map((t) => t.id).sort());
      for (const l of listed) {
        const t = loops.find((x) => x.id === l.transitionId);
        expect(l.box.id).toBe(t?.sourceId);
        expect(l.label).toBe(t?.label);
        // Inside its box, and clear of the other lines.
        expect(l.x).toBeGreaterThanOrEqual(l.box.x);
        expect(l.x + 14 + l.label.length * 7).toBeLessThanOrEqual(l.box.x + l.box.width);
        expect(l.y).toBeGreaterThan(l.box.y);
        expect(l.y).toBeLessThan(l.box.y + l.box.height);
      }
      const loopIds = new Set(loops.map((t) => t.id));
      expect(layout.edges.filter((e) => loopIds.has(e.transitionId))).toEqual([]);
      // Every other transition is an arrow, with its label.
      const arrows = new Set(layout.edges.map((e) => e.transitionId).filter(Boolean));
      for (const t of d.transitions.filter((x) => !loopIds.has(x.id))) expect(arrows.has(t.id)).toBe(true);
    },
  );
});
