import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AfterFirstPaint } from '../../src/components/AfterFirstPaint';

const page = (
  <main>
    <h1>First screen</h1>
    <AfterFirstPaint placeholder={<div data-testid="kept" />}>
      <section aria-label="Below">Charts</section>
    </AfterFirstPaint>
  </main>
);

/** What a person did not come for renders once the first screen has been painted. */
describe('AfterFirstPaint', () => {
  it('renders its children after the page has painted without them, keeping their place meanwhile', async () => {
    render(page);
    expect(screen.getByRole('heading', { name: 'First screen' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Below' })).not.toBeInTheDocument();
    expect(screen.getByTestId('kept')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Below' })).toHaveTextContent('Charts');
    expect(screen.queryByTestId('kept')).not.toBeInTheDocument();
  });

  it('renders its children at once in HTML made ahead of time and while that HTML is hydrated', async () => {
    const html = renderToString(page);
    expect(html).toContain('Charts');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, page, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('section[aria-label="Below"]')).toHaveTextContent('Charts');
    container.remove();
  });
});
