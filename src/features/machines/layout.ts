import ELK, { type ElkExtendedEdge, type ElkNode } from 'elkjs/lib/elk.bundled.js';
import type { AnyStateMachine } from 'xstate';
import { type DirectedGraphNode, toDirectedGraph } from 'xstate/graph';
import { describeMachine, type StateType } from './analysis';

/**
 * The diagram's geometry, computed in the browser (no service, works offline): the machine's state
 * tree from `toDirectedGraph` (xstate/graph), its transitions from analysis.ts, laid out by elkjs
 * (layered, with nested states laid out inside their parents).
 */

export interface BoxLayout {
  id: string;
  label: string;
  type: StateType;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Whether the state has children drawn inside it. */
  container: boolean;
  /** A region of a parallel state (drawn dashed). */
  region: boolean;
  initial: boolean;
  /**
   * Transitions that stay in this state (no target, or itself as the target), listed inside the box
   * under its name, one line each: drawn as arrows they came out as loops through their own labels.
   */
  loops: LoopLayout[];
}

export interface LoopLayout {
  transitionId: string;
  label: string;
  /** Where the line starts (left end of its icon) and its baseline. */
  x: number;
  y: number;
}

export interface EdgeLayout {
  id: string;
  transitionId: string;
  points: { x: number; y: number }[];
  label: string;
  labelX: number;
  labelY: number;
  labelWidth: number;
  /** The initial-state marker's arrow rather than a transition. */
  initialMarker: boolean;
}

export interface DiagramLayout {
  width: number;
  height: number;
  boxes: BoxLayout[];
  edges: EdgeLayout[];
  /** Initial-state dots (filled circles). */
  dots: { id: string; x: number; y: number }[];
}

const CHAR = 7;
const LINE = 16;
const HEADER = 28;
const DOT = 10;

const textWidth = (text: string) => Math.ceil(text.length * CHAR) + 8;
/** A listed self-transition: the loop icon, a gap, the label. */
const LOOP_ICON = 14;
const loopWidth = (label: string) => LOOP_ICON + textWidth(label);

let elk: InstanceType<typeof ELK> | null = null;

/** Each machine is laid out once: a machine's layout never changes, and ELK takes a while. */
const layouts = new WeakMap<AnyStateMachine, Promise<DiagramLayout>>();

export function layoutMachine(machine: AnyStateMachine): Promise<DiagramLayout> {
  let layout = layouts.get(machine);
  if (!layout) {
    layout = computeLayout(machine);
    layouts.set(machine, layout);
    layout.catch(() => layouts.delete(machine));
  }
  return layout;
}

async function computeLayout(machine: AnyStateMachine): Promise<DiagramLayout> {
  elk ??= new ELK();
  const description = describeMachine(machine);
  const infoById = new Map(description.states.map((s) => [s.id, s]));
  const graph = toDirectedGraph(machine);
  const extraEdges: ElkExtendedEdge[] = [];
  const isLoop = (t: { sourceId: string; targetIds: string[] }) =>
    t.targetIds.every((target) => target === t.sourceId);
  const loopsOf = new Map<string, { transitionId: string; label: string }[]>();
  for (const t of description.transitions.filter(isLoop))
    loopsOf.set(t.sourceId, [...(loopsOf.get(t.sourceId) ?? []), { transitionId: t.id, label: t.label }]);

  const toElk = (node: DirectedGraphNode): ElkNode => {
    const info = infoById.get(node.id);
    const label = info?.parentId ? info.key : machine.id;
    const children = node.children.map(toElk);
    const loops = loopsOf.get(node.id) ?? [];
    const widest = Math.max(0, ...loops.map((l) => loopWidth(l.label)));
    if (info?.initialId) {
      const dotId = `initial:${node.id}`;
      children.unshift({ id: dotId, width: DOT, height: DOT });
      extraEdges.push({ id: `initial-edge:${node.id}`, sources: [dotId], targets: [info.initialId] });
    }
    if (!children.length) {
      return {
        id: node.id,
        width: Math.max(72, textWidth(label) + 16, widest + 16),
        height: 36 + loops.length * LINE,
      };
    }
    return {
      id: node.id,
      children,
      layoutOptions: {
        'elk.padding': `[top=${HEADER + 8 + loops.length * LINE},left=12,bottom=12,right=12]`,
        'elk.direction': info?.type === 'parallel' ? 'RIGHT' : 'DOWN',
        ...(loops.length
          ? {
              'elk.nodeSize.constraints': 'MINIMUM_SIZE',
              'elk.nodeSize.minimum': `(${Math.max(textWidth(label), widest) + 24}, ${HEADER + loops.length * LINE + 20})`,
            }
          : {}),
      },
      labels: [{ text: label, width: textWidth(label), height: LINE }],
    };
  };

  const root = toElk(graph);
  const edges: ElkExtendedEdge[] = description.transitions.flatMap((t) => {
    if (isLoop(t)) return [];
    const targets = t.targetIds.filter((target) => target !== t.sourceId);
    return targets.map((target, i) => ({
      id: `${t.id}>${i}`,
      sources: [t.sourceId],
      targets: [target],
      labels: [{ text: t.label, width: textWidth(t.label), height: LINE }],
    }));
  });
  const input: ElkNode = {
    id: '__diagram',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.layered.spacing.nodeNodeBetweenLayers': '48',
      'elk.spacing.nodeNode': '28',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
    },
    children: [root],
    edges: [...edges, ...extraEdges],
  };
  const result: ElkNode = await elk.layout(input);

  const boxes: BoxLayout[] = [];
  const dots: DiagramLayout['dots'] = [];
  const origin = new Map<string, { x: number; y: number }>([['__diagram', { x: 0, y: 0 }]]);
  const visit = (node: ElkNode, offsetX: number, offsetY: number) => {
    const x = offsetX + (node.x ?? 0);
    const y = offsetY + (node.y ?? 0);
    origin.set(node.id, { x, y });
    if (node.id.startsWith('initial:')) {
      dots.push({ id: node.id, x: x + DOT / 2, y: y + DOT / 2 });
      return;
    }
    const info = infoById.get(node.id);
    if (info) {
      const parent = info.parentId ? infoById.get(info.parentId) : undefined;
      const container = Boolean(node.children?.length);
      const width = node.width ?? 0;
      const listed = loopsOf.get(node.id) ?? [];
      // Under the name: a container's name is at its top left, a leaf's name in its middle line.
      const firstBaseline = container ? y + 18 + LINE : y + 22 + LINE;
      const widest = Math.max(0, ...listed.map((l) => loopWidth(l.label)));
      const left = container ? x + 10 : x + (width - widest) / 2;
      const loops = listed.map((l, i) => ({ ...l, x: left, y: firstBaseline + i * LINE }));
      boxes.push({
        id: node.id,
        label: info.parentId ? info.key : machine.id,
        type: info.type,
        x,
        y,
        width,
        height: node.height ?? 0,
        container,
        region: parent?.type === 'parallel',
        initial: parent?.initialId === info.id,
        loops,
      });
    }
    for (const child of node.children ?? []) visit(child, x, y);
  };
  for (const child of result.children ?? []) visit(child, 0, 0);

  const laidEdges: EdgeLayout[] = (result.edges ?? []).map((edge) => {
    const container = (edge as ElkExtendedEdge & { container?: string }).container ?? '__diagram';
    const o = origin.get(container) ?? { x: 0, y: 0 };
    const points = (edge.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]);
    const label = edge.labels?.[0];
    const initialMarker = edge.id.startsWith('initial-edge:');
    return {
      id: edge.id,
      transitionId: initialMarker ? '' : edge.id.split('>')[0],
      points: points.map((p) => ({ x: p.x + o.x, y: p.y + o.y })),
      label: label?.text ?? '',
      labelX: (label?.x ?? 0) + o.x,
      labelY: (label?.y ?? 0) + o.y,
      labelWidth: label?.width ?? 0,
      initialMarker,
    };
  });
  return { width: result.width ?? 0, height: result.height ?? 0, boxes, edges: laidEdges, dots };
}
