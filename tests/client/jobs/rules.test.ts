import { describe, expect, it } from 'vitest';
import {
  EMPTY_JOB_PERSONAL,
  hasPdfSignature,
  JOB_MESSAGES,
  JOB_QUALIFICATIONS,
  type JobPersonalValues,
  latestYearOfPassing,
  normalizeJobEducationField,
  normalizeJobPersonalField,
  validateDateOfBirth,
  validateJobEducation,
  validateJobPersonal,
  validateResumeFile,
  validateYearOfPassing,
} from '../../../contract/rules/jobs';

const today = new Date(2025, 5, 15); // 15 June 2025
const valid: JobPersonalValues = {
  name: 'Rina Das',
  mobile_number: '9876543210',
  alternate_number: '',
  gender: 'female',
  date_of_birth: '2000-01-31',
  marital_status: 'single',
  address: '12 College Street, Kolkata',
};
const pdf = { name: 'resume.pdf', type: 'application/pdf', size: 2048 };

describe('job seeker personal rules (docs/product.md#validation-and-messages)', () => {
  it('accepts a complete form, with or without an alternate number', () => {
    expect(validateJobPersonal(valid, today)).toEqual({});
    expect(validateJobPersonal({ ...valid, alternate_number: '9123456780' }, today)).toEqual({});
  });

  it('asks for every required field with its message', () => {
    expect(validateJobPersonal(EMPTY_JOB_PERSONAL, today)).toEqual({
      name: 'Name is required',
      mobile_number: 'Mobile number is required',
      gender: 'Gender is required',
      date_of_birth: 'Date of birth is required',
      marital_status: 'Please select marital status',
      address: 'Address is required',
    });
    expect(validateJobPersonal({ ...valid, name: '   ', address: ' ' }, today)).toEqual({
      name: JOB_MESSAGES.nameRequired,
      address: JOB_MESSAGES.addressRequired,
    });
  });

  it('wants exactly 10 digits for the mobile number and, when given, the alternate number', () => {
    expect(validateJobPersonal({ ...valid, mobile_number: '987654321' }, today).mobile_number).toBe(
      'Invalid mobile number (10 digits required)',
    );
    expect(validateJobPersonal({ ...valid, mobile_number: '98765432101' }, today).mobile_number).toBe(
      JOB_MESSAGES.mobileInvalid,
    );
    expect(validateJobPersonal({ ...valid, alternate_number: '12345' }, today).alternate_number).toBe(
      'Invalid alternate number (10 digits required)',
    );
  });

  it('keeps digits only (at most 10) in phone fields and leaves other fields as typed', () => {
    expect(normalizeJobPersonalField('mobile_number', '+91 98765-43210')).toBe('9198765432');
    expect(normalizeJobPersonalField('alternate_number', 'ab12 3')).toBe('123');
    expect(normalizeJobPersonalField('name', ' Rina 2 ')).toBe(' Rina 2 ');
  });

  it('refuses unknown gender and marital status values', () => {
    const errors = validateJobPersonal({ ...valid, gender: 'robot', marital_status: 'complicated' }, today);
    expect(errors).toEqual({ gender: 'Gender is required', marital_status: 'Please select marital status' });
  });

  it('requires 18 years: the day before the 18th birthday is too young, the birthday itself is fine', () => {
    expect(validateDateOfBirth('2007-06-16', 18, today)).toBe('You must be at least 18 years old');
    expect(validateDateOfBirth('2007-06-15', 18, today)).toBeUndefined();
    expect(validateJobPersonal({ ...valid, date_of_birth: '2010-01-01' }, today).date_of_birth).toBe(
      JOB_MESSAGES.tooYoung,
    );
  });

  it('refuses impossible and future dates of birth', () => {
    expect(validateDateOfBirth('2001-02-30', 18, today)).toBe(
      'Please enter a valid date of birth (DD/MM/YYYY)',
    );
    expect(validateDateOfBirth('31/01/2000', 18, today)).toBe(JOB_MESSAGES.dateOfBirthInvalid);
    expect(validateDateOfBirth('1850-01-01', 18, today)).toBe(JOB_MESSAGES.dateOfBirthInvalid);
    expect(validateDateOfBirth('2025-06-16', 18, today)).toBe('Date of birth cannot be in the future');
  });
});

describe('job seeker education rules (docs/product.md#validation-and-messages)', () => {
  const education = { qualification: '5', school_name: 'Hindu School', year_of_passing: '2020' };

  it('offers qualifications from no formal education up to doctorate', () => {
    expect(JOB_QUALIFICATIONS[0].label).toBe('No formal education');
    expect(JOB_QUALIFICATIONS.at(-1)?.label).toBe('Doctorate (Ph.D.)');
  });

  it('accepts a complete form with a PDF resume', () => {
    expect(validateJobEducation(education, pdf, { today, resumeIsPdf: true })).toEqual({});
    expect(validateJobEducation(education, pdf, { today })).toEqual({});
  });

  it('asks for every field with its message', () => {
    expect(
      validateJobEducation({ qualification: '', school_name: ' ', year_of_passing: '' }, null, { today }),
    ).toEqual({
      qualification: 'Qualification is required',
      school_name: 'School name is required',
      year_of_passing: 'Year of passing is required',
      resume: 'Please upload your latest resume',
    });
    expect(validateJobEducation({ ...education, qualification: '42' }, pdf, { today }).qualification).toBe(
      JOB_MESSAGES.qualificationRequired,
    );
  });

  it('allows a year of passing up to 4 years ahead, from 1900, as 4 digits', () => {
    expect(latestYearOfPassing(today)).toBe(2029);
    expect(validateYearOfPassing('2029', today)).toBeUndefined();
    expect(validateYearOfPassing('1900', today)).toBeUndefined();
    expect(validateYearOfPassing('2030', today)).toBe(
      'Year of passing cannot be more than 4 years in the future (latest 2029)',
    );
    expect(validateYearOfPassing('1899', today)).toBe('Year of passing cannot be before 1900');
    expect(validateYearOfPassing('99', today)).toBe('Please enter a valid 4-digit year (e.g., 2023)');
    expect(validateYearOfPassing('20a3', today)).toBe(JOB_MESSAGES.yearInvalid);
    expect(normalizeJobEducationField('year_of_passing', '2o23x45')).toBe('2234');
    expect(normalizeJobEducationField('school_name', 'St. Paul 2')).toBe('St. Paul 2');
  });

  it('wants a resume, as a PDF by name, type and size', () => {
    expect(validateResumeFile(null)).toBe('Please upload your latest resume');
    expect(validateResumeFile(pdf)).toBeUndefined();
    expect(validateResumeFile({ ...pdf, name: 'RESUME.PDF', type: '' })).toBeUndefined();
    expect(validateResumeFile({ name: 'resume.docx', type: 'application/msword', size: 10 })).toBe(
      'Please upload PDF files only',
    );
    expect(validateResumeFile({ name: 'resume.pdf', type: 'image/png', size: 10 })).toBe(
      JOB_MESSAGES.resumeNotPdf,
    );
    expect(validateResumeFile({ ...pdf, size: 5 * 1024 * 1024 + 1 })).toBe(
      'Resume must be smaller than 5 MB',
    );
  });

  it('judges the content: a file that does not start with %PDF is not a PDF', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(hasPdfSignature(bytes('%PDF-1.4\n'))).toBe(true);
    expect(hasPdfSignature(bytes('PK\u0003\u0004'))).toBe(false);
    expect(hasPdfSignature(bytes('%PD'))).toBe(false);
    expect(validateJobEducation(education, pdf, { today, resumeIsPdf: false }).resume).toBe(
      'Please upload PDF files only',
    );
  });
});
