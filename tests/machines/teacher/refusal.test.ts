import { describe, expect, it } from 'vitest';
import { fixStepOf, refusalOf } from '../../../machines/teacher/form';

const documents = { mark_sheet: { id: 2 }, highest_qualification_certificate: { id: 3 } };
const rejected = {
  verification_status: 'rejected',
  rejection_reason: 'The Aadhar photo is blurred',
  aadhar_photo: '/api/v1/uploads/1',
  teacher_preference: documents,
};

describe('a refused review on the steps (D13)', () => {
  it('says why and what is not on file, only for a rejected teacher', () => {
    expect(refusalOf(rejected)).toEqual({ reason: 'The Aadhar photo is blurred', missing: [] });
    expect(refusalOf({ ...rejected, aadhar_photo: null, teacher_preference: null })).toEqual({
      reason: 'The Aadhar photo is blurred',
      missing: ['aadhar_photo', 'mark_sheet', 'highest_qualification_certificate'],
    });
    expect(refusalOf({ ...rejected, verification_status: 'pending' })).toBeNull();
    expect(refusalOf(null)).toBeNull();
  });

  it('Fix documents opens step 3 only when all that is missing is there', () => {
    expect(fixStepOf(rejected)).toBe(1);
    expect(fixStepOf({ ...rejected, teacher_preference: { ...documents, mark_sheet: null } })).toBe(3);
    expect(fixStepOf({ ...rejected, aadhar_photo: null, teacher_preference: null })).toBe(1);
    expect(fixStepOf({ ...rejected, verification_status: 'verified', teacher_preference: null })).toBe(1);
  });
});
