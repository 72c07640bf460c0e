import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEACHER_PERSONAL_MESSAGES as M } from '../../contract/rules/teacher-personal';
import { activityLog } from '../../server/db/schema';
import { call, signUpAndIn, useTestApp } from './helper';
import { adminToken, createTeacher, fixture, multipart, personalFields, photoParts } from './teacher-helpers';

describe('teachers', () => {
  const app = useTestApp();

  it('creates a teacher from multipart (files by content), logs it and reads it back', async () => {
    const t = await createTeacher(app());
    expect(t.record).toMatchObject({
      user_id: t.userId,
      name: 'Anita Sen',
      email: t.email,
      mobile_number: '9876543210',
      whatsapp_number: '9876543210',
      gender: 'female',
      date_of_birth: '15/08/1990',
      latitude: 22.572645,
      is_active: true,
      verification_status: 'pending',
      verified: false,
    });
    expect(t.record.profile_photo).toMatch(/^\/uploads\/profile_photos\/[a-f0-9]{32}\.png$/);
    expect(t.record.aadhar_photo).toMatch(/^\/api\/v1\/uploads\/\d+$/);

    const read = await call(app(), { method: 'GET', url: `/api/v1/teachers/${t.teacherId}`, token: t.token });
    expect(read.statusCode).toBe(200);
    expect(read.body_).toMatchObject({ status: 'success', data: { id: t.teacherId, name: 'Anita Sen' } });

    const logged = await app()
      .db.select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'teacher_registered'), eq(activityLog.subjectId, t.teacherId)));
    expect(logged).toHaveLength(1);

    const me = await call(app(), { method: 'GET', url: `/api/v1/users/${t.userId}`, token: t.token });
    expect(me.body_.profile[0].id).toBe(t.teacherId);
  });

  it('serves the profile photo publicly and the Aadhar only to its owner and administrators', async () => {
    const t = await createTeacher(app());
    const photo = await call(app(), { method: 'GET', url: t.record.profile_photo });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(fixture('photo.png'))).toBe(true);

    const anonymous = await call(app(), { method: 'GET', url: t.record.aadhar_photo });
    expect(anonymous.statusCode).toBe(401);
    const stranger = await signUpAndIn(app(), 1);
    const refused = await call(app(), { method: 'GET', url: t.record.aadhar_photo, token: stranger.token });
    expect(refused.statusCode).toBe(403);
    const owner = await call(app(), { method: 'GET', url: t.record.aadhar_photo, token: t.token });
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['content-type']).toBe('image/jpeg');
    const admin = await call(app(), {
      method: 'GET',
      url: t.record.aadhar_photo,
      token: await adminToken(app()),
    });
    expect(admin.statusCode).toBe(200);
  });

  it('answers every personal details rule with the documented message', async () => {
    const u = await signUpAndIn(app(), 1);
    const body = multipart(
      personalFields({
        name: 'Al',
        email: 'not-an-email',
        mobile_number: '12345',
        whatsapp_number: '999',
        gender: '',
        date_of_birth: '01/01/2099',
        address: 'short',
        latitude: '95',
        longitude: '-181.5',
      }),
    );
    const res = await call(app(), { method: 'POST', url: '/api/v1/teachers', token: u.token, ...body });
    expect(res.statusCode).toBe(422);
    expect(res.body_.errors).toEqual({
      name: [M.nameTooShort],
      email: [M.emailInvalid],
      mobile_number: [M.mobileInvalid],
      whatsapp_number: [M.whatsappInvalid],
      gender: [M.genderRequired],
      date_of_birth: [M.dobFuture],
      address: [M.addressTooShort],
      latitude: [M.latitudeInvalid],
      longitude: [M.longitudeInvalid],
      aadhar_photo: [M.aadharRequired],
      profile_photo: [M.profilePhotoRequired],
    });

    const young = multipart([
      ...personalFields({ name: '', date_of_birth: toWire(yearsAgo(5)) }),
      ...photoParts(),
    ]);
    const res2 = await call(app(), { method: 'POST', url: '/api/v1/teachers', token: u.token, ...young });
    expect(res2.body_.errors).toEqual({ name: [M.nameRequired], date_of_birth: [M.dobTooYoung] });

    const badDate = multipart([...personalFields({ date_of_birth: '31/02/1990' }), ...photoParts()]);
    const res3 = await call(app(), { method: 'POST', url: '/api/v1/teachers', token: u.token, ...badDate });
    expect(res3.body_.errors).toEqual({ date_of_birth: [M.dobInvalid] });
  });

  it('rejects a text file named .png and an oversized image', async () => {
    const u = await signUpAndIn(app(), 1);
    const fake = multipart([
      ...personalFields(),
      [
        'teacher[aadhar_photo]',
        { filename: 'aadhar.png', data: fixture('not-an-image.png'), type: 'image/png' },
      ],
      ['teacher[profile_photo]', { filename: 'photo.png', data: fixture('photo.png') }],
    ]);
    const res = await call(app(), { method: 'POST', url: '/api/v1/teachers', token: u.token, ...fake });
    expect(res.statusCode).toBe(422);
    expect(res.body_.errors).toEqual({ aadhar_photo: [M.imageType] });

    const big = Buffer.concat([fixture('photo.png'), Buffer.alloc(520000)]);
    const oversized = multipart([
      ...personalFields(),
      ['teacher[aadhar_photo]', { filename: 'aadhar.jpg', data: fixture('aadhar.jpg') }],
      ['teacher[profile_photo]', { filename: 'photo.png', data: big }],
    ]);
    const res2 = await call(app(), { method: 'POST', url: '/api/v1/teachers', token: u.token, ...oversized });
    expect(res2.statusCode).toBe(413);
    expect(res2.body_).toMatchObject({
      message: 'File size must be less than 500KB',
      errors: { profile_photo: ['File size must be less than 500KB'] },
    });
  });

  it('fills a missing email from the account and refuses a second profile (409)', async () => {
    const u = await signUpAndIn(app(), 1);
    const body = multipart([...personalFields(), ...photoParts()]);
    const first = await call(app(), { method: 'POST', url: '/api/v1/teachers', token: u.token, ...body });
    expect(first.statusCode).toBe(201);
    expect(first.body_.data.email).toBe(u.email);
    const again = multipart([...personalFields(), ...photoParts()]);
    const second = await call(app(), { method: 'POST', url: '/api/v1/teachers', token: u.token, ...again });
    expect(second.statusCode).toBe(409);
    expect(second.body_.teacher_id).toBe(first.body_.data.id);
  });

  it('lets only teachers (for themselves) and administrators create', async () => {
    const student = await signUpAndIn(app(), 2);
    const body = multipart([...personalFields(), ...photoParts()]);
    expect(
      (await call(app(), { method: 'POST', url: '/api/v1/teachers', token: student.token, ...body }))
        .statusCode,
    ).toBe(403);
    const noToken = multipart([...personalFields(), ...photoParts()]);
    expect((await call(app(), { method: 'POST', url: '/api/v1/teachers', ...noToken })).statusCode).toBe(401);
    const u = await signUpAndIn(app(), 1);
    const other = await signUpAndIn(app(), 1);
    const forOther = multipart([...personalFields({ user_id: String(other.userId) }), ...photoParts()]);
    expect(
      (await call(app(), { method: 'POST', url: '/api/v1/teachers', token: u.token, ...forOther }))
        .statusCode,
    ).toBe(403);
  });

  it('updates by POST (multipart) and PATCH (JSON wrapper) and keeps photos on file', async () => {
    const t = await createTeacher(app());
    const post = multipart([
      ['teacher[name]', 'Anita Sen Gupta'],
      ['teacher[profile_photo]', { filename: 'new.jpg', data: fixture('aadhar.jpg') }],
    ]);
    const res = await call(app(), {
      method: 'POST',
      url: `/api/v1/teachers/${t.teacherId}`,
      token: t.token,
      ...post,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body_.data.name).toBe('Anita Sen Gupta');
    expect(res.body_.data.profile_photo).toMatch(/\.jpg$/);
    expect(res.body_.data.aadhar_photo).toBe(t.record.aadhar_photo);

    const patch = await call(app(), {
      method: 'PATCH',
      url: `/api/v1/teachers/${t.teacherId}`,
      token: t.token,
      payload: { teacher: { alt_mobile: '9123456780', date_of_birth: '01/02/1985' } },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.body_.data).toMatchObject({ alt_mobile: '9123456780', date_of_birth: '01/02/1985' });

    const bad = await call(app(), {
      method: 'PATCH',
      url: `/api/v1/teachers/${t.teacherId}`,
      token: t.token,
      payload: { teacher: { mobile_number: '123', alt_mobile: '12' } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body_.errors).toEqual({ mobile_number: [M.mobileInvalid], alt_mobile: [M.altMobileInvalid] });
  });

  it("refuses another teacher's record (403), anonymous calls (401) and missing ones (404)", async () => {
    const t = await createTeacher(app());
    const other = await createTeacher(app());
    const url = `/api/v1/teachers/${t.teacherId}`;
    expect((await call(app(), { method: 'GET', url, token: other.token })).statusCode).toBe(403);
    expect(
      (
        await call(app(), {
          method: 'PATCH',
          url,
          token: other.token,
          payload: { teacher: { name: 'Hacker' } },
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(app(), { method: 'DELETE', url, token: other.token })).statusCode).toBe(403);
    expect((await call(app(), { method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await call(app(), { method: 'GET', url: '/api/v1/teachers/999999', token: t.token })).statusCode,
    ).toBe(404);
    const admin = await adminToken(app());
    expect((await call(app(), { method: 'GET', url, token: admin })).statusCode).toBe(200);
  });

  it('deletes the own record', async () => {
    const t = await createTeacher(app());
    const url = `/api/v1/teachers/${t.teacherId}`;
    expect((await call(app(), { method: 'DELETE', url, token: t.token })).statusCode).toBe(200);
    expect((await call(app(), { method: 'GET', url, token: t.token })).statusCode).toBe(404);
  });
});

function yearsAgo(years: number) {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  return d;
}
function toWire(d: Date) {
  return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
}
