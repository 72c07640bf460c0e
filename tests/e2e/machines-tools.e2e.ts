import { expect, it } from 'vitest';
import { expectAccessible } from './harness';
import { setUpE2E } from './use-e2e';

// The visualiser's QA tools in a production build at a laptop's size (1280 x 800): the input
// editor and fake clock, the walk in the address (a link reopens the same state), history with
// payloads and click-to-return, zoom / fit and the legend, and the model-test export.
const { server, browser } = setUpE2E({
  server: { machinesVisualiser: true },
  browsers: [{ width: 1280, height: 800 }],
});

it('walks the maintenance countdown on a fake clock, with its input edited', async () => {
  const page = browser.page;
  await page.goto(`${server.url}/__machines/maintenance`);
  await page.getByRole('img', { name: 'Maintenance countdown (maintenance)' }).waitFor();
  const current = page.getByTestId('current-state');
  const clock = page.getByTestId('fake-clock');
  // The walk's clock starts three seconds before the end: counting, not already elapsed.
  await expect.poll(() => current.textContent()).toBe('counting');
  expect(await clock.textContent()).toBe('Fake clock: 2025-04-25T12:29:57.000Z');
  // The diagram and the controls are on screen together.
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const region of ['Diagram', 'Controls']) {
    const box = await page.getByRole('region', { name: region, exact: true }).boundingBox();
    expect(box && box.x + 40 < viewport.width && box.y + 40 < viewport.height, region).toBe(true);
  }
  await expectAccessible(page, 'visualiser maintenance counting');

  const tick = page.getByRole('button', { name: 'Fire delay: after 1000 ms' });
  await tick.click();
  await expect.poll(() => clock.textContent()).toBe('Fake clock: 2025-04-25T12:29:58.000Z');
  expect(await current.textContent()).toBe('counting');
  await tick.click();
  await tick.click();
  await expect.poll(() => current.textContent()).toBe('elapsedfinal');

  // Another end and another start: one second to go.
  await page.getByLabel('Machine input (JSON)').fill('{ "until": "2030-01-01T00:00:00Z" }');
  await page.getByLabel('Fake clock starts at (ISO date-time)').fill('2029-12-31T23:59:59Z');
  await page.getByRole('button', { name: 'Start with this input' }).click();
  await expect.poll(() => current.textContent()).toBe('counting');
  expect(await clock.textContent()).toBe('Fake clock: 2029-12-31T23:59:59.000Z');
  await tick.click();
  await expect.poll(() => current.textContent()).toBe('elapsedfinal');

  // A refused input says why and leaves the walk as it was.
  await page.getByLabel('Machine input (JSON)').fill('{ "until": ');
  await page.getByRole('button', { name: 'Start with this input' }).click();
  await page.getByText(/^Not valid JSON/).waitFor();
  expect(await current.textContent()).toBe('elapsedfinal');
  await expectAccessible(page, 'visualiser maintenance input refused');
});

it('keeps the walk in the address: a link reopens the same state, history and all', async () => {
  const page = browser.page;
  await page.goto(`${server.url}/__machines/auth`);
  await page.getByRole('img', { name: 'Login and sign-up (auth)' }).waitFor();
  const current = page.getByTestId('current-state');
  await page.getByRole('button', { name: 'Reject checkSession' }).click();
  await expect.poll(() => current.textContent()).toBe('login.editing');
  await page
    .getByLabel('field.change payload (JSON)', { exact: true })
    .fill('{"field":"email","value":"asha@example.com"}');
  await page.getByRole('button', { name: 'Send field.change' }).click();
  await page.getByRole('button', { name: 'Send mode.toggle' }).click();
  await expect.poll(() => current.textContent()).toBe('signup.editing.termsClosed');

  // History: every step with its payload.
  await expect
    .poll(() => page.getByLabel('Payload of step 2').textContent())
    .toBe('{"field":"email","value":"asha@example.com"}');
  const link = page.url();
  expect(new URL(link).searchParams.get('events')).toContain('asha@example.com');
  expect(await page.getByLabel('Link to this walk').inputValue()).toBe(link);

  // A colleague opens the link: the same state, the same history, the same context.
  const colleague = await browser.newPage();
  await colleague.goto(link);
  await colleague.getByRole('img', { name: 'Login and sign-up (auth)' }).waitFor();
  await expect
    .poll(() => colleague.getByTestId('current-state').textContent())
    .toBe('signup.editing.termsClosed');
  expect(await colleague.getByLabel('Context JSON').textContent()).toBe(
    await page.getByLabel('Context JSON').textContent(),
  );
  expect(await colleague.getByLabel('Payload of step 2').textContent()).toBe(
    '{"field":"email","value":"asha@example.com"}',
  );
  await expectAccessible(colleague, 'visualiser opened from a link');
  await colleague.close();

  // Click-to-return: back to the state after step 1.
  await page.getByRole('button', { name: /^Return here: step 1 / }).click();
  await expect.poll(() => current.textContent()).toBe('login.editing');
  expect(new URL(page.url()).searchParams.get('events')).not.toContain('asha@example.com');

  // Export: the walk as a model-test snippet for the kit.
  await page.getByRole('button', { name: 'Send mode.toggle' }).click();
  await page.getByRole('button', { name: 'Export as a model test' }).click();
  const snippet = await page.getByLabel('Model-test snippet').inputValue();
  expect(snippet).toContain("const entry = findMachine('auth');");
  expect(snippet).toContain('"type": "mode.toggle"');
  expect(snippet).toContain('paths: [walked],');
  await expectAccessible(page, 'visualiser model-test export');
});

it('zooms, fits and pans the diagram, with a legend', async () => {
  const page = browser.page;
  await page.goto(`${server.url}/__machines/auth`);
  const diagram = page.getByRole('img', { name: 'Login and sign-up (auth)' });
  await diagram.waitFor();
  // auth is larger than its frame: it opens fitted.
  const zoom = page.getByTestId('zoom');
  const fitted = Number((await zoom.textContent())?.replace('%', ''));
  expect(fitted).toBeLessThan(100);
  await page.getByRole('button', { name: '100%' }).click();
  await expect.poll(() => zoom.textContent()).toBe('100%');
  const natural = (await diagram.boundingBox())?.width ?? 0;
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await expect.poll(() => zoom.textContent()).toBe('90%');
  expect(Math.round((await diagram.boundingBox())?.width ?? 0)).toBe(Math.round(natural * 0.9));
  await page.getByRole('button', { name: 'Fit' }).click();
  await expect.poll(() => zoom.textContent()).toBe(`${fitted}%`);

  // Pan by dragging at 100%.
  await page.getByRole('button', { name: '100%' }).click();
  const frame = page.getByRole('region', { name: 'Diagram', exact: true });
  const box = await frame.boundingBox();
  if (!box) throw new Error('no diagram frame');
  const before = await frame.evaluate((el) => el.scrollLeft + el.scrollTop);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 150, box.y + box.height / 2 - 100, { steps: 5 });
  await page.mouse.up();
  expect(await frame.evaluate((el) => el.scrollLeft + el.scrollTop)).toBeGreaterThan(before);

  expect(await page.getByRole('list', { name: 'Legend' }).textContent()).toContain('transition just taken');
  await expectAccessible(page, 'visualiser zoomed');
  await browser.screenshot(page, 'machines-tools-auth');
});
