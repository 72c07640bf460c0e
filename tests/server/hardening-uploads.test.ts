import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uploads } from '../../server/db/schema';
import { sweepUploads, uploadFilePath } from '../../server/lib/uploads';
import { contentDisposition } from '../../server/routes/uploads';
import { call, signUpAndIn, useTestApp } from './helper';
import { adminToken, createTeacher, fixture, multipart, personalFields } from './teacher-helpers';

const NAMES = ['আধার কার্ড.jpg', 'ছবি 😀.png', 'هوية שלי.jpg'];

/** The name a browser saves: RFC 6266's filename*=UTF-8''… decoded. */
const savedName = (header: string) => decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(header)?.[1] ?? '');

describe('uploads: names, limits, refusals, removal', () => {
  const app = useTestApp();

  it('serves documents with Bengali, emoji and right-to-left names, names intact', async () => {
    const admin = await adminToken(app());
    for (const name of NAMES) {
      const user = await signUpAndIn(app(), 1);
      const body = multipart([
        ...personalFields(),
        ['teacher[aadhar_photo]', { filename: name, data: fixture('aadhar.jpg'), type: 'image/jpeg' }],
        ['teacher[profile_photo]', { filename: name, data: fixture('photo.png'), type: 'image/png' }],
      ]);
      const created = await call(app(), {
        method: 'POST',
        url: '/api/v1/teachers',
        token: user.token,
        ...body,
      });
      expect(created.statusCode).toBe(201);
      for (const token of [user.token, admin]) {
        const res = await call(app(), { method: 'GET', url: created.body_.data.aadhar_photo, token });
        expect(res.statusCode).toBe(200);
        expect(savedName(String(res.headers['content-disposition']))).toBe(name);
        expect(res.rawPayload.equals(fixture('aadhar.jpg'))).toBe(true);
      }
      const photo = await call(app(), { method: 'GET', url: created.body_.data.profile_photo });
      expect(photo.statusCode).toBe(200);
      expect(savedName(String(photo.headers['content-disposition']))).toBe(name);
    }
  });

  it('writes an ASCII-only fallback name beside filename*', () => {
    expect(contentDisposition('ছবি.png')).toBe(
      `inline; filename="___.png"; filename*=UTF-8''${encodeURIComponent('ছবি.png')}`,
    );
    expect(contentDisposition("it's (1).pdf")).toBe(
      `inline; filename="it's (1).pdf"; filename*=UTF-8''it%27s%20%281%29.pdf`,
    );
  });

  it('refuses a file part the form does not take, and an image over 500KB, naming the field', async () => {
    const user = await signUpAndIn(app(), 1);
    const stray = multipart([
      ...personalFields(),
      ['teacher[resume]', { filename: 'x.pdf', data: Buffer.alloc(1000, 1) }],
    ]);
    const refused = await call(app(), {
      method: 'POST',
      url: '/api/v1/teachers',
      token: user.token,
      ...stray,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body_).toEqual({
      error: 'unexpected_file',
      message: 'This form does not take a file named "teacher[resume]".',
      message_key: 'http.unexpectedFile',
      message_values: { p1: 'teacher[resume]' },
    });

    const big = Buffer.concat([fixture('aadhar.jpg'), Buffer.alloc(600_000, 1)]);
    const oversized = multipart([
      ...personalFields(),
      ['teacher[aadhar_photo]', { filename: 'a.jpg', data: big, type: 'image/jpeg' }],
    ]);
    const tooLarge = await call(app(), {
      method: 'POST',
      url: '/api/v1/teachers',
      token: user.token,
      ...oversized,
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.body_).toMatchObject({
      error: 'payload_too_large',
      message: 'File size must be less than 500KB',
      errors: { aadhar_photo: ['File size must be less than 500KB'] },
    });
  });

  // A safety bound only: a server that buffers a part whole waits for the rest of the body, which never comes.
  it('answers a stray file part and an image over its limit without waiting for the rest of the body', {
    timeout: 60_000,
  }, async () => {
    const user = await signUpAndIn(app(), 1);
    const boundary = '----hardening-stream';
    /** A body whose file part is still arriving: 600 KB sent, the rest (and the end) never. */
    const unfinished = (field: string) => {
      const stream = new PassThrough();
      stream.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="teacher[name]"\r\n\r\nAnita Sen\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="big.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      );
      stream.write(Buffer.concat([fixture('aadhar.jpg'), Buffer.alloc(600_000, 1)]));
      return stream;
    };
    const send = async (field: string) => {
      const payload = unfinished(field);
      const res = await call(app(), {
        method: 'POST',
        url: '/api/v1/teachers',
        token: user.token,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      payload.destroy();
      return res;
    };
    const stray = await send('teacher[resume]');
    expect(stray.statusCode).toBe(400);
    expect(stray.body_.error).toBe('unexpected_file');
    const big = await send('teacher[aadhar_photo]');
    expect(big.statusCode).toBe(413);
    expect(big.body_.errors).toEqual({ aadhar_photo: ['File size must be less than 500KB'] });
  });

  it('stops serving a replaced photo and a deleted profile’s Aadhar, and removes their files', async () => {
    const t = await createTeacher(app());
    const [oldPhoto] = await app()
      .db.select()
      .from(uploads)
      .where(eq(uploads.storedName, t.record.profile_photo.split('/').pop()));
    const oldPath = uploadFilePath(app(), oldPhoto);
    expect(existsSync(oldPath)).toBe(true);
    const replace = multipart([
      ['teacher[profile_photo]', { filename: 'new.png', data: fixture('photo.png'), type: 'image/png' }],
    ]);
    const updated = await call(app(), {
      method: 'POST',
      url: `/api/v1/teachers/${t.teacherId}`,
      token: t.token,
      ...replace,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.body_.data.profile_photo).not.toBe(t.record.profile_photo);
    expect((await call(app(), { method: 'GET', url: t.record.profile_photo })).statusCode).toBe(404);
    expect(existsSync(oldPath)).toBe(false);
    expect((await call(app(), { method: 'GET', url: updated.body_.data.profile_photo })).statusCode).toBe(
      200,
    );

    const admin = await adminToken(app());
    const aadharId = Number(t.record.aadhar_photo.split('/').pop());
    const [aadhar] = await app().db.select().from(uploads).where(eq(uploads.id, aadharId));
    const deleted = await call(app(), {
      method: 'DELETE',
      url: `/api/v1/teachers/${t.teacherId}`,
      token: t.token,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await call(app(), { method: 'GET', url: t.record.aadhar_photo, token: admin })).statusCode).toBe(
      404,
    );
    expect(existsSync(uploadFilePath(app(), aadhar))).toBe(false);
  });

  it('clean-up removes old files no upload names and unreferenced uploads', async () => {
    const dir = join(app().config.uploadsDir, 'private');
    const stray = join(dir, `${'ab'.repeat(16)}.jpg`);
    const fresh = join(dir, `${'cd'.repeat(16)}.jpg`);
    writeFileSync(stray, 'x');
    writeFileSync(fresh, 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    utimesSync(stray, twoHoursAgo, twoHoursAgo);
    const [orphan] = await app()
      .db.insert(uploads)
      .values({
        kind: 'resume',
        storedName: `${'ef'.repeat(16)}.pdf`,
        originalName: 'cv.pdf',
        contentType: 'application/pdf',
        byteSize: 1,
        createdAt: twoHoursAgo,
      })
      .returning();
    const result = await sweepUploads(app());
    expect(result.files).toBeGreaterThanOrEqual(1);
    expect(existsSync(stray)).toBe(false);
    expect(existsSync(fresh)).toBe(true); // may belong to a request still under way
    expect(await app().db.select().from(uploads).where(eq(uploads.id, orphan.id))).toEqual([]);
  });
});
