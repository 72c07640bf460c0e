import { describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../../src/i18n/instance';

/** Texts are kept once translated (a slow phone's first render asks for the same ones many times). */
describe('kept translations', () => {
  it('follow a language switch, newly loaded messages and each call own values', async () => {
    const t = i18n.getFixedT(null, 'common');
    expect(t('nav.dashboard')).toBe('Dashboard');
    expect(t('nav.dashboard')).toBe('Dashboard');
    expect(t('file.selected', { name: 'a.pdf' })).toBe('File selected: a.pdf');
    expect(t('file.selected', { name: 'b.pdf' })).toBe('File selected: b.pdf');

    await setLanguage('bn', { chosen: false, remember: false });
    expect(t('nav.dashboard')).not.toBe('Dashboard');
    expect(t('nav.dashboard')).toBe(i18n.getResource('bn', 'common', 'nav.dashboard'));
    await setLanguage('en', { chosen: false, remember: false });
    expect(t('nav.dashboard')).toBe('Dashboard');

    const later = i18n.getFixedT(null, 'keptLater');
    expect(later('text')).toBe('text');
    i18n.addResourceBundle('en', 'keptLater', { text: 'Here now' }, true, false);
    expect(later('text')).toBe('Here now');
    i18n.removeResourceBundle('en', 'keptLater');
    expect(later('text')).toBe('text');
  });
});
