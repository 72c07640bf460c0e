import { describe, expect, it } from 'vitest';
import { STUDENT_MESSAGES } from '../../contract/rules/student';
import { STUDENT_EDUCATION_MESSAGES } from '../../contract/rules/student-education';
import { activityLog } from '../../server/db/schema';
import { adminToken, studentWithRecord, validStudent } from './fixtures/students';
import { call, signUpAndIn, useTestApp } from './helper';

describe('students', () => {
  const app = useTestApp();

  it('creates the student of the signed-in user, computes the age and logs student_registered', async () => {
    const user = await signUpAndIn(app(), 2);
    const res = await call(app(), {
      method: 'POST',
      url: '/api/v1/students',
      token: user.token,
      payload: { student: { ...validStudent, user_id: user.userId, age: 99 } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.body_.data).toMatchObject({
      user_id: user.userId,
      name: 'Riya Sen',
      date_of_birth: '12/03/2009',
      marital_status: 'single',
      is_active: true,
    });
    expect(res.body_.data.age).toBeGreaterThanOrEqual(16);
    expect(res.body_.data.age).toBeLessThan(99);
    expect(res.body_.id).toBe(res.body_.data.id);
    const me = await call(app(), { method: 'GET', url: `/api/v1/users/${user.userId}`, token: user.token });
    expect(me.body_.profile[0].id).toBe(res.body_.data.id);
    const log = await app().db.select().from(activityLog);
    expect(log.some((l) => l.action === 'student_registered' && l.subjectId === res.body_.data.id)).toBe(
      true,
    );
    const again = await call(app(), {
      method: 'POST',
      url: '/api/v1/students',
      token: user.token,
      payload: { student: validStudent },
    });
    expect(again.statusCode).toBe(409);
    expect(again.body_.message).toBe(STUDENT_MESSAGES.alreadyRegistered);
  });

  it('refuses bad input with the client messages (D7)', async () => {
    const user = await signUpAndIn(app(), 2);
    const res = await call(app(), {
      method: 'POST',
      url: '/api/v1/students',
      token: user.token,
      payload: {
        student: {
          name: ' ',
          mobile_number: '98300',
          gender: 'x',
          date_of_birth: '31/02/2010',
          marital_status: '',
          address: 'short',
          guardian_number: '123',
        },
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.body_.errors).toEqual({
      name: [STUDENT_MESSAGES.nameRequired],
      mobile_number: ['Invalid mobile number (10 digits required)'],
      gender: [STUDENT_MESSAGES.genderRequired],
      date_of_birth: [STUDENT_MESSAGES.dateOfBirthInvalid],
      marital_status: ['Please select marital status'],
      address: [STUDENT_MESSAGES.addressTooShort],
      guardian_number: [STUDENT_MESSAGES.guardianInvalid],
    });
    const empty = await call(app(), {
      method: 'POST',
      url: '/api/v1/students',
      token: user.token,
      payload: {},
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.body_.errors.mobile_number).toEqual([STUDENT_MESSAGES.mobileRequired]);
    // A name with no letter in any script (emoji, digits, dots) is refused; a Bengali name is a name.
    for (const name of ['😀😀😀', '12345', '...']) {
      const res = await call(app(), {
        method: 'POST',
        url: '/api/v1/students',
        token: user.token,
        payload: { student: { name } },
      });
      expect(res.body_.errors.name).toEqual([STUDENT_MESSAGES.nameWithoutLetters]);
    }
    const bengali = await call(app(), {
      method: 'POST',
      url: '/api/v1/students',
      token: user.token,
      payload: { student: { name: 'রিয়া সেন' } },
    });
    expect(bengali.body_.errors.name).toBeUndefined();
  });

  it('lets only students create, and only for themselves', async () => {
    const teacher = await signUpAndIn(app(), 1);
    const asTeacher = await call(app(), {
      method: 'POST',
      url: '/api/v1/students',
      token: teacher.token,
      payload: { student: validStudent },
    });
    expect(asTeacher.statusCode).toBe(403);
    const student = await signUpAndIn(app(), 2);
    const forOther = await call(app(), {
      method: 'POST',
      url: '/api/v1/students',
      token: student.token,
      payload: { student: { ...validStudent, user_id: teacher.userId } },
    });
    expect(forOther.statusCode).toBe(403);
    const anonymous = await call(app(), {
      method: 'POST',
      url: '/api/v1/students',
      payload: { student: validStudent },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('reads, updates and deletes only the own record; admins list all', async () => {
    const a = await studentWithRecord(app());
    const b = await studentWithRecord(app(), { name: 'Arjun Das' });
    const own = await call(app(), { method: 'GET', url: `/api/v1/students/${a.studentId}`, token: a.token });
    expect(own.statusCode).toBe(200);
    expect(own.body_.data.name).toBe('Riya Sen');
    const other = await call(app(), {
      method: 'GET',
      url: `/api/v1/students/${b.studentId}`,
      token: a.token,
    });
    expect(other.statusCode).toBe(403);
    const missing = await call(app(), { method: 'GET', url: '/api/v1/students/999999', token: a.token });
    expect(missing.statusCode).toBe(404);

    const put = await call(app(), {
      method: 'PUT',
      url: `/api/v1/students/${a.studentId}`,
      token: a.token,
      payload: { student: { ...validStudent, name: 'Riya Sen Gupta', guardian_number: '9830098300' } },
    });
    expect(put.statusCode).toBe(200);
    expect(put.body_.data).toMatchObject({ name: 'Riya Sen Gupta', guardian_number: '9830098300' });
    const putOther = await call(app(), {
      method: 'PUT',
      url: `/api/v1/students/${b.studentId}`,
      token: a.token,
      payload: { student: validStudent },
    });
    expect(putOther.statusCode).toBe(403);
    const putBad = await call(app(), {
      method: 'PUT',
      url: `/api/v1/students/${a.studentId}`,
      token: a.token,
      payload: { student: { ...validStudent, mobile_number: 'abc' } },
    });
    expect(putBad.statusCode).toBe(422);

    const list = await call(app(), { method: 'GET', url: '/api/v1/students', token: a.token });
    expect(list.statusCode).toBe(403);
    const admin = await adminToken(app());
    const adminList = await call(app(), { method: 'GET', url: '/api/v1/students?limit=1', token: admin });
    expect(adminList.statusCode).toBe(200);
    expect(adminList.body_.data).toHaveLength(1);
    expect(adminList.body_.student_count).toBeGreaterThanOrEqual(2);
    expect(adminList.body_.pagination.next).toBe(2);

    const delOther = await call(app(), {
      method: 'DELETE',
      url: `/api/v1/students/${b.studentId}`,
      token: a.token,
    });
    expect(delOther.statusCode).toBe(403);
    const del = await call(app(), {
      method: 'DELETE',
      url: `/api/v1/students/${b.studentId}`,
      token: b.token,
    });
    expect(del.statusCode).toBe(200);
    const gone = await call(app(), { method: 'GET', url: `/api/v1/students/${b.studentId}`, token: admin });
    expect(gone.statusCode).toBe(404);
  });

  it('saves and lists preferences (wrapper preference) with the request rules', async () => {
    const s = await studentWithRecord(app());
    const bad = await call(app(), {
      method: 'POST',
      url: `/api/v1/students/${s.studentId}/preferences`,
      token: s.token,
      payload: { preference: { subject_ids: [], mode_of_teaching: 'teleport' } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body_.errors.subject_ids).toEqual(['Please select at least one subject']);
    expect(bad.body_.errors.mode_of_teaching).toBeDefined();
    const ok = await call(app(), {
      method: 'POST',
      url: `/api/v1/students/${s.studentId}/preferences`,
      token: s.token,
      payload: { preference: { subject_ids: [1, 2], preferred_medium: 'bengali' } },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.body_.data).toMatchObject({
      subject_ids: [1, 2],
      mode_of_teaching: 'online',
      preferred_medium: 'bengali',
    });
    const list = await call(app(), {
      method: 'GET',
      url: `/api/v1/students/${s.studentId}/preferences`,
      token: s.token,
    });
    expect(list.body_.data).toHaveLength(1);
    const other = await studentWithRecord(app());
    const forbidden = await call(app(), {
      method: 'GET',
      url: `/api/v1/students/${s.studentId}/preferences`,
      token: other.token,
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('keeps educational qualifications per student (all paths)', async () => {
    const s = await studentWithRecord(app());
    const other = await studentWithRecord(app());
    const url = '/api/v1/student_educational_qualifications';
    const missingStudent = await call(app(), { method: 'POST', url, token: s.token, payload: {} });
    expect(missingStudent.statusCode).toBe(422);
    expect(missingStudent.body_.errors.student_id).toEqual([STUDENT_EDUCATION_MESSAGES.studentIdMissing]);
    const bad = await call(app(), {
      method: 'POST',
      url,
      token: s.token,
      payload: {
        student_educational_qualification: {
          student_id: s.studentId,
          degree_id: 7,
          current_academic_level: 'Professional',
          additional_information: null,
        },
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body_.errors).toEqual({ additional_information: ['Professional information is required'] });
    const noType = await call(app(), {
      method: 'POST',
      url,
      token: s.token,
      payload: { student_educational_qualification: { student_id: s.studentId } },
    });
    expect(noType.body_.errors.current_academic_level).toEqual([STUDENT_EDUCATION_MESSAGES.typeRequired]);
    const school = await call(app(), {
      method: 'POST',
      url,
      token: s.token,
      payload: {
        student_educational_qualification: {
          student_id: s.studentId,
          degree_id: 3,
          current_academic_level: 'Primary/Secondary',
          school_name: 'South Point',
          additional_information: 'Class 10',
        },
      },
    });
    expect(school.statusCode).toBe(201);
    expect(school.body_.data).toMatchObject({
      degree_id: 3,
      school_name: 'South Point',
      additional_information: 'Class 10',
    });
    const id = school.body_.data.id;
    const forOther = await call(app(), {
      method: 'POST',
      url,
      token: other.token,
      payload: {
        student_educational_qualification: { student_id: s.studentId, degree_id: 6, university_name: 'JU' },
      },
    });
    expect(forOther.statusCode).toBe(403);

    const byStudent = await call(app(), {
      method: 'GET',
      url: `/api/v1/students/${s.studentId}/educational_qualifications`,
      token: s.token,
    });
    expect(byStudent.body_.data.map((q: { id: number }) => q.id)).toEqual([id]);
    const mine = await call(app(), { method: 'GET', url, token: s.token });
    expect(mine.body_.data).toHaveLength(1);
    const othersList = await call(app(), { method: 'GET', url, token: other.token });
    expect(othersList.body_.data).toHaveLength(0);
    expect((await call(app(), { method: 'GET', url: `${url}/${id}`, token: other.token })).statusCode).toBe(
      403,
    );

    const put = await call(app(), {
      method: 'PUT',
      url: `${url}/${id}`,
      token: s.token,
      payload: {
        student_educational_qualification: {
          degree_id: 6,
          current_academic_level: 'Graduate',
          university_name: 'Jadavpur University',
        },
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.body_.data).toMatchObject({
      degree_id: 6,
      current_academic_level: 'Graduate',
      school_name: null,
    });
    const badDegree = await call(app(), {
      method: 'PUT',
      url: `${url}/${id}`,
      token: s.token,
      payload: {
        student_educational_qualification: {
          degree_id: 99,
          current_academic_level: 'Graduate',
          university_name: 'JU',
        },
      },
    });
    expect(badDegree.statusCode).toBe(422);
    expect(
      (await call(app(), { method: 'DELETE', url: `${url}/${id}`, token: other.token })).statusCode,
    ).toBe(403);
    expect((await call(app(), { method: 'DELETE', url: `${url}/${id}`, token: s.token })).statusCode).toBe(
      200,
    );
    expect((await call(app(), { method: 'GET', url: `${url}/${id}`, token: s.token })).statusCode).toBe(404);
    const admin = await adminToken(app());
    expect((await call(app(), { method: 'GET', url, token: admin })).statusCode).toBe(200);
  });
});
