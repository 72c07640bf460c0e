import { describe, expect, it } from 'vitest';
import { clearError } from '../../../machines/common/field-errors';

/** One helper clears a field's error, for every form's machine (text fields and file pickers alike). */
describe('clearError', () => {
  it("removes only the edited field's error", () => {
    const errors: Partial<Record<'name' | 'cover_note', string>> = {
      name: 'Name is required',
      cover_note: 'Too long',
    };
    expect(clearError(errors, 'cover_note')).toEqual({ name: 'Name is required' });
    expect(errors).toEqual({ name: 'Name is required', cover_note: 'Too long' });
  });

  it('leaves errors without one as they are', () => {
    const errors: Partial<Record<'name' | 'cover_note', string>> = { name: 'Name is required' };
    expect(clearError(errors, 'cover_note')).toBe(errors);
  });
});
