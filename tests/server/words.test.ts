import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../contract/rules/auth';
import { WITHOUT_WORDS } from '../../contract/rules/common';
import { SUBJECT_MESSAGES } from '../../contract/rules/student-subject';
import { insertTeacher } from './fixtures/admin-teachers';
import { personal } from './fixtures/jobs';
import { adminToken, studentWithRecord, validStudent } from './fixtures/students';
import { call, signUpAndIn, uniqueEmail, useTestApp } from './helper';
import { multipart, personalFields, photoParts } from './teacher-helpers';

/**
 * Text that says nothing (only emoji, punctuation or symbols) is refused wherever a person writes
 * free text, with one message; an e-mail address is one a mail server takes. A 422 naming the field,
 * never a 500; text with a letter or digit in any script still passes.
 */
const NOTHING = ['😀😀😀😀😀😀', '..........', '——— !!! ———', '🏠🏠🏠🏠🏠 🏠🏠🏠🏠🏠'];
const EMOJI_EMAILS = [
  '😀@x.com',
  'a😀@example.com',
  'user@exa😀mple.com',
  'a b@example.com',
  'a@example',
  'অমিত@উদাহরণ',
  'অমিত উদাহরণ.ভারত',
  'অমিত @উদাহরণ.ভারত',
];

describe('free text says something; an email is an email', () => {
  const app = useTestApp();

  it('addresses: student, job seeker and teacher', async () => {
    const student = await signUpAndIn(app(), 2);
    const seeker = await signUpAndIn(app(), 3);
    const teacher = await signUpAndIn(app(), 1);
    for (const address of NOTHING) {
      const s = await call(app(), {
        method: 'POST',
        url: '/api/v1/students',
        token: student.token,
        payload: { student: { ...validStudent, address } },
      });
      expect(s.statusCode, address).toBe(422);
      expect(s.body_.errors, address).toEqual({ address: [WITHOUT_WORDS] });
      const j = await call(app(), {
        method: 'POST',
        url: '/api/v1/job_seekers',
        token: seeker.token,
        payload: personal({ address }),
      });
      expect(j.statusCode, address).toBe(422);
      expect(j.body_.errors, address).toEqual({ address: [WITHOUT_WORDS] });
      const t = await call(app(), {
        method: 'POST',
        url: '/api/v1/teachers',
        token: teacher.token,
        ...multipart([...personalFields({ address }), ...photoParts()]),
      });
      expect(t.statusCode, address).toBe(422);
      expect(t.body_.errors, address).toEqual({ address: [WITHOUT_WORDS] });
    }
    // Letters or digits of any script, with an emoji beside them, are an address.
    const bengali = await call(app(), {
      method: 'POST',
      url: '/api/v1/students',
      token: student.token,
      payload: { student: { ...validStudent, address: '১২ পার্ক স্ট্রিট, কলকাতা 🏠' } },
    });
    expect(bengali.statusCode).toBe(201);
  });

  it("a suggested subject's name has letters", async () => {
    const s = await signUpAndIn(app(), 2);
    const admin = await adminToken(app());
    for (const name of ['😀😀😀', '12345', '+++']) {
      const res = await call(app(), {
        method: 'POST',
        url: '/api/v1/subjects',
        token: s.token,
        payload: { subject: { name } },
      });
      expect(res.statusCode, name).toBe(422);
      expect(res.body_.errors, name).toEqual({ name: [SUBJECT_MESSAGES.nameWithoutLetters] });
    }
    const pending = await call(app(), {
      method: 'POST',
      url: '/api/v1/subjects',
      token: s.token,
      payload: { subject: { name: 'সংগীত' } },
    });
    expect(pending.statusCode).toBe(201);
    // An administrator correcting its spelling on approval is held to the same rule.
    const renamed = await call(app(), {
      method: 'PATCH',
      url: `/api/v1/admin/subjects/${pending.body_.data.id}/approve`,
      token: admin,
      payload: { subject: { name: '🎵🎵🎵' } },
    });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.body_.errors).toEqual({ name: [SUBJECT_MESSAGES.nameWithoutLetters] });
  });

  it('schools, colleges and the reason for a rejection', async () => {
    const student = await studentWithRecord(app());
    const school = await call(app(), {
      method: 'POST',
      url: '/api/v1/student_educational_qualifications',
      token: student.token,
      payload: {
        student_educational_qualification: {
          student_id: student.studentId,
          degree_id: 3,
          current_academic_level: 'Primary/Secondary',
          school_name: '😀😀😀',
          additional_information: '10',
        },
      },
    });
    expect(school.statusCode).toBe(422);
    expect(school.body_.errors).toEqual({ school_name: [WITHOUT_WORDS] });

    const teacher = await signUpAndIn(app(), 1);
    const created = await call(app(), {
      method: 'POST',
      url: '/api/v1/teachers',
      token: teacher.token,
      ...multipart([...personalFields(), ...photoParts()]),
    });
    expect(created.statusCode).toBe(201);
    const education = await call(app(), {
      method: 'POST',
      url: `/api/v1/teachers/${created.body_.data.id}/teacher_educational_qualifications`,
      token: teacher.token,
      payload: {
        teacher_educational_qualification: {
          degree_id: 5,
          subject_id: 1,
          year_of_passing: '2012',
          school_name: '🏫🏫',
          college_name: '...',
          university_name: 'University of Calcutta',
          school_education_board: 'state',
        },
      },
    });
    expect(education.statusCode).toBe(422);
    expect(education.body_.errors).toEqual({ school_name: [WITHOUT_WORDS], college_name: [WITHOUT_WORDS] });

    const seeker = await signUpAndIn(app(), 3);
    const seekerRecord = await call(app(), {
      method: 'POST',
      url: '/api/v1/job_seekers',
      token: seeker.token,
      payload: personal(),
    });
    expect(seekerRecord.statusCode).toBe(201);
    const seekerSchool = await call(app(), {
      method: 'PUT',
      url: `/api/v1/job_seekers/${seekerRecord.body_.id}/education`,
      token: seeker.token,
      ...multipart([
        ['job_seeker_education[qualification]', '5'],
        ['job_seeker_education[school_name]', '🏫🏫🏫'],
        ['job_seeker_education[year_of_passing]', '2020'],
      ] as never),
    });
    expect(seekerSchool.statusCode).toBe(422);
    expect(seekerSchool.body_.errors.school_name).toEqual([WITHOUT_WORDS]);

    const { id } = await insertTeacher(app().db, { name: 'Reason Needed', documents: true });
    const rejected = await call(app(), {
      method: 'PATCH',
      url: `/api/v1/teachers/${id}/reject`,
      token: await adminToken(app()),
      payload: { reason: '👎👎👎' },
    });
    expect(rejected.statusCode).toBe(422);
    expect(rejected.body_.errors).toEqual({ reason: [WITHOUT_WORDS] });
  });

  it('an email with an emoji or a space, or without a dot in its domain, is refused at every sign-up', async () => {
    const teacher = await signUpAndIn(app(), 1);
    for (const email of EMOJI_EMAILS) {
      const user = await call(app(), {
        method: 'POST',
        url: '/api/v1/users',
        payload: { email, password: 'password123', user_role_id: 2 },
      });
      expect(user.statusCode, email).toBe(422);
      expect(user.body_.errors, email).toEqual({ email: [AUTH_MESSAGES.emailInvalid] });
      const admin = await call(app(), {
        method: 'POST',
        url: '/admin_users',
        payload: { admin_user: { email, password: 'adminpass123' } },
      });
      expect(admin.statusCode, email).toBe(422);
      expect(admin.body_.errors, email).toEqual({ email: [AUTH_MESSAGES.emailInvalid] });
      const details = await call(app(), {
        method: 'POST',
        url: '/api/v1/teachers',
        token: teacher.token,
        ...multipart([...personalFields({ email }), ...photoParts()]),
      });
      expect(details.statusCode, email).toBe(422);
      expect(details.body_.errors, email).toEqual({ email: [AUTH_MESSAGES.emailInvalid] });
    }
    for (const email of [uniqueEmail("o'brien+tutor"), 'Rina.Das@Mail.Example.co.in']) {
      const user = await call(app(), {
        method: 'POST',
        url: '/api/v1/users',
        payload: { email, password: 'password123', user_role_id: 2 },
      });
      expect(user.statusCode, email).toBe(201);
    }
  });

  it('an internationalised address (letters of any script) signs up, signs in and passes the teacher details', async () => {
    let n = 0;
    const unique = (local: string, domain: string) => `${local}${Date.now()}${++n}@${domain}`;
    const teacherEmail = unique('অমিত', 'উদাহরণ.ভারত');
    const teacher = await signUpAndIn(app(), 1, teacherEmail);
    const details = await call(app(), {
      method: 'POST',
      url: '/api/v1/teachers',
      token: teacher.token,
      ...multipart([...personalFields({ email: teacherEmail }), ...photoParts()]),
    });
    expect(details.statusCode, details.body).toBe(201);
    for (const email of [unique('jürgen', 'müller.de'), unique('अमित', 'उदाहरण.भारत')]) {
      const user = await call(app(), {
        method: 'POST',
        url: '/api/v1/users',
        payload: { email, password: 'password123', user_role_id: 2 },
      });
      expect(user.statusCode, email).toBe(201);
      const admin = await call(app(), {
        method: 'POST',
        url: '/admin_users',
        payload: { admin_user: { email: `x${email}`, password: 'adminpass123' } },
      });
      expect(admin.statusCode, email).not.toBe(422);
      expect(admin.statusCode, email).toBeLessThan(500);
    }
  });
});
