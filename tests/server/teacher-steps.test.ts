import { describe, expect, it } from 'vitest';
import { TEACHER_EDUCATION_MESSAGES as E } from '../../contract/rules/teacher-education';
import { TEACHER_PREFERENCE_MESSAGES as P } from '../../contract/rules/teacher-preferences';
import { TEACHER_SCHEDULE_MESSAGES as S } from '../../contract/rules/teacher-schedule';
import { call, signUpAndIn, useTestApp } from './helper';
import { adminToken, createTeacher, fixture, multipart, preferenceParts } from './teacher-helpers';

const qualification = (overrides: Record<string, unknown> = {}) => ({
  teacher_educational_qualification: {
    degree_id: 5,
    degree_name: null,
    subject_id: 1,
    year_of_passing: '2012',
    school_name: 'Hindu School',
    college_name: 'Presidency College',
    university_name: 'University of Calcutta',
    school_education_board: 'state',
    ...overrides,
  },
});

describe('teacher educational qualifications', () => {
  const app = useTestApp();

  it('creates, lists, updates and deletes', async () => {
    const t = await createTeacher(app());
    const base = `/api/v1/teachers/${t.teacherId}/teacher_educational_qualifications`;
    const created = await call(app(), {
      method: 'POST',
      url: base,
      token: t.token,
      payload: qualification(),
    });
    expect(created.statusCode).toBe(201);
    expect(created.body_.data).toMatchObject({
      degree_id: 5,
      subject_name: 'Physics',
      year_of_passing: '2012',
    });
    const list = await call(app(), { method: 'GET', url: base, token: t.token });
    expect(list.body_).toMatchObject({ status: 'success', data: [{ id: created.body_.data.id }] });

    const url = `/api/v1/teacher_educational_qualifications/${created.body_.data.id}`;
    const other = await call(app(), {
      method: 'PUT',
      url,
      token: t.token,
      payload: qualification({ degree_id: null, degree_name: 'D.El.Ed', university_name: 'Somewhere Else' }),
    });
    expect(other.statusCode).toBe(200);
    expect(other.body_.data).toMatchObject({ degree_id: null, degree_name: 'D.El.Ed' });
    const record = await call(app(), {
      method: 'GET',
      url: `/api/v1/teachers/${t.teacherId}`,
      token: t.token,
    });
    expect(record.body_.data.teacher_educational_qualification.degree_name).toBe('D.El.Ed');
    expect((await call(app(), { method: 'DELETE', url, token: t.token })).statusCode).toBe(200);
  });

  it('answers each rule with the documented message; an invalid year is an error (D6)', async () => {
    const t = await createTeacher(app());
    const base = `/api/v1/teachers/${t.teacherId}/teacher_educational_qualifications`;
    const empty = await call(app(), {
      method: 'POST',
      url: base,
      token: t.token,
      payload: {
        teacher_educational_qualification: {
          degree_id: '',
          subject_id: '',
          school_name: ' ',
          college_name: '',
          university_name: '',
          year_of_passing: '20',
          school_education_board: 'nope',
        },
      },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.body_.errors).toEqual({
      degree_id: [E.degreeRequired],
      subject_id: [E.subjectRequired],
      school_name: [E.schoolRequired],
      college_name: [E.collegeRequired],
      university_name: [E.universityRequired],
      school_education_board: [E.boardRequired],
      year_of_passing: [E.yearInvalid],
    });
    const future = String(new Date().getFullYear() + 5);
    for (const year of [future, '1899', 'abcd']) {
      const res = await call(app(), {
        method: 'POST',
        url: base,
        token: t.token,
        payload: qualification({ year_of_passing: year }),
      });
      expect(res.body_.errors).toEqual({ year_of_passing: [E.yearInvalid] });
    }
    const ok = String(new Date().getFullYear() + 4);
    const fine = await call(app(), {
      method: 'POST',
      url: base,
      token: t.token,
      payload: qualification({ year_of_passing: ok }),
    });
    expect(fine.statusCode).toBe(201);
    const unknown = await call(app(), {
      method: 'POST',
      url: base,
      token: t.token,
      payload: qualification({ degree_id: 999, subject_id: 999 }),
    });
    expect(unknown.body_.errors).toEqual({ degree_id: [E.degreeRequired], subject_id: [E.subjectRequired] });
  });

  it("refuses another teacher's qualifications", async () => {
    const t = await createTeacher(app());
    const other = await createTeacher(app());
    const base = `/api/v1/teachers/${t.teacherId}/teacher_educational_qualifications`;
    expect((await call(app(), { method: 'GET', url: base, token: other.token })).statusCode).toBe(403);
    expect(
      (await call(app(), { method: 'POST', url: base, token: other.token, payload: qualification() }))
        .statusCode,
    ).toBe(403);
    const created = await call(app(), {
      method: 'POST',
      url: base,
      token: t.token,
      payload: qualification(),
    });
    const url = `/api/v1/teacher_educational_qualifications/${created.body_.data.id}`;
    expect(
      (await call(app(), { method: 'PUT', url, token: other.token, payload: qualification() })).statusCode,
    ).toBe(403);
    expect((await call(app(), { method: 'DELETE', url, token: other.token })).statusCode).toBe(403);
  });
});

describe('teacher preferences', () => {
  const app = useTestApp();

  it('saves multipart preferences, the subjects and private documents', async () => {
    const t = await createTeacher(app());
    const url = `/api/v1/teachers/${t.teacherId}/teacher_preferences`;
    const res = await call(app(), { method: 'POST', url, token: t.token, ...multipart(preferenceParts()) });
    expect(res.statusCode).toBe(201);
    expect(res.body_.data).toMatchObject({
      teaching_radius_km: 10,
      prior_experience: 2,
      teaching_mode: 'offline',
      preferred_teaching_type: 'individual',
      preferred_medium: ['english', 'bengali'],
      special_need_children: true,
      subject_ids: [2, 1],
      subjects: [
        { id: 2, name: 'Mathematics' },
        { id: 1, name: 'Physics' },
      ],
    });
    expect(res.body_.data.resume).toMatchObject({ file_name: 'resume.pdf', content_type: 'application/pdf' });

    const first = await call(app(), {
      method: 'GET',
      url: `/api/v1/teachers/${t.teacherId}/preferences`,
      token: t.token,
    });
    expect(first.body_[0].subjects).toHaveLength(2);
    const second = await call(app(), { method: 'GET', url, token: t.token });
    expect(second.body_).toMatchObject({ status: 'success', data: [{ id: res.body_.data.id }] });

    const markSheet = res.body_.data.mark_sheet.url;
    const stranger = await signUpAndIn(app(), 2);
    expect((await call(app(), { method: 'GET', url: markSheet, token: stranger.token })).statusCode).toBe(
      403,
    );
    const own = await call(app(), { method: 'GET', url: markSheet, token: t.token });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(fixture('marksheet.png'))).toBe(true);
    expect(
      (await call(app(), { method: 'GET', url: markSheet, token: await adminToken(app()) })).statusCode,
    ).toBe(200);

    // A second POST replaces the preference and the teacher's subjects; documents stay on file.
    const again = multipart([
      ['teacher_preference[subject_ids][]', '3'],
      ['teacher_preference[prior_experience]', '5'],
      ['teacher_preference[teaching_radius_km]', '25'],
      ['teacher_preference[teaching_mode]', 'offline'],
      ['teacher_preference[preferred_medium][]', 'hindi'],
      ['teacher_preference[teaching_school]', 'true'],
      ['teacher_preference[special_need_children]', 'false'],
      ['teacher_preference[special_attention_children]', 'true'],
    ]);
    const replaced = await call(app(), { method: 'POST', url, token: t.token, ...again });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.body_.data).toMatchObject({
      id: res.body_.data.id,
      subjects: [{ id: 3, name: 'English' }],
    });
    expect(replaced.body_.data.mark_sheet.id).toBe(res.body_.data.mark_sheet.id);
    const record = await call(app(), {
      method: 'GET',
      url: `/api/v1/teachers/${t.teacherId}`,
      token: t.token,
    });
    expect(record.body_.data.subjects).toEqual([{ id: 3, name: 'English' }]);
  });

  it('answers each rule with the documented message', async () => {
    const t = await createTeacher(app());
    const url = `/api/v1/teachers/${t.teacherId}/teacher_preferences`;
    const empty = multipart([['teacher_preference[teaching_mode]', 'online']]);
    const res = await call(app(), { method: 'POST', url, token: t.token, ...empty });
    expect(res.statusCode).toBe(422);
    expect(res.body_.errors).toEqual({
      subject_ids: [P.subjectsRequired],
      teaching_mode: [P.offlineRequired],
      teaching_radius_km: [P.radiusInvalid],
      prior_experience: [P.experienceInvalid],
      preferred_medium: [P.mediumsRequired],
      teaching_school: [P.answerRequired],
      special_need_children: [P.answerRequired],
      special_attention_children: [P.answerRequired],
      mark_sheet: [P.markSheetRequired],
      highest_qualification_certificate: [P.certificateRequired],
    });
    const wrongFiles = multipart(
      preferenceParts([
        ['teacher_preference[teaching_radius_km]', '0'],
        ['teacher_preference[prior_experience]', '-1'],
        ['teacher_preference[mark_sheet]', { filename: 'marks.png', data: fixture('not-an-image.png') }],
        ['teacher_preference[resume]', { filename: 'resume.pdf', data: fixture('photo.png') }],
      ]),
    );
    const res2 = await call(app(), { method: 'POST', url, token: t.token, ...wrongFiles });
    expect(res2.body_.errors).toEqual({
      teaching_radius_km: [P.radiusInvalid],
      prior_experience: [P.experienceOutOfRange],
      mark_sheet: [P.imageType],
      resume: ['Please upload PDF files only'],
    });
    const big = multipart(
      preferenceParts([
        [
          'teacher_preference[highest_qualification_certificate]',
          { filename: 'c.jpg', data: Buffer.concat([fixture('aadhar.jpg'), Buffer.alloc(513000)]) },
        ],
      ]),
    );
    const res3 = await call(app(), { method: 'POST', url, token: t.token, ...big });
    expect(res3.statusCode).toBe(413);
    expect(res3.body_.errors).toEqual({
      highest_qualification_certificate: ['File size must be less than 500KB'],
    });
    // A resume over its own limit (5MB) gets the resume's message, not the image one.
    const pdf = Buffer.from('%PDF-1.4\n');
    const hugeResume = multipart(
      preferenceParts([
        [
          'teacher_preference[resume]',
          { filename: 'cv.pdf', data: Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024 + 10)]) },
        ],
      ]),
    );
    const res4 = await call(app(), { method: 'POST', url, token: t.token, ...hugeResume });
    expect(res4.statusCode).toBe(413);
    expect(res4.body_.message).toBe(P.resumeTooLarge);
    expect(res4.body_.errors).toEqual({ resume: [P.resumeTooLarge] });
  });

  it('takes experience in whole years from 0 to 60, as the multipart clients send it (a string)', async () => {
    const t = await createTeacher(app());
    const url = `/api/v1/teachers/${t.teacherId}/teacher_preferences`;
    const send = (years: string) =>
      call(app(), {
        method: 'POST',
        url,
        token: t.token,
        ...multipart(preferenceParts([['teacher_preference[prior_experience]', years]])),
      });
    // Refused with the rule's words (a 422, never a 500), nothing rounded or stripped.
    for (const [years, message] of [
      ['2.5', P.experienceNotWhole],
      ['2,5', P.experienceNotWhole],
      ['.5', P.experienceNotWhole],
      ['2.0', P.experienceNotWhole],
      ['61', P.experienceOutOfRange],
      ['99', P.experienceOutOfRange],
      ['-1', P.experienceOutOfRange],
      ['99999999999999999999', P.experienceOutOfRange],
      ['two', P.experienceInvalid],
      ['😀', P.experienceInvalid],
      ['', P.experienceInvalid],
    ]) {
      const res = await send(years);
      expect(res.statusCode, years).toBe(422);
      expect(res.body_.errors, years).toEqual({ prior_experience: [message] });
    }
    // The bounds and a number in Bengali digits are years; a second save replaces the first.
    const first = await send('0');
    expect(first.statusCode).toBe(201);
    expect(first.body_.data.prior_experience).toBe(0);
    for (const [years, stored] of [
      ['60', 60],
      [' 7 ', 7],
      ['১২', 12],
    ] as const) {
      const res = await send(years);
      expect(res.statusCode, years).toBe(200);
      expect(res.body_.data.prior_experience, years).toBe(stored);
    }
  });

  it("refuses another teacher's preferences", async () => {
    const t = await createTeacher(app());
    const other = await createTeacher(app());
    const url = `/api/v1/teachers/${t.teacherId}/teacher_preferences`;
    expect(
      (await call(app(), { method: 'POST', url, token: other.token, ...multipart(preferenceParts()) }))
        .statusCode,
    ).toBe(403);
    expect((await call(app(), { method: 'GET', url, token: other.token })).statusCode).toBe(403);
    expect((await call(app(), { method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('teacher schedules', () => {
  const app = useTestApp();
  const week = (teacherId: number) => ({
    teacher_id: teacherId,
    teacher_schedules: [
      {
        week_day: 0,
        time_slots_attributes: [
          { time_of_day: 'morning', preferred_group: 'any' },
          { time_of_day: 'evening', preferred_group: 'any' },
        ],
      },
      { week_day: 6, time_slots_attributes: [{ time_of_day: 'afternoon', preferred_group: 'any' }] },
    ],
  });

  it('imports (replacing the week), lists, reads, updates and deletes', async () => {
    const t = await createTeacher(app());
    const importUrl = `/api/v1/teachers/${t.teacherId}/teacher_schedules/import_schedule`;
    const res = await call(app(), {
      method: 'POST',
      url: importUrl,
      token: t.token,
      payload: week(t.teacherId),
    });
    expect(res.statusCode).toBe(201);
    expect(res.body_.data).toMatchObject([
      {
        week_day: 0,
        time_slots: [{ time_of_day: 'morning', preferred_group: 'any' }, { time_of_day: 'evening' }],
      },
      { week_day: 6, time_slots: [{ time_of_day: 'afternoon' }] },
    ]);
    const replaced = await call(app(), {
      method: 'POST',
      url: importUrl,
      token: t.token,
      payload: {
        teacher_id: t.teacherId,
        teacher_schedules: [{ week_day: 2, time_slots_attributes: [{ time_of_day: 'evening' }] }],
      },
    });
    expect(replaced.body_.data).toMatchObject([{ week_day: 2, time_slots: [{ time_of_day: 'evening' }] }]);
    const list = await call(app(), {
      method: 'GET',
      url: `/api/v1/teachers/${t.teacherId}/teacher_schedules`,
      token: t.token,
    });
    expect(list.body_.data).toHaveLength(1);
    const mine = await call(app(), { method: 'GET', url: '/api/v1/teacher_schedules', token: t.token });
    expect(mine.body_.data.map((s: { teacher_id: number }) => s.teacher_id)).toEqual([t.teacherId]);

    const url = `/api/v1/teacher_schedules/${list.body_.data[0].id}`;
    expect((await call(app(), { method: 'GET', url, token: t.token })).body_.data.week_day).toBe(2);
    const put = await call(app(), {
      method: 'PUT',
      url,
      token: t.token,
      payload: {
        teacher_schedule: {
          week_day: 3,
          time_slots_attributes: [{ time_of_day: 'morning' }, { time_of_day: 'afternoon' }],
        },
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.body_.data).toMatchObject({
      week_day: 3,
      time_slots: [{ time_of_day: 'morning' }, { time_of_day: 'afternoon' }],
    });
    expect((await call(app(), { method: 'DELETE', url, token: t.token })).statusCode).toBe(200);
    expect((await call(app(), { method: 'GET', url, token: t.token })).statusCode).toBe(404);
  });

  it('needs at least one slot, real days and slots', async () => {
    const t = await createTeacher(app());
    const url = `/api/v1/teachers/${t.teacherId}/teacher_schedules/import_schedule`;
    const none = await call(app(), {
      method: 'POST',
      url,
      token: t.token,
      payload: { teacher_id: t.teacherId, teacher_schedules: [{ week_day: 1, time_slots_attributes: [] }] },
    });
    expect(none.statusCode).toBe(422);
    expect(none.body_.errors).toEqual({ teacher_schedules: [S.slotRequired] });
    const badDay = await call(app(), {
      method: 'POST',
      url,
      token: t.token,
      payload: { teacher_schedules: [{ week_day: 7, time_slots_attributes: [{ time_of_day: 'morning' }] }] },
    });
    expect(badDay.body_.errors).toEqual({ teacher_schedules: [S.weekDayInvalid] });
    const badSlot = await call(app(), {
      method: 'POST',
      url,
      token: t.token,
      payload: { teacher_schedules: [{ week_day: 1, time_slots_attributes: [{ time_of_day: 'night' }] }] },
    });
    expect(badSlot.body_.errors).toEqual({ teacher_schedules: [S.timeSlotInvalid] });
  });

  it("refuses another teacher's schedule; administrators see all", async () => {
    const t = await createTeacher(app());
    const other = await createTeacher(app());
    const url = `/api/v1/teachers/${t.teacherId}/teacher_schedules/import_schedule`;
    expect(
      (await call(app(), { method: 'POST', url, token: other.token, payload: week(t.teacherId) })).statusCode,
    ).toBe(403);
    await call(app(), { method: 'POST', url, token: t.token, payload: week(t.teacherId) });
    const list = await call(app(), {
      method: 'GET',
      url: `/api/v1/teachers/${t.teacherId}/teacher_schedules`,
      token: other.token,
    });
    expect(list.statusCode).toBe(403);
    const all = await call(app(), {
      method: 'GET',
      url: '/api/v1/teacher_schedules',
      token: await adminToken(app()),
    });
    expect(all.body_.data.length).toBeGreaterThanOrEqual(2);
    const student = await signUpAndIn(app(), 2);
    expect(
      (await call(app(), { method: 'GET', url: '/api/v1/teacher_schedules', token: student.token }))
        .statusCode,
    ).toBe(403);
  });
});
