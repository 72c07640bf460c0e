import { afterAll, describe, expect, it } from 'vitest';
import { requestWord } from '../../../src/features/student/labels';
import { i18n, loadLanguage, setLanguage } from '../../../src/i18n/instance';

const t = (key: string) => i18n.t(key);
/** A request summary's words, as the student's requests, the finder and the teacher's dashboard show them. */
const words = (mode: string, group: string, medium: string) =>
  [requestWord(t, 'mode', mode), requestWord(t, 'group', group), requestWord(t, 'medium', medium)].join(
    ' · ',
  );

/** No bare 'any' or 'both': each word says which choice it is, in every language. */
describe('request summary words', () => {
  afterAll(() => setLanguage('en', { chosen: false }));

  it('English names the field of "any" and what "both" means', async () => {
    await setLanguage('en', { chosen: false });
    expect(words('online', 'individual', 'any')).toBe('online · individual · any medium');
    expect(words('both', 'group', 'english')).toBe('online and offline · group · English');
  });

  it('Bengali and Hindi alike', async () => {
    await loadLanguage('bn');
    await setLanguage('bn', { chosen: false });
    expect(words('online', 'individual', 'any')).toBe('অনলাইন · একক · যেকোনো মাধ্যম');
    expect(words('both', 'group', 'english')).toBe('অনলাইন ও অফলাইন · গ্রুপ · ইংরেজি মাধ্যম');
    await loadLanguage('hi');
    await setLanguage('hi', { chosen: false });
    expect(words('online', 'individual', 'any')).toBe('ऑनलाइन · व्यक्तिगत · कोई भी माध्यम');
    expect(words('both', 'group', 'english')).toBe('ऑनलाइन और ऑफ़लाइन · ग्रुप · अंग्रेज़ी माध्यम');
  });
});
