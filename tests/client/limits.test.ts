import { describe, expect, it } from 'vitest';
import { accountRoutes } from '../../contract/api/accounts';
import { MAX } from '../../contract/api/common';
import { jobRoutes } from '../../contract/api/jobs';
import { maxLengthsOf } from '../../contract/api/limits';
import { studentRoutes } from '../../contract/api/students';
import { teacherRoutes } from '../../contract/api/teachers';

/** The browser's maxLength comes from the route declarations the server checks bodies with. */
describe('maxLengthsOf', () => {
  it('reads each text field of a wrapped or bare body', () => {
    expect(maxLengthsOf(teacherRoutes.createTeacher.body)).toMatchObject({
      name: MAX.name,
      email: MAX.email,
      mobile_number: MAX.phone,
      address: MAX.address,
    });
    expect(maxLengthsOf(studentRoutes.createStudent.body)).toMatchObject({
      name: MAX.name,
      address: MAX.address,
    });
    expect(maxLengthsOf(accountRoutes.signUp.body)).toMatchObject({
      email: MAX.email,
      password: MAX.password,
    });
  });

  it('reads a query too (the job list search box)', () => {
    expect(maxLengthsOf(jobRoutes.listPostings.query).q).toBe(MAX.name);
  });

  it('skips fields without a length (ids, lists, flags) and bodies that are absent', () => {
    const teacher = maxLengthsOf(teacherRoutes.createTeacher.body);
    expect(Object.values(teacher).every((n) => Number.isInteger(n) && n > 0)).toBe(true);
    expect(maxLengthsOf(undefined)).toEqual({});
  });
});
