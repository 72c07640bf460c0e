import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SUPPORT_EMAIL } from '../../../contract/constants';
import { termsText } from '../../../src/features/auth/terms';
import { renderRoute } from '../render';

describe('terms (/terms)', () => {
  it('shows the title, last updated date, every section and the footer', async () => {
    renderRoute('/terms');
    const terms = termsText(DEFAULT_SUPPORT_EMAIL);
    expect(await screen.findByRole('heading', { level: 1, name: terms.title })).toBeInTheDocument();
    expect(screen.getByText('Last updated: April 1, 2025')).toBeInTheDocument();
    for (const section of terms.sections)
      expect(screen.getByRole('heading', { name: section.heading })).toBeInTheDocument();
    expect(screen.getByText(terms.footer)).toBeInTheDocument();
    expect(screen.getByText(/We do not sell your personal data/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/');
  });

  it('covers collection, purpose, sharing, consent, security, opt-out rights and changes', () => {
    const headings = termsText('x@y.in')
      .sections.map((s) => s.heading.toLowerCase())
      .join(' | ');
    for (const topic of ['collect', 'why we use', 'who can see', 'consent', 'protect', 'opt out', 'changes'])
      expect(headings).toContain(topic);
  });

  it('uses the configured support address', async () => {
    window.__APP_CONFIG__ = { supportEmail: 'help@tutors.example' };
    try {
      renderRoute('/terms');
      expect((await screen.findAllByText(/help@tutors\.example/)).length).toBeGreaterThan(1);
    } finally {
      window.__APP_CONFIG__ = undefined;
    }
  });
});
