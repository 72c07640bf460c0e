import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import MachinesPage from '../../../src/features/machines/MachinesPage';
import { MachineRegistryContext } from '../../../src/features/machines/Visualiser';
import { checkedDoorEntry, doorEntry } from '../../fixtures/machines/door';

// The visualiser lists and opens the registry it is given: here only the fixture machines.
const FIXTURES = [doorEntry, checkedDoorEntry];

function open(path: string) {
  return render(
    <MantineProvider>
      <MachineRegistryContext.Provider value={FIXTURES}>
        <Router hook={memoryLocation({ path }).hook}>
          <Route path="/__machines" component={MachinesPage} />
          <Route path="/__machines/:name" component={MachinesPage} />
        </Router>
      </MachineRegistryContext.Provider>
    </MantineProvider>,
  );
}

const current = () => screen.getByTestId('current-state');
const activeStates = (container: HTMLElement) =>
  [...container.querySelectorAll('[data-active="true"]')].map((g) => g.getAttribute('data-state'));
const history = () =>
  [...screen.getByRole('list', { name: 'History' }).querySelectorAll('[data-history="step"]')].map(
    (step) => step.textContent,
  );

// The visualiser keeps its walk in the address: every test starts from a clean one.
afterEach(() => window.history.replaceState(null, '', '/'));

describe('machine visualiser', () => {
  it('lists the registered machines', async () => {
    open('/__machines');
    const link = await screen.findByRole('link', { name: 'Door (fixture)' }, { timeout: 30000 });
    expect(link).toHaveAttribute('href', '/__machines/door');
  });

  it('walks a machine through events and stubbed actor outcomes, with history, undo and reset', async () => {
    const user = userEvent.setup();
    const { container } = open('/__machines/door');
    await screen.findByRole('img', { name: 'Door (fixture) (door)' }, { timeout: 30000 });
    expect(current()).toHaveTextContent('locked.idle');
    expect(activeStates(container)).toEqual(['door.locked', 'door.locked.idle']);

    // The guard stops an incomplete code; the machine stays where it is.
    await user.click(screen.getByRole('button', { name: 'Send form.submit' }));
    expect(current()).toHaveTextContent('locked.idle');

    // The sample payload is editable JSON.
    const payload = screen.getByLabelText('code.change payload (JSON)');
    expect(payload).toHaveValue('{\n  "code": "1234"\n}');
    await user.click(screen.getByRole('button', { name: 'Send code.change' }));
    expect(screen.getByLabelText('Context JSON')).toHaveTextContent('"code": "1234"');
    await user.click(screen.getByRole('button', { name: 'Send form.submit' }));
    expect(current()).toHaveTextContent('checking');
    expect(activeStates(container)).toEqual(['door.checking']);

    // The invoked actor is a stub: reject it with an edited error.
    const error = screen.getByLabelText('checkCode error (JSON)');
    await user.clear(error);
    await user.click(error);
    await user.paste('{"message": "Code expired"}');
    await user.click(screen.getByRole('button', { name: 'Reject checkCode' }));
    expect(current()).toHaveTextContent('locked.failure');
    expect(activeStates(container)).toEqual(['door.locked', 'door.locked.failure']);
    expect(screen.getByLabelText('Context JSON')).toHaveTextContent('"error": "Code expired"');
    expect(history()).toEqual([
      'start in locked.idle',
      'form.submit → locked.idle',
      'code.change → locked.idle',
      'form.submit → checking',
      'reject checkCode → locked.failure',
    ]);

    // Undo goes back to the pending call; resolve it this time.
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(current()).toHaveTextContent('checking');
    await user.click(screen.getByRole('button', { name: 'Resolve checkCode' }));
    expect(current()).toHaveTextContent('unlocked.{door.closed, light.off}');
    expect(history().at(-1)).toBe(
      'resolve checkCode → unlocked.{door.closed, light.off} (actions: announce)',
    );
    expect(activeStates(container)).toEqual([
      'door.unlocked',
      'door.unlocked.door',
      'door.unlocked.door.closed',
      'door.unlocked.light',
      'door.unlocked.light.off',
    ]);

    // Parallel regions move independently; the delay fires on request.
    await user.click(screen.getByRole('button', { name: 'Send door.open' }));
    expect(current()).toHaveTextContent('unlocked.{door.open, light.off}');
    await user.click(screen.getByRole('button', { name: 'Fire delay: after relock (3000 ms)' }));
    expect(current()).toHaveTextContent('locked.idle');

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(current()).toHaveTextContent('locked.idle');
    expect(history()).toEqual(['start in locked.idle']);
    expect(screen.getByLabelText('Context JSON')).toHaveTextContent('"code": ""');
  });

  it('shows payloads in the history, returns to any step, keeps the walk in the address and exports it', async () => {
    const user = userEvent.setup();
    const { container } = open('/__machines/door');
    await screen.findByRole('img', { name: 'Door (fixture) (door)' }, { timeout: 30000 });
    await user.click(screen.getByRole('button', { name: 'Send code.change' }));
    await user.click(screen.getByRole('button', { name: 'Send form.submit' }));
    expect(current()).toHaveTextContent('checking');
    expect(screen.getByLabelText('Payload of step 1')).toHaveTextContent('{"code":"1234"}');
    // The address is a link to this state.
    const events = JSON.parse(new URLSearchParams(window.location.search).get('events') ?? '[]');
    expect(events).toEqual([{ type: 'code.change', code: '1234' }, { type: 'form.submit' }]);
    expect(screen.getByLabelText('Link to this walk')).toHaveValue(
      `${window.location.origin}/__machines/door${window.location.search}`,
    );

    // Export: a model-test snippet that replays exactly these events.
    await user.click(screen.getByRole('button', { name: 'Export as a model test' }));
    const snippet = (screen.getByLabelText('Model-test snippet') as HTMLTextAreaElement).value;
    expect(snippet).toContain("const entry = findMachine('door');");
    expect(snippet).toContain('"code": "1234"');
    expect(snippet).toContain('paths: [walked],');

    // Click-to-return: back to after step 1, then to the start.
    await user.click(screen.getByRole('button', { name: 'Return here: step 1 (code.change)' }));
    expect(current()).toHaveTextContent('locked.idle');
    expect(history()).toEqual(['start in locked.idle', 'code.change → locked.idle']);
    expect(activeStates(container)).toEqual(['door.locked', 'door.locked.idle']);
    await user.click(screen.getByRole('button', { name: 'Return here: the start' }));
    expect(history()).toEqual(['start in locked.idle']);
    expect(window.location.search).toBe('');
  });

  it('opens a link at the state its walk reached, and says how far a broken one got', async () => {
    const walkTo = [{ type: 'code.change', code: '1234' }, { type: 'form.submit' }];
    window.history.replaceState(
      null,
      '',
      `/__machines/door?events=${encodeURIComponent(JSON.stringify(walkTo))}`,
    );
    const first = open('/__machines/door');
    await screen.findByRole('img', { name: 'Door (fixture) (door)' }, { timeout: 30000 });
    expect(current()).toHaveTextContent('checking');
    expect(history()).toEqual([
      'start in locked.idle',
      'code.change → locked.idle',
      'form.submit → checking',
    ]);
    first.unmount();

    window.history.replaceState(
      null,
      '',
      `/__machines/door?events=${encodeURIComponent('[{"type":"code.change","code":"1234"},"x"]')}`,
    );
    open('/__machines/door');
    await screen.findByRole('img', { name: 'Door (fixture) (door)' }, { timeout: 30000 });
    expect(screen.getByRole('alert')).toHaveTextContent(
      "The link's step 2 is not an event (an object with a type).",
    );
    expect(history()).toEqual(['start in locked.idle', 'code.change → locked.idle']);
  });

  it('zooms, fits and shows a legend', async () => {
    const user = userEvent.setup();
    open('/__machines/door');
    await screen.findByRole('img', { name: 'Door (fixture) (door)' }, { timeout: 30000 });
    const svg = screen.getByRole('img', { name: 'Door (fixture) (door)' }) as unknown as SVGSVGElement;
    const width = Number(svg.getAttribute('width'));
    expect(screen.getByTestId('zoom')).toHaveTextContent('100%');
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByTestId('zoom')).toHaveTextContent('125%');
    expect(Number(svg.getAttribute('width'))).toBeCloseTo(width * 1.25, -1);
    await user.click(screen.getByRole('button', { name: '100%' }));
    expect(Number(svg.getAttribute('width'))).toBe(width);
    const legend = within(screen.getByRole('list', { name: 'Legend' }));
    expect(legend.getAllByRole('listitem').map((li) => li.textContent?.trim())).toEqual([
      'current state',
      'enabled transition',
      'transition just taken',
      'transition that stays in its state (listed inside it)',
      'initial state',
      'final state',
      'parallel region',
    ]);
  });

  it('takes any JSON value as an output and shows a refusal instead of breaking', async () => {
    const user = userEvent.setup();
    open('/__machines/door');
    await screen.findByRole('img', { name: 'Door (fixture) (door)' }, { timeout: 30000 });
    await user.click(screen.getByRole('button', { name: 'Send code.change' }));
    await user.click(screen.getByRole('button', { name: 'Send form.submit' }));
    expect(current()).toHaveTextContent('checking');
    const resolveWith = async (text: string) => {
      const output = screen.getByLabelText('checkCode output (JSON)');
      await user.clear(output);
      await user.click(output);
      await user.paste(text);
      await user.click(screen.getByRole('button', { name: 'Resolve checkCode' }));
    };
    // Not JSON at all: the editor says so.
    await resolveWith('nope');
    expect(screen.getByText(/^Not valid JSON/)).toBeInTheDocument();
    // null is a JSON value: the editor takes it; the machine's action cannot read it, and says so.
    await resolveWith('null');
    expect(screen.queryByText(/^Not valid JSON|Enter a JSON object/)).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      "The machine could not take xstate.done.actor.checkCode: Cannot read properties of null (reading 'owner')",
    );
    expect(current()).toHaveTextContent('checking');
    // An array is a JSON value too: this machine takes it.
    await resolveWith('[1, 2]');
    expect(current()).toHaveTextContent('unlocked.{door.closed, light.off}');
  });

  it("checks an output against the actor's declared output and shows the mismatch", async () => {
    const user = userEvent.setup();
    open('/__machines/checkedDoor');
    await screen.findByRole(
      'img',
      { name: 'Door with a declared output (fixture) (checkedDoor)' },
      { timeout: 30000 },
    );
    await user.click(screen.getByRole('button', { name: 'Send code.change' }));
    await user.click(screen.getByRole('button', { name: 'Send form.submit' }));
    const output = screen.getByLabelText('checkCode output (JSON)');
    await user.clear(output);
    await user.click(output);
    await user.paste('{"owner": 7}');
    await user.click(screen.getByRole('button', { name: 'Resolve checkCode' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Does not match checkCode's declared output: At path: owner -- Expected a string, but received: 7",
    );
    expect(current()).toHaveTextContent('checking');
    // The registry's sample matches: it is offered, and it goes through.
    await user.clear(output);
    await user.click(output);
    await user.paste('{"owner": "Asha"}');
    await user.click(screen.getByRole('button', { name: 'Resolve checkCode' }));
    expect(current()).toHaveTextContent('unlocked.{door.closed, light.off}');
  });

  it('replays a shortest path step by step to a final state', async () => {
    const user = userEvent.setup();
    const { container } = open('/__machines/door');
    await screen.findByRole('img', { name: 'Door (fixture) (door)' }, { timeout: 30000 });
    await user.click(screen.getByRole('button', { name: 'Replay the path to done' }));
    for (let i = 0; i < 4; i++) await user.click(screen.getByRole('button', { name: 'Next step' }));
    expect(current()).toHaveTextContent('done');
    expect(current()).toHaveTextContent('final');
    expect(activeStates(container)).toEqual(['door.done']);
    expect(screen.getByRole('button', { name: 'Next step' })).toBeDisabled();
    expect(screen.getByText('The machine has finished.')).toBeInTheDocument();
  });

  it('marks initial and final states and labels transitions with events and guards', async () => {
    open('/__machines/door');
    await screen.findByRole('img', { name: 'Door (fixture) (door)' }, { timeout: 30000 });
    const svg = screen.getByRole('img', { name: 'Door (fixture) (door)' }) as unknown as SVGSVGElement;
    expect(svg.querySelector('[data-state="door.locked"]')).toHaveAttribute(
      'aria-label',
      'locked (compound, initial, current)',
    );
    expect(svg.querySelector('[data-state="door.done"]')).toHaveAttribute('aria-label', 'done (final)');
    expect(svg.querySelector('[data-state="door.unlocked"]')).toHaveAttribute(
      'aria-label',
      'unlocked (parallel)',
    );
    const labels = [...svg.querySelectorAll('[data-transition] text')].map((t) => t.textContent);
    expect(labels).toEqual(
      expect.arrayContaining([
        'form.submit [codeComplete]',
        'done: checkCode',
        'error: checkCode',
        'after relock (3000 ms)',
      ]),
    );
    expect(svg.querySelectorAll('circle')).toHaveLength(4); // initial markers: root, locked, both regions
  });

  it('downloads the diagram as SVG', async () => {
    const user = userEvent.setup();
    const created: Blob[] = [];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:diagram';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    open('/__machines/door');
    await screen.findByRole('img', { name: 'Door (fixture) (door)' }, { timeout: 30000 });
    await user.click(screen.getByRole('button', { name: 'Download SVG' }));
    expect(click).toHaveBeenCalled();
    const text = await created[0].text();
    expect(created[0].type).toBe('image/svg+xml');
    expect(text).toContain('<svg');
    expect(text).toContain('form.submit [codeComplete]');
    createObjectURL.mockRestore();
    click.mockRestore();
  });

  it('follows the real app over the BroadcastChannel in live mode', async () => {
    const user = userEvent.setup();
    const { container } = open('/__machines/door');
    await screen.findByRole('img', { name: 'Door (fixture) (door)' }, { timeout: 30000 });
    await user.click(screen.getByRole('button', { name: 'Live' }));
    const toggle = screen.getByRole('checkbox', { name: /live mode/ });
    await user.click(toggle);
    expect(localStorage.getItem('machines:live')).toBe('1');
    expect(screen.getByText(/reload the app's tab/)).toBeInTheDocument();

    // The app's side: a real actor with the live inspector attached, as useFlow does.
    const { createActor, fromPromise } = await import('xstate');
    const { liveInspector } = await import('../../../src/lib/inspect');
    const actor = createActor(
      doorEntry.machine.provide({ actors: { checkCode: fromPromise(async () => ({ owner: 'Asha' })) } }),
      { inspect: liveInspector('door') },
    );
    actor.start();
    actor.send({ type: 'code.change', code: '1234' });
    actor.send({ type: 'form.submit' });
    await waitFor(() =>
      expect(screen.getByTestId('live-state')).toHaveTextContent(
        'The app is in unlocked.{door.closed, light.off}',
      ),
    );
    expect(activeStates(container)).toContain('door.unlocked.light.off');
    actor.send({ type: 'light.toggle' });
    await waitFor(() => expect(activeStates(container)).toContain('door.unlocked.light.on'));
    // Every actor of the flow (the invoked call too) and every event between them, with payloads.
    const actors = within(screen.getByRole('list', { name: 'Running actors' }));
    expect(actors.getByText('door')).toBeInTheDocument();
    expect(actors.getByText(/^checkCode$|^0\.door\.checking$/)).toBeInTheDocument();
    const rows = () =>
      within(screen.getByRole('table', { name: 'Events between actors' }))
        .getAllByRole('row')
        .map((row) => [...row.querySelectorAll('td')].slice(1).map((td) => td.textContent));
    await waitFor(() => expect(rows()).toContainEqual(['screen', 'door', 'code.change', '{"code":"1234"}']));
    expect(rows().find((r) => r[2]?.startsWith('xstate.done.actor.'))?.[3]).toContain('"owner":"Asha"');
    actor.stop();
  });

  it('in live mode, hears what the app did before the visualiser joined', async () => {
    const user = userEvent.setup();
    localStorage.setItem('machines:live', '1');
    const { createActor } = await import('xstate');
    const { liveInspector } = await import('../../../src/lib/inspect');
    const actor = createActor(doorEntry.machine, { inspect: liveInspector('door') });
    actor.start();
    actor.send({ type: 'code.change', code: '4321' });

    open('/__machines/door');
    await screen.findByRole('img', { name: 'Door (fixture) (door)' }, { timeout: 30000 });
    await user.click(screen.getByRole('button', { name: 'Live' }));
    await waitFor(() =>
      expect(screen.getByTestId('live-state')).toHaveTextContent('The app is in locked.idle'),
    );
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Events between actors' })).toHaveTextContent(
        '{"code":"4321"}',
      ),
    );
    actor.stop();
  });
});
