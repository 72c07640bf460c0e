import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Code.css';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Code,
  Group,
  Loader,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { Component, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import type { EventObject } from 'xstate';
import { findMachine, machineRegistry } from '../../../machines';
import type { MachineEntry } from '../../../machines/registry';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageShell } from '../../components/PageShell';
import { LIVE_CHANNEL, LIVE_FLAG, type LiveMessage } from '../../lib/inspect';
import {
  activeStateIds,
  defaultPayload,
  describeMachine,
  type MachinePath,
  pathText,
  samplesOf,
  shortestPaths,
  valueText,
} from './analysis';
import { Diagram, svgFileText } from './Diagram';
import { type DiagramLayout, layoutMachine } from './layout';
import {
  currentSnapshot,
  enabledEvents,
  enabledTransitionIds,
  idsForValue,
  startWalk,
  trySend,
  undo,
  type WalkState,
} from './walker';

/** QA's machine visualiser (issue 6): the list of machines, or one machine's diagram to walk or follow live. */
export default function Visualiser({ name }: { name?: string }) {
  if (!name) return <MachineList />;
  const entry = findMachine(name);
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

const pretty = (value: unknown) => JSON.stringify(value, null, 2) ?? 'undefined';

type Mode = 'walk' | 'live';

function MachineView({ entry }: { entry: MachineEntry }) {
  const [layout, setLayout] = useState<DiagramLayout | null>(null);
  const [layoutError, setLayoutError] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('walk');
  const [walk, setWalk] = useState<WalkState>(() => startWalk(entry));
  const [stepError, setStepError] = useState<string | null>(null);
  const [replay, setReplay] = useState<{ path: MachinePath; next: number } | null>(null);
  const live = useLive(entry, mode === 'live');
  const svgRef = useRef<SVGSVGElement>(null);
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
  const send = (event: EventObject) => {
    const result = trySend(entry, walkRef.current, event);
    if (result.error !== undefined) {
      setStepError(result.error);
      return false;
    }
    walkRef.current = result.walk;
    setWalk(result.walk);
    setStepError(null);
    return true;
  };
  const undoStep = () => {
    const next = undo(walkRef.current);
    walkRef.current = next;
    setWalk(next);
    setStepError(null);
    setReplay((r) => (r && r.next > 0 ? { ...r, next: r.next - 1 } : r));
  };
  const reset = () => {
    const next = startWalk(entry);
    walkRef.current = next;
    setWalk(next);
    setStepError(null);
    setReplay(null);
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
    walkRef.current = startWalk(entry);
    setWalk(walkRef.current);
    setStepError(null);
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
      </Stack>

      <Box
        style={{
          overflow: 'auto',
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 8,
          maxHeight: '70dvh',
        }}
        aria-label="Diagram"
        role="region"
        // Scrollable: reachable by keyboard so it can be scrolled with the arrow keys.
        tabIndex={0}
      >
        {layout ? (
          <PanelBoundary name="The diagram" resetKey={walk.steps.length} onUndo={undoStep} onReset={reset}>
            <Diagram
              ref={svgRef}
              layout={layout}
              title={`${entry.title} (${entry.name})`}
              active={active}
              enabled={enabled}
              taken={taken}
            />
          </PanelBoundary>
        ) : layoutError ? (
          <ErrorBanner message={`The diagram could not be laid out: ${layoutError}`} />
        ) : (
          <Group p="md">
            <Loader size="sm" aria-label="Laying out the diagram" />
          </Group>
        )}
      </Box>

      <PanelBoundary name="This panel" resetKey={walk.steps.length} onUndo={undoStep} onReset={reset}>
        {mode === 'walk' ? (
          <WalkPanel
            entry={entry}
            walk={walk}
            stepError={stepError}
            onSend={send}
            onUndo={undoStep}
            onReset={reset}
          />
        ) : (
          <LivePanel entry={entry} live={live} />
        )}
      </PanelBoundary>

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
        styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
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
}: {
  entry: MachineEntry;
  walk: WalkState;
  stepError: string | null;
  onSend: (event: EventObject) => boolean;
  onUndo: () => void;
  onReset: () => void;
}) {
  const snapshot = currentSnapshot(walk);
  const enabled = enabledEvents(entry, snapshot);
  const samples = entry.sampleEvents;
  const stepKey = walk.steps.length;
  return (
    <Stack gap="md">
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
              <Group grow align="flex-start" gap="sm">
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
              </Group>
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
        <Stack component="ol" gap={2} pl="md" my="xs" aria-label="History">
          <li>
            <Text size="sm">
              start in <b>{valueText(walk.start.value)}</b>
            </Text>
          </li>
          {walk.steps.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: history entries are positional
            <li key={i}>
              <Text size="sm">
                {s.label} → <b>{valueText(s.snapshot.value)}</b>
                {s.actions.length ? (
                  <Text span c="dimmed">{` (actions: ${s.actions.join(', ')})`}</Text>
                ) : null}
              </Text>
            </li>
          ))}
        </Stack>
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

interface LiveState {
  enabled: boolean;
  setEnabled: (on: boolean) => void;
  last: LiveMessage | null;
  activeIds: string[];
  log: LiveMessage[];
}

function useLive(entry: MachineEntry, following: boolean): LiveState {
  const [enabled, setEnabledState] = useState(() => localStorage.getItem(LIVE_FLAG) === '1');
  const [log, setLog] = useState<LiveMessage[]>([]);
  useEffect(() => {
    if (!following || typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(LIVE_CHANNEL);
    channel.onmessage = (message: MessageEvent<LiveMessage>) => {
      const data = message.data;
      if (data?.kind !== 'snapshot' || data.machineId !== entry.machine.id) return;
      setLog((l) => [...l.slice(-49), data]);
    };
    // Ask running flows for their current state, so following starts before the next click.
    channel.postMessage({ kind: 'request', machineId: entry.machine.id });
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
  };
}

function LivePanel({ entry, live }: { entry: MachineEntry; live: LiveState }) {
  return (
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
        Live mode is saved in this browser for this site. After switching it on, reload the app's tab, then go
        to {entry.routes.join(' or ') || 'the screen that runs this flow'}: the diagram follows the real
        screen.
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
            {live.log.map((m, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: history entries are positional
              <li key={i}>
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
  );
}
