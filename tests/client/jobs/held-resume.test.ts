import { afterAll, describe, expect, it } from 'vitest';
import { heldResumeKey } from '../../../src/features/jobs/resume';
import { i18n, loadLanguage, setLanguage } from '../../../src/i18n/instance';

/** The education and application forms word the résumé they hold through one helper. */
describe('the held résumé line', () => {
  afterAll(() => setLanguage('en', { chosen: false }));

  it('reads selected, or not attached when the file was refused', async () => {
    await setLanguage('en', { chosen: false });
    expect(i18n.t(heldResumeKey(false), { name: 'cv.pdf' })).toBe('File selected: cv.pdf');
    expect(i18n.t(heldResumeKey(true), { name: 'cv.docx' })).toBe('Not attached: cv.docx');
  });

  it('in Bengali too', async () => {
    await loadLanguage('bn');
    await setLanguage('bn', { chosen: false });
    expect(i18n.t(heldResumeKey(false), { name: 'cv.pdf' })).toBe('বেছে নেওয়া ফাইল: cv.pdf');
    expect(i18n.t(heldResumeKey(true), { name: 'cv.docx' })).toBe('সংযুক্ত হয়নি: cv.docx');
  });
});
