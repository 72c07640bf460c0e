import { describe, expect, it } from 'vitest';
import {
  canTransition,
  partyFor,
  REQUEST_MESSAGES,
  validateStudentRequest,
} from '../../../contract/rules/request';
import {
  STUDENT_MESSAGES,
  studentAge,
  studentFormFromPayload,
  toStudentPayload,
  validateStudentPersonal,
} from '../../../contract/rules/student';
import {
  educationFormFromPayload,
  STUDENT_EDUCATION_MESSAGES,
  toQualificationPayload,
  validateStudentEducation,
} from '../../../contract/rules/student-education';
import {
  normaliseSubjectName,
  SUBJECT_MESSAGES,
  sameSubjectName,
  subjectNameIncludes,
  validateSubjectName,
} from '../../../contract/rules/student-subject';

const today = new Date('2025-06-01T12:00:00');
const valid = {
  name: 'Riya Sen',
  mobile_number: '9830012345',
  gender: 'female',
  date_of_birth: '2009-03-12',
  marital_status: 'single',
  address: '5 Park Street, Kolkata',
  guardian_number: '',
};

describe('student personal rules', () => {
  it('accepts a complete form', () => expect(validateStudentPersonal(valid, today)).toEqual({}));
  it.each([
    ['name', '', STUDENT_MESSAGES.nameRequired],
    ['mobile_number', '', STUDENT_MESSAGES.mobileRequired],
    ['mobile_number', '98300', 'Invalid mobile number (10 digits required)'],
    ['mobile_number', '98300123456', 'Invalid mobile number (10 digits required)'],
    ['gender', 'unknown', STUDENT_MESSAGES.genderRequired],
    ['date_of_birth', '', STUDENT_MESSAGES.dateOfBirthRequired],
    ['date_of_birth', '2026-01-01', STUDENT_MESSAGES.dateOfBirthFuture],
    ['marital_status', '', 'Please select marital status'],
    ['address', '', STUDENT_MESSAGES.addressRequired],
    ['address', 'Kolkata', STUDENT_MESSAGES.addressTooShort],
    ['guardian_number', '123', STUDENT_MESSAGES.guardianInvalid],
  ])('%s = %j -> %s', (field, value, message) => {
    expect(validateStudentPersonal({ ...valid, [field]: value }, today)).toEqual({ [field]: message });
  });
  it('computes the age and the wire payload (DD/MM/YYYY)', () => {
    expect(studentAge('2009-03-12', today)).toBe(16);
    expect(studentAge('2009-06-02', today)).toBe(15);
    expect(toStudentPayload(valid, 42, today)).toMatchObject({
      user_id: 42,
      age: 16,
      date_of_birth: '12/03/2009',
      is_active: true,
      guardian_number: '',
    });
    expect(studentFormFromPayload({ ...valid, date_of_birth: '12/03/2009' }).date_of_birth).toBe(
      '2009-03-12',
    );
    expect(studentFormFromPayload({ date_of_birth: '31/02/2009' }).date_of_birth).toBe('invalid');
  });
});

describe('student education rules and mapping', () => {
  const empty = {
    education_type: '' as const,
    school_name: '',
    class_standard: '',
    college_name: '',
    university_name: '',
    profession: '',
  };
  it.each([
    [{ ...empty }, { education_type: STUDENT_EDUCATION_MESSAGES.typeRequired }],
    [
      { ...empty, education_type: 'School' as const },
      { school_name: 'School name is required', class_standard: STUDENT_EDUCATION_MESSAGES.classRequired },
    ],
    [{ ...empty, education_type: 'College' as const }, { college_name: 'College name is required' }],
    [{ ...empty, education_type: 'University' as const }, { university_name: 'University name is required' }],
    [
      { ...empty, education_type: 'Working' as const },
      { profession: 'Professional information is required' },
    ],
  ])('%j', (form, errors) => expect(validateStudentEducation(form)).toEqual(errors));
  it('maps School/College/University/Working to degree ids 3, 5, 6, 7', () => {
    expect(
      toQualificationPayload(
        {
          ...empty,
          education_type: 'School',
          school_name: 'South Point',
          class_standard: '10',
          college_name: 'stale',
        },
        7,
      ),
    ).toEqual({
      student_id: 7,
      degree_id: 3,
      current_academic_level: 'Primary/Secondary',
      school_name: 'South Point',
      college_name: null,
      university_name: null,
      additional_information: '10',
    });
    expect(
      toQualificationPayload({ ...empty, education_type: 'College', college_name: 'Presidency' }, 7),
    ).toMatchObject({ degree_id: 5, current_academic_level: 'Undergraduate', additional_information: null });
    expect(
      toQualificationPayload({ ...empty, education_type: 'University', university_name: 'JU' }, 7),
    ).toMatchObject({ degree_id: 6, current_academic_level: 'Graduate' });
    expect(
      toQualificationPayload({ ...empty, education_type: 'Working', profession: 'Accountant' }, 7),
    ).toMatchObject({
      degree_id: 7,
      current_academic_level: 'Professional',
      additional_information: 'Accountant',
    });
    expect(educationFormFromPayload({ degree_id: 6, university_name: 'JU' }).education_type).toBe(
      'University',
    );
  });
});

describe('request rules', () => {
  it('needs a subject and known preference values', () => {
    expect(
      validateStudentRequest({
        subject_ids: [],
        mode_of_teaching: 'online',
        preferred_group: 'individual',
        preferred_medium: 'english',
        teacher_assignment_preference: 'multiple',
      }),
    ).toEqual({ subject_ids: 'Please select at least one subject' });
    expect(
      validateStudentRequest({
        subject_ids: [1],
        mode_of_teaching: 'x',
        preferred_group: 'y',
        preferred_medium: 'z',
        teacher_assignment_preference: 'w',
        status: 'accepted',
      }),
    ).toEqual({
      mode_of_teaching: REQUEST_MESSAGES.modeInvalid,
      preferred_group: REQUEST_MESSAGES.groupInvalid,
      preferred_medium: REQUEST_MESSAGES.mediumInvalid,
      teacher_assignment_preference: REQUEST_MESSAGES.assignmentInvalid,
      status: REQUEST_MESSAGES.newStatusInvalid,
    });
  });
  it('allows only the documented transitions, each by its party', () => {
    expect(canTransition('request_send', 'accepted')).toBe(true);
    expect(canTransition('accepted', 'ended')).toBe(true);
    expect(canTransition('accepted', 'cancelled')).toBe(false);
    expect(canTransition('declined', 'accepted')).toBe(false);
    expect(partyFor('cancelled')).toBe('student');
    expect(partyFor('accepted')).toBe('teacher');
    expect(partyFor('ended')).toBe('either');
    expect(partyFor('request_send')).toBeNull();
  });
  it('refuses duplicate subject names case-insensitively', () => {
    expect(validateSubjectName('  ', [])).toBe(SUBJECT_MESSAGES.nameRequired);
    expect(validateSubjectName('physics ', ['Physics'])).toBe('Subject "Physics" already exists');
    expect(validateSubjectName('Astronomy', ['Physics'])).toBeUndefined();
    expect(validateSubjectName('x'.repeat(61))).toBe(SUBJECT_MESSAGES.nameTooLong);
  });
  it('compares subject names forgiving Unicode composition, spaces and case (one rule, client and server)', () => {
    const composed = 'ভূগোল';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    expect(normaliseSubjectName(`  ${decomposed}  `)).toBe(composed);
    expect(sameSubjectName(decomposed, composed)).toBe(true);
    expect(sameSubjectName('Computer   science', ' computer Science')).toBe(true);
    expect(sameSubjectName('ভূগোল', 'গণিত')).toBe(false);
    expect(validateSubjectName(decomposed, [composed])).toBe(`Subject "${composed}" already exists`);
    expect(subjectNameIncludes('Computer Science', ' COMPUTER sci')).toBe(true);
    expect(subjectNameIncludes(composed, 'গো'.normalize('NFD'))).toBe(true);
    expect(subjectNameIncludes(composed, '')).toBe(true);
  });
});
