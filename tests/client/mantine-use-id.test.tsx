import { useId as mantinesOwnUseId } from '@mantine/hooks';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useId } from '../../src/lib/mantine-use-id';

/** A labelled field taking its id from the given `useId`; `seen` keeps the id of each of its renders. */
function Field({
  label,
  staticId,
  hook = useId,
  seen = [],
}: {
  label: string;
  staticId?: string;
  hook?: (staticId?: string) => string;
  seen?: string[];
}) {
  const id = hook(staticId);
  seen.push(id);
  return (
    <p>
      <label htmlFor={id}>{label}</label>
      <input id={id} />
    </p>
  );
}

describe("the useId Mantine's components get in the build", () => {
  it('renders each component once, with one id from its first render on', () => {
    const seen: string[] = [];
    render(<Field label="Name" seen={seen} />);
    expect(seen).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Name' }).id).toBe(seen[0]);
    expect(seen[0]).toMatch(/^mantine-/);
  });

  it("Mantine's own renders a second time after mounting, to swap in another id (what ours avoids)", () => {
    const seen: string[] = [];
    render(<Field label="Name" hook={mantinesOwnUseId} seen={seen} />);
    expect(seen).toHaveLength(2);
    expect(seen[1]).not.toBe(seen[0]);
  });

  it('gives each component its own id, and keeps a given one', () => {
    render(
      <>
        <Field label="Name" />
        <Field label="Address" />
        <Field label="Email" staticId="email-field" />
      </>,
    );
    const name = screen.getByRole('textbox', { name: 'Name' });
    const address = screen.getByRole('textbox', { name: 'Address' });
    expect(name.id).not.toBe(address.id);
    expect(screen.getByRole('textbox', { name: 'Email' }).id).toBe('email-field');
  });
});
