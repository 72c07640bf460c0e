import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { drafts } from '../../../src/lib/drafts';
import { session } from '../../../src/lib/session';
import { fill } from '../fill';
import { renderRoute } from '../render';

const adultBirthday = () => {
  const date = new Date();
  date.setFullYear(date.getFullYear() - 25);
  return date.toLocaleDateString('en-GB'); // DD/MM/YYYY, as the field takes it
};
const seventeenYearsAgo = () => {
  const date = new Date();
  date.setFullYear(date.getFullYear() - 17);
  return date.toLocaleDateString('en-GB'); // DD/MM/YYYY, as the field takes it
};

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, await screen.findByLabelText(/^full name/i), 'Rina Das');
  await fill(user, screen.getByLabelText(/^mobile number/i), '9876543210');
  await user.click(within(screen.getByRole('radiogroup', { name: /gender/i })).getByLabelText('Female'));
  fireEvent.change(screen.getByLabelText(/^date of birth/i), { target: { value: adultBirthday() } });
  await user.selectOptions(screen.getByLabelText(/^marital status/i), 'single');
  await fill(user, screen.getByLabelText(/^address/i), '12 College Street, Kolkata');
}

describe('/jobdetails1 (job seeker personal details)', () => {
  it('labels every field', async () => {
    renderRoute('/jobdetails1');
    expect(await screen.findByRole('heading', { name: 'Personal details' })).toBeInTheDocument();
    for (const label of [
      /^full name/i,
      /^mobile number/i,
      /^alternate number \(optional\)/i,
      /^date of birth/i,
      /^marital status/i,
      /^address/i,
    ])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    const gender = screen.getByRole('radiogroup', { name: /gender/i });
    for (const option of ['Male', 'Female', 'Other'])
      expect(within(gender).getByLabelText(option)).toBeInTheDocument();
  });

  it('shows every required message on an empty submit and stays on the page', async () => {
    const user = userEvent.setup();
    const { current } = renderRoute('/jobdetails1');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    for (const message of [
      'Name is required',
      'Mobile number is required',
      'Gender is required',
      'Date of birth is required',
      'Please select marital status',
      'Address is required',
    ])
      expect(screen.getByText(message)).toBeInTheDocument();
    expect(current()).toBe('/jobdetails1');
    await waitFor(() => expect(screen.getByLabelText(/^full name/i)).toHaveFocus());
  });

  it('refuses a one-letter name and a one-character address, as the teacher and student forms do', async () => {
    const user = userEvent.setup();
    const { current } = renderRoute('/jobdetails1');
    await fillValid(user);
    await fill(user, screen.getByLabelText(/^full name/i), 'R');
    await fill(user, screen.getByLabelText(/^address/i), 'K');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Name must be at least 3 characters long')).toBeInTheDocument();
    expect(screen.getByText('Please provide a complete address (minimum 10 characters)')).toBeInTheDocument();
    expect(current()).toBe('/jobdetails1');
    // Long enough but no letters (emoji, digits): not a name either.
    await fill(user, screen.getByLabelText(/^full name/i), '😀😀😀');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Please write the name in letters')).toBeInTheDocument();
    expect(current()).toBe('/jobdetails1');
    // An address of emoji only, however long, says nothing.
    await fill(user, screen.getByLabelText(/^address/i), '😀😀😀😀😀😀');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      screen.getByText('Please write this in letters or numbers, not only symbols or emoji'),
    ).toBeInTheDocument();
    expect(current()).toBe('/jobdetails1');
  });

  it('refuses someone under 18 and wrong phone numbers, and clears a message when the field is edited', async () => {
    const user = userEvent.setup();
    const { current } = renderRoute('/jobdetails1');
    await fillValid(user);
    fireEvent.change(screen.getByLabelText(/^date of birth/i), { target: { value: seventeenYearsAgo() } });
    await user.clear(screen.getByLabelText(/^mobile number/i));
    await user.type(screen.getByLabelText(/^mobile number/i), '98765');
    await user.type(screen.getByLabelText(/^alternate number/i), '123');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('You must be at least 18 years old')).toBeInTheDocument();
    expect(screen.getByText('Invalid mobile number (10 digits required)')).toBeInTheDocument();
    expect(screen.getByText('Invalid alternate number (10 digits required)')).toBeInTheDocument();
    expect(screen.getByLabelText(/^date of birth/i)).toHaveAttribute('aria-invalid', 'true');
    expect(current()).toBe('/jobdetails1');
    await user.type(screen.getByLabelText(/^mobile number/i), '43210');
    expect(screen.queryByText('Invalid mobile number (10 digits required)')).not.toBeInTheDocument();
  });

  it('keeps digits only in phone fields, at most 10', async () => {
    const user = userEvent.setup();
    renderRoute('/jobdetails1');
    const mobile = await screen.findByLabelText(/^mobile number/i);
    await user.type(mobile, '+91 (98765) 43210 99');
    expect(mobile).toHaveValue('9198765432');
    await user.clear(mobile);
    await user.click(mobile);
    await user.paste('98765 43210'); // pasted with a space: all 10 digits kept
    expect(mobile).toHaveValue('9876543210');
  });

  it('restores the draft after a reload (remount) and after logging in again as the same user', async () => {
    const user = userEvent.setup();
    localStorage.setItem('user_id', '7');
    const first = renderRoute('/jobdetails1');
    await fill(user, await screen.findByLabelText(/^full name/i), 'Rina Das');
    await fill(user, screen.getByLabelText(/^address/i), 'Salt Lake, Kolkata');
    await user.selectOptions(screen.getByLabelText(/^marital status/i), 'married');
    first.unmount();

    renderRoute('/jobdetails1').unmount();
    session.clear(); // what the login screen does; drafts stay (D5)
    localStorage.setItem('user_id', '7');
    renderRoute('/jobdetails1');
    expect(await screen.findByLabelText(/^full name/i)).toHaveValue('Rina Das');
    expect(screen.getByLabelText(/^address/i)).toHaveValue('Salt Lake, Kolkata');
    expect(screen.getByLabelText(/^marital status/i)).toHaveValue('married');
    expect(drafts.load('jobdetails1', 8)).toBeNull();
  });

  it('goes on to /jobdetails2 when every rule holds', async () => {
    const user = userEvent.setup();
    const { current } = renderRoute('/jobdetails1');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Educational details' })).toBeInTheDocument();
    expect(current()).toBe('/jobdetails2');
  });
});

describe('the job seeker’s two steps, signed in', () => {
  it.each(['/jobdetails1', '/jobdetails2'])(
    '%s offers Logout in the header, as the teacher’s and student’s steps do (a shared phone is no trap)',
    async (path) => {
      localStorage.setItem('auth_token', 'header.eyJzdWIiOjN9.sig');
      localStorage.setItem('user_id', '3');
      localStorage.setItem('role_id', '3');
      renderRoute(path);
      expect(await screen.findByRole('button', { name: 'Logout' })).toBeEnabled();
    },
  );
});
