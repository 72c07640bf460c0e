import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoute } from '../render';

/** Edit mode on the real step pages: the machine holds it (from `?edit=1`) and every way out keeps it. */
describe('onboarding steps in edit mode', () => {
  beforeEach(() => {
    localStorage.setItem('auth_token', 'header.eyJzdWIiOjN9.sig');
    localStorage.setItem('user_id', '3');
    localStorage.setItem('teacher_id', '21');
  });

  it('education: the edit bar, and Back returns to the first step in edit mode', async () => {
    const user = userEvent.setup();
    const view = renderRoute('/educational_details_teacher?edit=1');
    const bar = await screen.findByRole('navigation', { name: 'Editing your profile' });
    expect(bar).toHaveTextContent('Back to dashboard');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(view.current()).toBe('/personal_details_teacher?edit=1');
  });

  it('education without edit mode: no edit bar, and Back is the onboarding way back', async () => {
    const user = userEvent.setup();
    const view = renderRoute('/educational_details_teacher');
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('navigation', { name: 'Editing your profile' })).not.toBeInTheDocument();
    expect(view.current()).toBe('/personal_details_teacher');
  });

  it('schedule: Back in edit mode returns to the preferences in edit mode', async () => {
    const user = userEvent.setup();
    const view = renderRoute('/slots?edit=1');
    await screen.findByRole('navigation', { name: 'Editing your profile' });
    // The last step saves an edit: it does not create a profile.
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Profile' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(view.current()).toBe('/teacherSubject?edit=1');
  });
});
