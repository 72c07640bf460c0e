import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/SimpleGrid.css';
import './Visualiser.css';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Code,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  Component,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { EventObject } from 'xstate';
import { machineRegistry } from '../../../machines';
import type { MachineEntry } from '../../../machines/registry';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageShell } from '../../components/PageShell';
import {
  LIVE_CHANNEL,
  LIVE_FLAG,
  type LiveEvent,
  type LiveMessage,
  type LiveSnapshot,
} from '../../lib/inspect';
import {
  activeStateIds,
  defaultPayload,
  describeMachine,
  fakeTimeOf,
  type MachinePath,
  pathText,
  samplesOf,
  shortestPaths,
  valueText,
} from './analysis';
import { Diagram, svgFileText } from './Diagram';
import { type DiagramLayout, layoutMachine } from './layout';
import { walkFromSearch, walkSearch } from './share';
import { modelTestSnippet } from './snippet';
import {
  currentSnapshot,
  enabledEvents,
  enabledTransitionIds,
  idsForValue,
  returnTo,
  startWalk,
  trySend,
  tryStartWalk,
  undo,
  type WalkSetup,
  type WalkState,
} from './walker';

/**
 * The machines the visualiser lists and opens: the app's registry. A test provides machines of its
 * own (fixtures) instead of mocking the registry's module.
 */
export const MachineRegistryContext = createContext<readonly MachineEntry[]>(machineRegistry);

/** QA's machine visualiser (issue 6): the list of machines, or one machine's diagram to walk or follow live. */
export default function Visualiser({ name }: { name?: string }) {
  const registry = useContext(MachineRegistryContext);
  if (!name) return <MachineList />;
  const entry = registry.find((candidate) => candidate.name === name);
  if (!entry) {
    return (
      <PageShell title="Machine not found">
        <ErrorBanner
          message={
            <>
              No machine is called “{name}”. <Anchor href="/__machines">See every machine</Anchor>.
            </>
          }
        />
      </PageShell>
    );
  }
  return <MachineView key={entry.name} entry={entry} />;
}

function MachineList() {
  const machineRegistry = useContext(MachineRegistryContext);
  return (
    <PageShell title="Machines" size="md">
      <Text>
        Every flow of the product is a statechart. Open one to see its diagram, walk it event by event (server
        calls are stubs you resolve or reject), or follow the real app live in another tab.
      </Text>
      {machineRegistry.length === 0 ? <Text c="dimmed">No machine is registered yet.</Text> : null}
      <Stack component="ul" gap="sm" p={0} style={{ listStyle: 'none' }} aria-label="Machines">
        {machineRegistry.map((entry) => {
          const d = describeMachine(entry.machine);
          return (
            <Card component="li" key={entry.name} withBorder padding="sm">
              <Anchor href={`/__machines/${encodeURIComponent(entry.name)}`} fw={600}>
                {entry.title}
              </Anchor>
              <Text size="sm">{entry.description}</Text>
              <Text size="xs" c="dimmed">
                {entry.name} · {entry.routes.join(', ') || 'no route'} · {d.states.length - 1} states ·{' '}
                {d.transitions.length} transitions
              </Text>
            </Card>
          );
        })}
      </Stack>
    </PageShell>
  );
}

/**
 * An event payload must be a JSON object (it is spread into the event); an actor's output or error
 * may be any JSON value: object, array, string, number, boolean or null.
 */
export function parseJson(text: string, kind: 'object' | 'any'): { value?: unknown; error?: string } {
  try {
    const value = text.trim() ? JSON.parse(text) : kind === 'object' ? {} : null;
    if (kind === 'object' && (!value || typeof value !== 'object' || Array.isArray(value)))
      return { error: 'Enter a JSON object.' };
    return { value };
  } catch (error) {
    return { error: `Not valid JSON: ${(error as Error).message}` };
  }
}

/** Monospaced editors; an error keeps the text dark and says why in a dark red (4.5:1 on white). */
const MONO = {
  input: { fontFamily: 'monospace', fontSize: 12, color: 'var(--mantine-color-text)' },
  error: { color: 'var(--mantine-color-red-9)' },
};

const pretty = (value: unknown) => JSON.stringify(value, null, 2) ?? 'undefined';

type Mode = 'walk' | 'live';

/** The page's address for a walk (machine, input, clock, events): shareable, it reopens the same state. */
function linkOf(entry: MachineEntry, walk: WalkState): string {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return `${origin}/__machines/${encodeURIComponent(entry.name)}${walkSearch(walk)}`;
}

function MachineView({ entry }: { entry: MachineEntry }) {
  const [layout, setLayout] = useState<DiagramLayout | null>(null);
  const [layoutError, setLayoutError] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('walk');
  // A link with a walk in it (?input=…&clock=…&events=…) opens where the walk ended.
  const [opened] = useState(() =>
    walkFromSearch(entry, typeof window === 'undefined' ? '' : window.location.search),
  );
  const [walk, setWalk] = useState<WalkState>(opened.walk);
  const [linkError, setLinkError] = useState<string | null>(opened.error ?? null);
  const [stepError, setStepError] = useState<string | null>(null);
  const [replay, setReplay] = useState<{ path: MachinePath; next: number } | null>(null);
  const [snippet, setSnippet] = useState<string | null>(null);
  const live = useLive(entry, mode === 'live');
  const svgRef = useRef<SVGSVGElement>(null);
  // Shortest paths are walked from the registry's input (what the docs and the model tests use).
  const paths = useMemo(() => shortestPaths(entry), [entry]);

  useEffect(() => {
    let cancelled = false;
    layoutMachine(entry.machine).then(
      (l) => !cancelled && setLayout(l),
      (e) => !cancelled && setLayoutError(String(e)),
    );
    return () => {
      cancelled = true;
    };
  }, [entry]);

  // The address follows the walk, so the address bar is always a link to this state.
  useEffect(() => {
    if (typeof window === 'undefined') return;
    const url = `${window.location.pathname}${walkSearch(walk)}`;
    if (url !== `${window.location.pathname}${window.location.search}`)
      window.history.replaceState(window.history.state, '', url);
  }, [walk]);

  const snapshot = currentSnapshot(walk);
  const active = useMemo(
    () => new Set(mode === 'live' ? live.activeIds : activeStateIds(snapshot)),
    [mode, live.activeIds, snapshot],
  );
  const enabled = useMemo(
    () => (mode === 'walk' ? enabledTransitionIds(entry, snapshot) : new Set<string>()),
    [mode, entry, snapshot],
  );
  const taken = useMemo(() => new Set(mode === 'walk' ? (walk.steps.at(-1)?.taken ?? []) : []), [mode, walk]);

  // The step is computed here, inside the try, not in a state updater: a machine that throws on a
  // payload (an action reading a field the output lacks) shows an error instead of blanking the page.
  const walkRef = useRef(walk);
  walkRef.current = walk;
  const show = (next: WalkState) => {
    walkRef.current = next;
    setWalk(next);
    setStepError(null);
    setSnippet(null);
  };
  const send = (event: EventObject) => {
    const result = trySend(entry, walkRef.current, event);
    if (result.error !== undefined) {
      setStepError(result.error);
      return false;
    }
    show(result.walk);
    return true;
  };
  const undoStep = () => {
    show(undo(walkRef.current));
    setReplay((r) => (r && r.next > 0 ? { ...r, next: r.next - 1 } : r));
  };
  const reset = () => {
    show(startWalk(entry, walkRef.current.setup));
    setReplay(null);
  };
  const goBackTo = (count: number) => {
    show(returnTo(walkRef.current, count));
    setReplay(null);
  };
  /** Starts again with another input or clock; false (and why, shown by the editor) when it cannot. */
  const restart = (setup: WalkSetup): string | null => {
    const result = tryStartWalk(entry, setup);
    if (result.error !== undefined) return result.error;
    show(result.walk);
    setReplay(null);
    setLinkError(null);
    return null;
  };

  const download = () => {
    if (!svgRef.current) return;
    const blob = new Blob([svgFileText(svgRef.current)], { type: 'image/svg+xml' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `${entry.name}.svg`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const startReplay = (path: MachinePath) => {
    show(startWalk(entry));
    setReplay({ path, next: 0 });
  };
  const replayNext = () => {
    if (!replay) return;
    const s = replay.path.steps[replay.next];
    if (s && send(s.event)) setReplay({ ...replay, next: replay.next + 1 });
  };

  return (
    <PageShell title={entry.title} size="xl">
      <Stack gap="xs">
        <Text>{entry.description}</Text>
        <Text size="sm" c="dimmed">
          Machine <Code>{entry.name}</Code> · runs on {entry.routes.join(', ') || 'no route'} ·{' '}
          <Anchor href="/__machines">all machines</Anchor>
        </Text>
        <Group gap="xs" role="group" aria-label="Mode">
          <Button
            variant={mode === 'walk' ? 'filled' : 'default'}
            aria-pressed={mode === 'walk'}
            onClick={() => setMode('walk')}
          >
            Walk
          </Button>
          <Button
            variant={mode === 'live' ? 'filled' : 'default'}
            aria-pressed={mode === 'live'}
            onClick={() => setMode('live')}
          >
            Live
          </Button>
          <Button variant="light" onClick={download} disabled={!layout}>
            Download SVG
          </Button>
        </Group>
        {linkError ? (
          <Alert color="yellow" title="The link could not be replayed to its end" role="alert">
            {linkError}
          </Alert>
        ) : null}
      </Stack>

      <Group align="flex-start" gap="md" wrap="wrap">
        <Box style={{ flex: '3 1 560px', minWidth: 0 }}>
          <DiagramPanel layout={layout} active={active}>
            {(scale) =>
              layout ? (
                <PanelBoundary
                  name="The diagram"
                  resetKey={walk.steps.length}
                  onUndo={undoStep}
                  onReset={reset}
                >
                  <Diagram
                    ref={svgRef}
                    layout={layout}
                    title={`${entry.title} (${entry.name})`}
                    active={active}
                    enabled={enabled}
                    taken={taken}
                    scale={scale}
                  />
                </PanelBoundary>
              ) : layoutError ? (
                <ErrorBanner message={`The diagram could not be laid out: ${layoutError}`} />
              ) : (
                <Group p="md">
                  <Loader size="sm" aria-label="Laying out the diagram" />
                </Group>
              )
            }
          </DiagramPanel>
        </Box>

        <Box
          className="visualiser-controls"
          style={{ flex: '2 1 380px', minWidth: 0 }}
          role="region"
          aria-label="Controls"
          tabIndex={0}
        >
          <PanelBoundary name="This panel" resetKey={walk.steps.length} onUndo={undoStep} onReset={reset}>
            {mode === 'walk' ? (
              <WalkPanel
                entry={entry}
                walk={walk}
                stepError={stepError}
                onSend={send}
                onUndo={undoStep}
                onReset={reset}
                onReturnTo={goBackTo}
                onRestart={restart}
                link={linkOf(entry, walk)}
                snippet={snippet}
                onExport={() => setSnippet(modelTestSnippet(entry, walk, linkOf(entry, walk)))}
              />
            ) : (
              <LivePanel entry={entry} live={live} />
            )}
          </PanelBoundary>
        </Box>
      </Group>

      {mode === 'walk' ? (
        <Card withBorder component="section" aria-labelledby="paths-title">
          <Title order={2} size="h4" id="paths-title">
            Shortest paths
          </Title>
          {replay ? (
            <Group my="xs" aria-live="polite">
              <Text size="sm">
                Replaying the path to <b>{replay.path.target}</b>: step{' '}
                {Math.min(replay.next, replay.path.steps.length)} of {replay.path.steps.length}
                {replay.path.steps[replay.next]
                  ? ` (next: ${replay.path.steps[replay.next].event.type})`
                  : ' (done)'}
              </Text>
              <Button size="xs" onClick={replayNext} disabled={replay.next >= replay.path.steps.length}>
                Next step
              </Button>
              <Button size="xs" variant="default" onClick={() => setReplay(null)}>
                Stop replay
              </Button>
            </Group>
          ) : null}
          <Stack component="ol" gap={4} pl="md" my="xs">
            {paths.map((p) => (
              <li key={p.target + pathText(entry.machine, p)}>
                <Group gap="xs" wrap="nowrap" align="baseline">
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => startReplay(p)}
                    aria-label={`Replay the path to ${p.target}`}
                  >
                    Replay
                  </Button>
                  <Text size="sm">
                    <b>{p.target}</b>: {pathText(entry.machine, p)}
                  </Text>
                </Group>
              </li>
            ))}
          </Stack>
        </Card>
      ) : null}
    </PageShell>
  );
}

const ZOOMS = [0.25, 0.33, 0.5, 0.67, 0.75, 0.9, 1, 1.25, 1.5, 2, 3];

/**
 * The diagram's frame: zoom (buttons, Ctrl + wheel), fit, pan (drag, scroll bars, arrow keys), and it
 * scrolls to follow the current state. The SVG keeps its own coordinates; only its drawn size scales.
 */
function DiagramPanel({
  layout,
  active,
  children,
}: {
  layout: DiagramLayout | null;
  active: ReadonlySet<string>;
  /** The diagram, drawn at this scale. */
  children: (scale: number) => ReactNode;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  const [follow, setFollow] = useState(true);
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);

  const fitToFrame = useCallback(() => {
    const el = frame.current;
    if (!el || !layout || !el.clientWidth || !el.clientHeight) return;
    const s = Math.min(el.clientWidth / layout.width, el.clientHeight / layout.height, 2);
    setScale(Math.max(0.1, Math.floor(s * 100) / 100));
  }, [layout]);
  // A diagram larger than its frame opens fitted; a small one at its natural size.
  useEffect(() => {
    const el = frame.current;
    if (layout && el && (layout.width > el.clientWidth || layout.height > el.clientHeight)) fitToFrame();
  }, [layout, fitToFrame]);

  const zoom = useCallback(
    (direction: 1 | -1) =>
      setScale((s) =>
        direction > 0
          ? (ZOOMS.find((z) => z > s + 0.001) ?? s)
          : ([...ZOOMS].reverse().find((z) => z < s - 0.001) ?? s),
      ),
    [],
  );

  // Follow: bring the current (deepest) states into view when they change.
  useEffect(() => {
    const el = frame.current;
    if (!follow || !el || !layout || !active.size) return;
    const boxes = layout.boxes.filter((b) => active.has(b.id) && !b.container);
    if (!boxes.length) return;
    const left = Math.min(...boxes.map((b) => b.x)) * scale;
    const top = Math.min(...boxes.map((b) => b.y)) * scale;
    const right = Math.max(...boxes.map((b) => b.x + b.width)) * scale;
    const bottom = Math.max(...boxes.map((b) => b.y + b.height)) * scale;
    const visible =
      left >= el.scrollLeft &&
      right <= el.scrollLeft + el.clientWidth &&
      top >= el.scrollTop &&
      bottom <= el.scrollTop + el.clientHeight;
    if (!visible) {
      el.scrollLeft = Math.max(0, (left + right) / 2 - el.clientWidth / 2);
      el.scrollTop = Math.max(0, (top + bottom) / 2 - el.clientHeight / 2);
    }
  }, [follow, layout, active, scale]);

  // Ctrl + wheel zooms (a non-passive listener, so the page itself does not zoom).
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      zoom(e.deltaY < 0 ? 1 : -1);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [zoom]);

  return (
    <Stack gap={6}>
      <Group gap="xs" role="toolbar" aria-label="Diagram view">
        <Button size="compact-sm" variant="default" onClick={() => zoom(-1)} aria-label="Zoom out">
          −
        </Button>
        <Text size="sm" aria-live="polite" data-testid="zoom" miw={44} ta="center">
          {Math.round(scale * 100)}%
        </Text>
        <Button size="compact-sm" variant="default" onClick={() => zoom(1)} aria-label="Zoom in">
          +
        </Button>
        <Button size="compact-sm" variant="default" onClick={fitToFrame}>
          Fit
        </Button>
        <Button size="compact-sm" variant="default" onClick={() => setScale(1)}>
          100%
        </Button>
        <Checkbox
          size="xs"
          label="Follow the current state"
          checked={follow}
          onChange={(e) => setFollow(e.currentTarget.checked)}
        />
      </Group>
      <Box
        ref={frame}
        style={{
          overflow: 'auto',
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 8,
          height: 'min(70dvh, 640px)',
          cursor: drag.current ? 'grabbing' : 'grab',
          touchAction: 'none',
        }}
        aria-label="Diagram"
        role="region"
        // Scrollable: reachable by keyboard so it can be panned with the arrow keys.
        tabIndex={0}
        onPointerDown={(e) => {
          const el = frame.current;
          if (!el || e.button !== 0) return;
          drag.current = { x: e.clientX, y: e.clientY, left: el.scrollLeft, top: el.scrollTop };
        }}
        onPointerMove={(e) => {
          const el = frame.current;
          if (!el || !drag.current) return;
          el.scrollLeft = drag.current.left - (e.clientX - drag.current.x);
          el.scrollTop = drag.current.top - (e.clientY - drag.current.y);
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
        onPointerLeave={() => {
          drag.current = null;
        }}
      >
        {children(scale)}
      </Box>
      <Legend />
    </Stack>
  );
}

function Swatch({ children }: { children: ReactNode }) {
  return (
    <svg width="28" height="16" viewBox="0 0 28 16" aria-hidden="true" style={{ verticalAlign: 'middle' }}>
      {children}
    </svg>
  );
}

/** What the diagram's colours and marks mean. */
function Legend() {
  const items: [ReactNode, string][] = [
    [
      <rect
        key="a"
        x="2"
        y="2"
        width="24"
        height="12"
        rx="3"
        fill="#d0ebff"
        stroke="#1971c2"
        strokeWidth="2"
      />,
      'current state',
    ],
    [<line key="b" x1="2" y1="8" x2="26" y2="8" stroke="#1971c2" strokeWidth="2.5" />, 'enabled transition'],
    [
      <line key="c" x1="2" y1="8" x2="26" y2="8" stroke="#e8590c" strokeWidth="2.5" />,
      'transition just taken',
    ],
    [
      <path
        key="g"
        d="M18,8 A4,4 0 1,1 14,4 M14,4 l-2,-2 M14,4 l-2,2"
        fill="none"
        stroke="#868e96"
        strokeWidth="1.2"
      />,
      'transition that stays in its state (listed inside it)',
    ],
    [<circle key="d" cx="14" cy="8" r="5" fill="#212529" />, 'initial state'],
    [
      <g key="e">
        <rect x="2" y="1" width="24" height="14" rx="3" fill="#fff" stroke="#495057" />
        <rect x="5" y="4" width="18" height="8" rx="2" fill="none" stroke="#495057" />
      </g>,
      'final state',
    ],
    [
      <rect
        key="f"
        x="2"
        y="2"
        width="24"
        height="12"
        rx="3"
        fill="none"
        stroke="#495057"
        strokeDasharray="4 3"
      />,
      'parallel region',
    ],
  ];
  return (
    <Group component="ul" gap="md" aria-label="Legend" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map(([mark, label]) => (
        <Text component="li" size="xs" key={label}>
          <Swatch>{mark}</Swatch> {label}
        </Text>
      ))}
    </Group>
  );
}

/**
 * Whatever a machine's context or a payload holds, a panel that fails to render shows why, with Undo
 * and Reset, instead of blanking the page. It tries again when the walk changes.
 */
class PanelBoundary extends Component<
  { name: string; resetKey: number; onUndo: () => void; onReset: () => void; children: ReactNode },
  { error: Error | null; key: number }
> {
  override state = { error: null as Error | null, key: this.props.resetKey };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  static getDerivedStateFromProps(
    props: { resetKey: number },
    state: { error: Error | null; key: number },
  ): { error: Error | null; key: number } | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <ErrorBanner
        title={`${this.props.name} could not be shown`}
        message={String(this.state.error.message || this.state.error)}
      >
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={this.props.onUndo}>
            Undo
          </Button>
          <Button size="xs" variant="default" onClick={this.props.onReset}>
            Reset
          </Button>
        </Group>
      </ErrorBanner>
    );
  }
}

function EventForm({
  type,
  label,
  payloadLabel,
  initial,
  onSend,
  color,
  kind = 'object',
  samples = [],
}: {
  type: string;
  label: string;
  payloadLabel: string;
  initial: unknown;
  onSend: (payload: never) => void;
  color?: string;
  /** 'object': an event payload; 'any': an actor's output or error (any JSON value). */
  kind?: 'object' | 'any';
  /** Every sample the registry gives: one button each, to load it into the editor. */
  samples?: unknown[];
}) {
  const [text, setText] = useState(() => pretty(initial));
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap={4}>
      {samples.length > 1 ? (
        <Group gap={4} role="group" aria-label={`Samples for ${payloadLabel}`}>
          {samples.map((sample, i) => (
            <Button
              // biome-ignore lint/suspicious/noArrayIndexKey: samples are positional
              key={i}
              size="compact-xs"
              variant="subtle"
              onClick={() => {
                setText(pretty(sample));
                setError(null);
              }}
            >
              Sample {i + 1}
            </Button>
          ))}
        </Group>
      ) : null}
      <Textarea
        label={payloadLabel}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        rows={Math.min(8, Math.max(2, text.split('\n').length))}
        error={error}
        styles={MONO}
        data-event={type}
      />
      <Button
        size="xs"
        color={color}
        onClick={() => {
          const parsed = parseJson(text, kind);
          if (parsed.error) return setError(parsed.error);
          setError(null);
          (onSend as (payload: unknown) => void)(parsed.value);
        }}
      >
        {label}
      </Button>
    </Stack>
  );
}

function WalkPanel({
  entry,
  walk,
  stepError,
  onSend,
  onUndo,
  onReset,
  onReturnTo,
  onRestart,
  link,
  snippet,
  onExport,
}: {
  entry: MachineEntry;
  walk: WalkState;
  stepError: string | null;
  onSend: (event: EventObject) => boolean;
  onUndo: () => void;
  onReset: () => void;
  onReturnTo: (count: number) => void;
  onRestart: (setup: WalkSetup) => string | null;
  link: string;
  snippet: string | null;
  onExport: () => void;
}) {
  const snapshot = currentSnapshot(walk);
  const enabled = enabledEvents(entry, snapshot);
  const samples = entry.sampleEvents;
  const stepKey = walk.steps.length;
  const clockNow = fakeTimeOf(snapshot);
  return (
    <Stack gap="md">
      {entry.sampleInput !== undefined || entry.fakeClock ? (
        <InputEditor key={JSON.stringify(walk.setup ?? {})} entry={entry} walk={walk} onRestart={onRestart} />
      ) : null}

      <Card withBorder component="section" aria-labelledby="current-title">
        <Group justify="space-between">
          <Title order={2} size="h4" id="current-title">
            Current state
          </Title>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={onUndo} disabled={!walk.steps.length}>
              Undo
            </Button>
            <Button size="xs" variant="default" onClick={onReset}>
              Reset
            </Button>
          </Group>
        </Group>
        <Text component="div" aria-live="polite" data-testid="current-state">
          <b>{valueText(snapshot.value)}</b>
          {snapshot.status === 'done' ? (
            <Badge ml="xs" color="green">
              final
            </Badge>
          ) : null}
        </Text>
        {clockNow !== undefined ? (
          <Text size="sm" data-testid="fake-clock">
            Fake clock: {new Date(clockNow).toISOString()}
          </Text>
        ) : null}
        {stepError ? <ErrorBanner message={stepError} /> : null}
      </Card>

      <Card withBorder component="section" aria-labelledby="events-title">
        <Title order={2} size="h4" id="events-title">
          Enabled events
        </Title>
        {!enabled.events.length && !enabled.actors.length && !enabled.delays.length ? (
          <Text c="dimmed">
            {snapshot.status === 'done' ? 'The machine has finished.' : 'No event is enabled here.'}
          </Text>
        ) : null}
        <Stack gap="sm" mt="xs">
          {enabled.events.map((type) => (
            <EventForm
              key={`${stepKey}:${type}`}
              type={type}
              label={`Send ${type}`}
              payloadLabel={`${type} payload (JSON)`}
              initial={defaultPayload(samples, type, entry.machine)}
              samples={samplesOf(samples, type, entry.machine)}
              onSend={(payload: Record<string, unknown>) => onSend({ ...payload, type })}
            />
          ))}
          {enabled.actors.map((actor) => (
            <Card key={`${stepKey}:${actor.id}`} withBorder padding="xs" bg="gray.0">
              <Text size="sm" fw={600}>
                Actor {actor.id}
                {actor.src !== actor.id ? ` (${actor.src})` : ''}: a stub, waiting for you
              </Text>
              {/* Resolve and Reject side by side where there is room, one above the other on a phone. */}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {actor.done ? (
                  <EventForm
                    type={actor.done}
                    label={`Resolve ${actor.id}`}
                    payloadLabel={`${actor.id} output (JSON)`}
                    kind="any"
                    initial={defaultPayload(samples, actor.done, entry.machine).output}
                    samples={samplesOf(samples, actor.done, entry.machine).map((p) => p.output)}
                    onSend={(output: unknown) =>
                      onSend({ type: actor.done as string, output, actorId: actor.invokeId } as EventObject)
                    }
                  />
                ) : null}
                {actor.error ? (
                  <EventForm
                    type={actor.error}
                    label={`Reject ${actor.id}`}
                    color="red"
                    payloadLabel={`${actor.id} error (JSON)`}
                    kind="any"
                    initial={defaultPayload(samples, actor.error, entry.machine).error}
                    samples={samplesOf(samples, actor.error, entry.machine).map((p) => p.error)}
                    onSend={(error: unknown) =>
                      onSend({ type: actor.error as string, error, actorId: actor.invokeId } as EventObject)
                    }
                  />
                ) : null}
              </SimpleGrid>
            </Card>
          ))}
          {enabled.delays.length ? (
            <Group gap="xs">
              {enabled.delays.map((type) => (
                <Button key={type} size="xs" variant="light" color="grape" onClick={() => onSend({ type })}>
                  Fire delay:{' '}
                  {describeMachine(entry.machine).transitions.find((t) => t.eventType === type)?.eventLabel ??
                    type}
                </Button>
              ))}
            </Group>
          ) : null}
          {snapshot.status === 'active' ? (
            <details>
              <summary>Send any event</summary>
              <EventForm
                key={`${stepKey}:custom`}
                type="custom"
                label="Send event"
                payloadLabel="Event (JSON with a type)"
                initial={{ type: '' }}
                onSend={(event: Record<string, unknown>) => {
                  if (typeof event.type === 'string' && event.type) onSend(event as EventObject);
                }}
              />
            </details>
          ) : null}
        </Stack>
      </Card>

      <Card withBorder component="section" aria-labelledby="history-title">
        <Title order={2} size="h4" id="history-title">
          History
        </Title>
        <Stack component="ol" gap={4} pl="md" my="xs" aria-label="History">
          <li>
            <Group gap="xs" wrap="nowrap" align="baseline" justify="space-between">
              <Text size="sm" data-history="step">
                start in <b>{valueText(walk.start.value)}</b>
              </Text>
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => onReturnTo(0)}
                disabled={!walk.steps.length}
                aria-label="Return here: the start"
              >
                Return here
              </Button>
            </Group>
          </li>
          {walk.steps.map((s, i) => {
            const { type: _type, ...payload } = s.event as EventObject & Record<string, unknown>;
            const last = i === walk.steps.length - 1;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: history entries are positional
              <li key={i}>
                <Group gap="xs" wrap="nowrap" align="baseline" justify="space-between">
                  <Text size="sm" data-history="step">
                    {s.label} → <b>{valueText(s.snapshot.value)}</b>
                    {s.actions.length ? (
                      <Text span c="dimmed">{` (actions: ${s.actions.join(', ')})`}</Text>
                    ) : null}
                  </Text>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => onReturnTo(i + 1)}
                    disabled={last}
                    aria-label={`Return here: step ${i + 1} (${s.label})`}
                  >
                    Return here
                  </Button>
                </Group>
                {Object.keys(payload).length ? (
                  <Code
                    block
                    fz="xs"
                    aria-label={`Payload of step ${i + 1}`}
                    data-history="payload"
                    // Wrapped, never scrolled: nothing to reach by keyboard.
                    style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', overflow: 'visible' }}
                  >
                    {JSON.stringify(payload)}
                  </Code>
                ) : null}
              </li>
            );
          })}
        </Stack>
      </Card>

      <Card withBorder component="section" aria-labelledby="share-title">
        <Title order={2} size="h4" id="share-title">
          Share and export
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          The address bar follows the walk (machine, input, events): the link below reopens this state.
        </Text>
        <TextInput
          label="Link to this walk"
          value={link}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          styles={MONO}
        />
        <Group gap="xs" mt="xs">
          <CopyButton text={link} label="Copy link" />
          <Button size="xs" variant="default" onClick={onExport}>
            Export as a model test
          </Button>
        </Group>
        {snippet ? (
          <Stack gap={4} mt="xs">
            <Textarea
              label="Model-test snippet"
              description="Paste it beside the machine's model test and fill in each placeholder (docs/testing.md)."
              value={snippet}
              readOnly
              rows={16}
              styles={MONO}
            />
            <CopyButton text={snippet} label="Copy snippet" />
          </Stack>
        ) : null}
      </Card>

      <Card withBorder component="section" aria-labelledby="context-title">
        <Title order={2} size="h4" id="context-title">
          Context
        </Title>
        <Code block aria-label="Context JSON" tabIndex={0}>
          {pretty(snapshot.context)}
        </Code>
      </Card>
    </Stack>
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <Group gap={6}>
      <Button
        size="xs"
        variant="default"
        onClick={() => {
          const done = (message: string) => setCopied(message);
          if (navigator.clipboard?.writeText)
            navigator.clipboard.writeText(text).then(
              () => done('Copied.'),
              () => done('Copying was refused: select the text and copy it.'),
            );
          else done('Copying is not available here: select the text and copy it.');
        }}
      >
        {label}
      </Button>
      <Text size="xs" aria-live="polite">
        {copied}
      </Text>
    </Group>
  );
}

/**
 * The machine's input (JSON) and, for a machine with a fake clock, where that clock starts. Starting
 * again with them resets the walk; a refused input is shown, and the walk stays as it was.
 */
function InputEditor({
  entry,
  walk,
  onRestart,
}: {
  entry: MachineEntry;
  walk: WalkState;
  onRestart: (setup: WalkSetup) => string | null;
}) {
  const input = walk.setup?.input !== undefined ? walk.setup.input : entry.sampleInput;
  const [text, setText] = useState(() => pretty(input ?? {}));
  const [clock, setClock] = useState(() => walk.setup?.clock ?? entry.fakeClock?.startAt ?? '');
  const [error, setError] = useState<string | null>(null);
  const [clockError, setClockError] = useState<string | null>(null);
  return (
    <Card withBorder component="section" aria-labelledby="input-title">
      <Title order={2} size="h4" id="input-title">
        Input
      </Title>
      <Text size="sm" c="dimmed">
        What the machine starts with. Change it and start again to reach states the sample input does not.
      </Text>
      <Stack gap={4} mt="xs">
        <Textarea
          label="Machine input (JSON)"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          rows={Math.min(8, Math.max(2, text.split('\n').length))}
          error={error}
          styles={MONO}
        />
        {entry.fakeClock ? (
          <TextInput
            label="Fake clock starts at (ISO date-time)"
            description="The clock moves only when you fire a delay, by that delay."
            value={clock}
            onChange={(e) => setClock(e.currentTarget.value)}
            error={clockError}
            styles={MONO}
          />
        ) : null}
        <Group gap="xs">
          <Button
            size="xs"
            onClick={() => {
              const parsed = parseJson(text, 'any');
              setError(parsed.error ?? null);
              const badClock = entry.fakeClock && Number.isNaN(Date.parse(clock));
              setClockError(badClock ? 'Enter a date-time, e.g. 2025-04-25T17:59:57+05:30.' : null);
              if (parsed.error || badClock) return;
              const setup: WalkSetup = { input: parsed.value };
              if (entry.fakeClock && clock !== entry.fakeClock.startAt) setup.clock = clock;
              setError(onRestart(setup));
            }}
          >
            Start with this input
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              setText(pretty(entry.sampleInput ?? {}));
              setClock(entry.fakeClock?.startAt ?? '');
              setError(onRestart({}));
              setClockError(null);
            }}
          >
            Sample input
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

interface LiveActorState {
  actor: string;
  name: string;
  machineId: string;
  parent?: string;
  value?: unknown;
  status?: string;
}

interface LiveState {
  enabled: boolean;
  setEnabled: (on: boolean) => void;
  last: LiveSnapshot | null;
  activeIds: string[];
  /** This machine's snapshots, oldest first. */
  log: LiveSnapshot[];
  /** Every actor of every flow running in the app, as last heard. */
  actors: LiveActorState[];
  /** Every event between them, oldest first. */
  events: LiveEvent[];
}

const LIVE_LIMIT = 200;

function useLive(entry: MachineEntry, following: boolean): LiveState {
  const [enabled, setEnabledState] = useState(() => localStorage.getItem(LIVE_FLAG) === '1');
  const [log, setLog] = useState<LiveSnapshot[]>([]);
  const [actors, setActors] = useState<Map<string, LiveActorState>>(() => new Map());
  const [events, setEvents] = useState<LiveEvent[]>([]);
  useEffect(() => {
    if (!following || typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(LIVE_CHANNEL);
    const seen = new Set<string>();
    channel.onmessage = (message: MessageEvent<LiveMessage>) => {
      const data = message.data;
      if (!data?.kind || data.kind === ('request' as string)) return;
      // A flow answering a request sends what it kept again: each message counts once.
      if (data.key) {
        if (seen.has(data.key)) return;
        seen.add(data.key);
      }
      if (data.kind === 'snapshot') {
        if (data.machineId === entry.machine.id) setLog((l) => [...l.slice(-(LIVE_LIMIT - 1)), data]);
      } else if (data.kind === 'actor') {
        setActors((map) => {
          const next = new Map(map);
          const before = next.get(data.actor);
          next.set(data.actor, {
            actor: data.actor,
            name: data.name,
            machineId: data.machineId,
            parent: data.parent ?? before?.parent,
            value: data.value ?? before?.value,
            status: data.status ?? before?.status,
          });
          return next;
        });
      } else if (data.kind === 'event') {
        setEvents((list) => [...list.slice(-(LIVE_LIMIT - 1)), data]);
      }
    };
    // Ask every running flow for what it kept, so following starts with what happened before.
    channel.postMessage({ kind: 'request', machineId: '*' });
    return () => channel.close();
  }, [following, entry]);
  const last = log.at(-1) ?? null;
  const activeIds = useMemo(() => (last ? idsForValue(entry, last.value) : []), [entry, last]);
  return {
    enabled,
    setEnabled(on) {
      if (on) localStorage.setItem(LIVE_FLAG, '1');
      else localStorage.removeItem(LIVE_FLAG);
      setEnabledState(on);
    },
    last,
    activeIds,
    log,
    actors: [...actors.values()],
    events,
  };
}

function LivePanel({ entry, live }: { entry: MachineEntry; live: LiveState }) {
  const nameOf = (session?: string) => live.actors.find((a) => a.actor === session)?.name;
  return (
    <Stack gap="md">
      <Card withBorder component="section" aria-labelledby="live-title">
        <Title order={2} size="h4" id="live-title">
          Live
        </Title>
        <Checkbox
          my="xs"
          label="Let the app in this browser publish its flows (live mode)"
          checked={live.enabled}
          onChange={(e) => live.setEnabled(e.currentTarget.checked)}
        />
        <Text size="sm" c="dimmed">
          Live mode is saved in this browser for this site. After switching it on, reload the app's tab, then
          go to {entry.routes.join(' or ') || 'the screen that runs this flow'}: the diagram follows the real
          screen. What happened before this page joined is sent again by the app.
        </Text>
        <Text mt="sm" aria-live="polite" data-testid="live-state">
          {live.last ? (
            <>
              The app is in <b>{valueText(live.last.value)}</b>
              {live.last.event ? ` (after ${live.last.event})` : ''}
            </>
          ) : (
            'Waiting for the app…'
          )}
        </Text>
        {live.last ? (
          <>
            <Stack component="ol" gap={2} pl="md" my="xs" aria-label="Live history">
              {live.log.map((m) => (
                <li key={m.key}>
                  <Text size="sm">
                    {m.event ?? 'start'} → <b>{valueText(m.value)}</b>
                  </Text>
                </li>
              ))}
            </Stack>
            <Code block aria-label="Live context" tabIndex={0}>
              {pretty(live.last.context)}
            </Code>
          </>
        ) : null}
      </Card>

      <Card withBorder component="section" aria-labelledby="actors-title">
        <Title order={2} size="h4" id="actors-title">
          Running actors
        </Title>
        {live.actors.length ? (
          <Stack component="ul" gap={2} pl="md" my="xs" aria-label="Running actors">
            {live.actors.map((a) => (
              <li key={a.actor}>
                <Text size="sm">
                  <b>{a.name}</b> ({a.machineId} flow
                  {a.parent ? `, child of ${nameOf(a.parent) ?? a.parent}` : ''})
                  {a.value !== undefined && a.value !== null ? ` in ${valueText(a.value)}` : ''}
                  {a.status && a.status !== 'active' ? ` · ${a.status}` : ''}
                </Text>
              </li>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            No actor heard from yet.
          </Text>
        )}
      </Card>

      <Card withBorder component="section" aria-labelledby="sequence-title">
        <Title order={2} size="h4" id="sequence-title">
          Events between actors
        </Title>
        {live.events.length ? (
          <Box style={{ overflowX: 'auto' }} role="region" aria-label="Event sequence" tabIndex={0}>
            <Table striped fz="xs" aria-labelledby="sequence-title" miw={420}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>From</Table.Th>
                  <Table.Th>To</Table.Th>
                  <Table.Th>Event</Table.Th>
                  <Table.Th>Payload</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {live.events.map((e, i) => (
                  <Table.Tr key={e.key}>
                    <Table.Td>{i + 1}</Table.Td>
                    <Table.Td>{e.sourceName ?? 'screen'}</Table.Td>
                    <Table.Td>{e.targetName}</Table.Td>
                    <Table.Td>{e.type}</Table.Td>
                    <Table.Td style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                      {Object.keys((e.payload as object) ?? {}).length ? JSON.stringify(e.payload) : ''}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        ) : (
          <Text size="sm" c="dimmed">
            No event yet.
          </Text>
        )}
      </Card>
    </Stack>
  );
}
