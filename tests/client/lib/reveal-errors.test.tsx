import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { revealField, revealFirstError } from '../../../src/lib/reveal-errors';

afterEach(() => vi.restoreAllMocks());

/** Where each scroll went and how each focus was asked for. */
function watch() {
  const scrolled: string[] = [];
  const focused: Array<{ name: string; options: FocusOptions | undefined }> = [];
  vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
    scrolled.push(this.dataset.field ?? this.getAttribute('aria-label') ?? this.tagName);
  });
  const focus = HTMLElement.prototype.focus;
  vi.spyOn(HTMLElement.prototype, 'focus').mockImplementation(function (this: HTMLElement, options) {
    focused.push({ name: this.getAttribute('aria-label') ?? this.tagName, options });
    focus.call(this, options);
  });
  return { scrolled, focused };
}

/** A form a failed save kept locked: it opens in the render after the reveal. */
function Locked() {
  const [locked, setLocked] = useState(true);
  return (
    <form>
      <fieldset disabled={locked}>
        <input aria-label="Email" aria-invalid="true" />
      </fieldset>
      <button
        type="button"
        onClick={() => {
          revealField(screen.getByLabelText('Email'));
          setLocked(false);
        }}
      >
        Saved
      </button>
    </form>
  );
}

/** A form whose errors the server gives later (`invalid`); typing in it is the person moving on. */
function ServerForm({ invalid }: { invalid: string[] }) {
  return (
    <form aria-label="Details">
      {['Name', 'Email', 'Phone'].map((label) => (
        <input key={label} aria-label={label} aria-invalid={invalid.includes(label)} />
      ))}
    </form>
  );
}

describe('revealField', () => {
  it("scrolls a field's box (by its wire name) into view and focuses its control, ring showing", async () => {
    const { scrolled, focused } = watch();
    render(
      <form>
        <input aria-label="Name" />
        <div data-field="certificate">
          <span>Certificate</span>
          <input type="file" aria-label="Certificate file" />
        </div>
      </form>,
    );
    revealField('certificate');
    await waitFor(() => expect(screen.getByLabelText('Certificate file')).toHaveFocus());
    expect(scrolled).toEqual(['certificate']);
    expect(focused).toEqual([
      { name: 'Certificate file', options: { preventScroll: true, focusVisible: true } },
    ]);
  });

  it('focuses a field a failed save kept locked once its form opens in the render that follows', async () => {
    render(<Locked />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Saved' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
  });

  it('reveals nothing when there is no such field', async () => {
    const { focused } = watch();
    render(<input aria-label="Name" />);
    revealField('missing');
    revealField(null);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(focused).toEqual([]);
  });
});

describe('revealFirstError', () => {
  it("reveals the first field in error once the form shows it (the server's answer comes later)", async () => {
    const { scrolled } = watch();
    const { rerender } = render(<ServerForm invalid={[]} />);
    revealFirstError(screen.getByRole('form', { name: 'Details' }));
    rerender(<ServerForm invalid={['Phone', 'Email']} />);
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    expect(scrolled).toEqual(['Email']);
  });

  it('stops watching when the person types', async () => {
    const { focused } = watch();
    const { rerender } = render(<ServerForm invalid={[]} />);
    revealFirstError(screen.getByRole('form', { name: 'Details' }));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'A');
    focused.length = 0;
    rerender(<ServerForm invalid={['Email']} />);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(focused).toEqual([]);
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });
});
