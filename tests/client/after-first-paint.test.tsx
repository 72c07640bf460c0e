import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AfterFirstPaint } from '../../src/components/AfterFirstPaint';

/** What sits below a phone's first screen renders once the first screen has been painted. */
describe('AfterFirstPaint', () => {
  it('renders its children after the page has painted without them', async () => {
    render(
      <main>
        <h1>First screen</h1>
        <AfterFirstPaint>
          <section aria-label="Below">Charts</section>
        </AfterFirstPaint>
      </main>,
    );
    expect(screen.getByRole('heading', { name: 'First screen' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Below' })).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Below' })).toHaveTextContent('Charts');
  });
});
