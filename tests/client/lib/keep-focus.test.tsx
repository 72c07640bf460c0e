import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRefocusWhen, useShowMoreFocus } from '../../../src/lib/keep-focus';

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

/**
 * 'Show older' below a list, newest first, as the bell's: pressed, it marks the last item shown; a
 * poll may put a newer item in front while the older ones load.
 */
function Older() {
  const [items, setItems] = useState([5, 4, 3]);
  const [loading, setLoading] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const more = useShowMoreFocus(loading, (last: number | undefined) => {
    const first = items[items.findIndex((i) => i === last) + 1];
    return first === undefined ? null : list.current?.querySelector<HTMLElement>(`[data-id="${first}"]`);
  });
  return (
    <>
      <ul ref={list}>
        {items.map((i) => (
          <li key={i} data-id={i} tabIndex={-1}>
            Notice {i}
          </li>
        ))}
      </ul>
      <button
        ref={more.button}
        type="button"
        disabled={loading}
        onClick={() => {
          more.pressed(items.at(-1));
          setLoading(true);
        }}
      >
        Show older
      </button>
      <button type="button" onClick={() => setItems((now) => [Math.max(...now) + 1, ...now])}>
        Poll
      </button>
      <button
        type="button"
        onClick={() => {
          setItems((now) => [...now, 2, 1]);
          setLoading(false);
        }}
      >
        Older arrive
      </button>
      <button type="button" onClick={() => setLoading(false)}>
        Older fail
      </button>
    </>
  );
}

describe('useShowMoreFocus', () => {
  // The poll and the answers are not the person's clicks: fired without moving focus.
  it('moves focus to the first item added after the last one shown, whatever came in front meanwhile', async () => {
    render(<Older />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show older' }));
    fireEvent.click(screen.getByRole('button', { name: 'Poll' }));
    fireEvent.click(screen.getByRole('button', { name: 'Older arrive' }));
    expect(screen.getByText('Notice 6')).toBeInTheDocument();
    expect(screen.getByText('Notice 2')).toHaveFocus();
  });

  it('leaves focus on the button when nothing came', async () => {
    render(<Older />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show older' }));
    fireEvent.click(screen.getByRole('button', { name: 'Older fail' }));
    expect(screen.getByRole('button', { name: 'Show older' })).toHaveFocus();
  });
});
