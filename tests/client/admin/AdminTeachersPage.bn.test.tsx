import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../src/i18n';
import { renderRoute } from '../render';

/** The administrator's teacher list read in Bengali: texts, counts with Bengali digits, the pager. */
describe('/Admin_Teacher in Bengali', () => {
  beforeEach(() => {
    localStorage.setItem('auth_token', 'admin-token');
    localStorage.setItem('role_id', '4');
  });

  it('shows the list, its count and the pager in Bengali', async () => {
    await setLanguage('bn', { chosen: false });
    renderRoute('/Admin_Teacher');
    expect(await screen.findByText('মোট: ২৩ জন শিক্ষক', {}, { timeout: 10000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'শিক্ষক' })).toBeInTheDocument();
    expect(screen.getByText('আমার অ্যাকাউন্ট')).toBeInTheDocument();
    expect(screen.getByLabelText('শিক্ষক খুঁজুন')).toBeInTheDocument();
    expect(screen.getByText('২৩ জন শিক্ষকের মধ্যে ১ থেকে ১০ দেখানো হচ্ছে')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'পাতা' });
    expect(within(pages).getByRole('button', { name: 'পাতা ২' })).toHaveTextContent('২');
    expect(within(pages).getByRole('button', { name: 'আগের পাতা' })).toBeDisabled();
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(screen.getByRole('navigation', { name: 'অ্যাডমিন' })).toBeInTheDocument();
  });
});
