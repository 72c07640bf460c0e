import { describe, expect, it } from 'vitest';
import { subjectMatches } from '../../src/components/subject-choices';

describe('a subject picker’s search', () => {
  it('finds a subject by its shown or stored name, however the search was composed, spaced or cased', () => {
    expect(subjectMatches('ভূগোল'.normalize('NFD'), 'ভূগোল', 'Geography')).toBe(true);
    expect(subjectMatches('  computer   SCI', 'কম্পিউটার বিজ্ঞান', 'Computer Science')).toBe(true);
    expect(subjectMatches('', 'গণিত', 'Mathematics')).toBe(true);
    expect(subjectMatches('গণিত', 'ভূগোল', 'Geography')).toBe(false);
  });
});
