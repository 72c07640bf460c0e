import { beforeEach, describe, expect, it } from 'vitest';
import { drafts } from '../../../src/lib/drafts';

describe('drafts.save', () => {
  beforeEach(() => localStorage.clear());

  it('keeps what was typed for that user', () => {
    drafts.save('subject', 7, { subjects: ['Physics'] });
    expect(drafts.load('subject', 7)).toEqual({ subjects: ['Physics'] });
  });

  it('with null there is nothing to keep: the earlier draft stays and nothing is written', () => {
    drafts.save('subject', null, null);
    expect(localStorage.getItem('draft:subject')).toBeNull();

    drafts.save('teacherSubject', 7, { online: true });
    drafts.save('teacherSubject', 7, null);
    expect(drafts.load('teacherSubject', 7)).toEqual({ online: true });
  });
});
