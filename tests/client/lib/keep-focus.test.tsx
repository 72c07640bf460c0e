import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRefocusWhen } from '../../../src/lib/keep-focus';

afterEach(() => vi.restoreAllMocks());

/** A list whose items go when pressed: focus goes to the list's title, or stays on Keep (`from`). */
function Removable({
  visible,
  from,
}: {
  visible?: boolean | ((to: HTMLElement) => boolean);
  from?: boolean;
}) {
  const [items, setItems] = useState(['Physics', 'Mathematics']);
  const heading = useRef<HTMLHeadingElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  useRefocusWhen(items, heading, { visible, from: from ? keep : undefined });
  return (
    <>
      <h2 ref={heading} tabIndex={-1}>
        Chosen
      </h2>
      {items.map((item) => (
        <button key={item} type="button" onClick={() => setItems(items.filter((i) => i !== item))}>
          Remove {item}
        </button>
      ))}
      <button ref={keep} type="button" onClick={() => setItems(items.slice(1))}>
        Keep
      </button>
      <input aria-label="Elsewhere" />
    </>
  );
}

/** A form that opens and closes: focus to its field when it opens, back to Open when it closes. */
function Opening() {
  const [open, setOpen] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useRefocusWhen(open, field);
  useRefocusWhen(!open, opener);
  return open ? (
    <>
      <input ref={field} aria-label="Name" />
      <button type="button" onClick={() => setOpen(false)}>
        Close
      </button>
    </>
  ) : (
    <button ref={opener} type="button" onClick={() => setOpen(true)}>
      Open
    </button>
  );
}

describe('useRefocusWhen', () => {
  it('moves focus that left the page with what it closed, in both directions', async () => {
    const user = userEvent.setup();
    render(<Opening />);
    expect(document.body).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('follows a value that changes with each action, and leaves focus the person moved elsewhere', async () => {
    const user = userEvent.setup();
    render(<Removable />);
    await user.click(screen.getByRole('button', { name: 'Remove Physics' }));
    expect(screen.getByRole('heading', { name: 'Chosen' })).toHaveFocus();
    // Removed without focus on it (the person is typing elsewhere): focus stays where they are.
    screen.getByLabelText('Elsewhere').focus();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Mathematics' }));
    expect(screen.queryByRole('button', { name: 'Remove Mathematics' })).toBeNull();
    expect(screen.getByLabelText('Elsewhere')).toHaveFocus();
  });

  it('leaves focus that is still on the page where it is, unless it is in `from`', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Removable />);
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    expect(screen.getByRole('button', { name: 'Keep' })).toHaveFocus();
    unmount();
    render(<Removable from />);
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    expect(screen.getByRole('heading', { name: 'Chosen' })).toHaveFocus();
  });

  it('asks the browser to show the ring only where `visible` says', async () => {
    const user = userEvent.setup();
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    const { unmount } = render(<Removable visible />);
    await user.click(screen.getByRole('button', { name: 'Remove Physics' }));
    expect(focus).toHaveBeenLastCalledWith({ focusVisible: true });
    unmount();
    render(<Removable visible={(to) => to.tagName !== 'H2'} />);
    await user.click(screen.getByRole('button', { name: 'Remove Physics' }));
    expect(screen.getByRole('heading', { name: 'Chosen' })).toHaveFocus();
    expect(focus).toHaveBeenLastCalledWith(undefined);
  });
});
