import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { teacherRoutes } from '../../contract/api';
import { digitsOnly, fromWireDate, isBlank } from '../../contract/rules/common';
import {
  type PhotoInput,
  TEACHER_PERSONAL_MESSAGES,
  type TeacherPersonalInput,
  validateTeacherPersonal,
} from '../../contract/rules/teacher-personal';
import type { teachers } from '../db/schema';
import { assertValid, forbidden } from '../lib/http';
import { serve } from '../lib/route';
import { identityChanges, nextReviewVersion } from '../lib/teacher-review';
import {
  assertImageSize,
  discardUploads,
  factsOf,
  type ReceivedFile,
  storeUpload,
  type WrappedBody,
} from '../lib/uploads';
import { isAdmin, principalOf } from '../plugins/auth';
import { loadAccessibleTeacher, loadTeacherRecord } from '../services/teacher-records';
import { createTeacher, removeTeacher, teacherAccount, updateTeacher } from '../services/teachers';

type TeacherRow = typeof teachers.$inferSelect;

/** The two images of the personal step, each up to 500KB. */

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());

/** Date of birth on the wire is DD/MM/YYYY (docs/product.md#api-conventions); YYYY-MM-DD is accepted too. */
function isoDateOf(value: unknown): string {
  const raw = text(value);
  if (!raw) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) return raw;
  return fromWireDate(raw) ?? 'invalid';
}

/** The personal details in a request, over the stored row (updates may send only what changed). */
function personalInput(fields: Record<string, unknown>, existing?: TeacherRow): TeacherPersonalInput {
  const pick = (key: string, stored: unknown) => (key in fields ? text(fields[key]) : text(stored));
  const whatsapp = pick('whatsapp_number', existing?.whatsappNumber);
  return {
    name: pick('name', existing?.name),
    email: pick('email', existing?.email),
    mobile_number: pick('mobile_number', existing?.mobileNumber),
    whatsapp_number: whatsapp,
    same_as_mobile: whatsapp === '',
    gender: pick('gender', existing?.gender),
    date_of_birth:
      'date_of_birth' in fields ? isoDateOf(fields.date_of_birth) : (existing?.dateOfBirth ?? ''),
    address: pick('address', existing?.address),
    latitude: pick('latitude', existing?.latitude),
    longitude: pick('longitude', existing?.longitude),
    alt_mobile: pick('alt_mobile', existing?.altMobile),
  };
}

function photoInput(file: ReceivedFile | undefined, storedId: number | null | undefined): PhotoInput {
  if (file) return factsOf(file);
  return storedId ? 'on_file' : null;
}

/** Validates the request against the shared rules (D7); oversized images are a 413 first. */
function validate(body: WrappedBody, existing?: TeacherRow): TeacherPersonalInput {
  assertImageSize('aadhar_photo', body.files.aadhar_photo);
  assertImageSize('profile_photo', body.files.profile_photo);
  const input = personalInput(body.fields, existing);
  const errors = validateTeacherPersonal(input, {
    aadhar_photo: photoInput(body.files.aadhar_photo, existing?.aadharPhotoId),
    profile_photo: photoInput(body.files.profile_photo, existing?.profilePhotoId),
  });
  if (input.date_of_birth === 'invalid') errors.date_of_birth = TEACHER_PERSONAL_MESSAGES.dobInvalid;
  assertValid(errors);
  return input;
}

const coordinate = (value: string) => (value === '' ? null : Number(value));

function columnsOf(input: TeacherPersonalInput) {
  return {
    name: input.name,
    email: input.email,
    mobileNumber: digitsOnly(input.mobile_number),
    whatsappNumber: input.same_as_mobile ? digitsOnly(input.mobile_number) : input.whatsapp_number,
    gender: input.gender,
    dateOfBirth: input.date_of_birth,
    address: input.address,
    latitude: coordinate(input.latitude),
    longitude: coordinate(input.longitude),
    altMobile: input.alt_mobile || null,
  };
}

/**
 * Teachers (docs/product.md#api-conventions): create (multipart), read, the two update readings, delete.
 * GET /api/v1/teachers (the admin list) lives in admin-teachers.ts.
 */
export default async function teachersRoutes(app: FastifyInstance) {
  serve(app, teacherRoutes.showTeacher, async ({ params: { id } }, request) => {
    await loadAccessibleTeacher(app.db, principalOf(request), id);
    return { status: 'success', data: await loadTeacherRecord(app.db, id) };
  });

  serve(app, teacherRoutes.createTeacher, async ({ body }, request) => {
    const principal = principalOf(request);
    const requestedUserId = isBlank(body.fields.user_id) ? null : Number(body.fields.user_id);
    let userId: number;
    if (isAdmin(principal)) {
      if (!requestedUserId || !Number.isInteger(requestedUserId))
        assertValid({ user_id: TEACHER_PERSONAL_MESSAGES.userIdMissing });
      userId = requestedUserId!;
    } else {
      if (requestedUserId !== null && requestedUserId !== principal.id)
        throw forbidden('You may only create your own teacher profile.');
      userId = principal.id;
    }
    const user = await teacherAccount(app.db, userId);

    // The account's email stands in when the form sent none (docs/product.md#api-conventions).
    if (isBlank(body.fields.email)) body.fields.email = user.email;
    const input = validate(body);
    const aadhar = await storeUpload(app, {
      ownerUserId: userId,
      kind: 'aadhar_photo',
      file: body.files.aadhar_photo,
    });
    const photo = await storeUpload(app, {
      ownerUserId: userId,
      kind: 'profile_photo',
      file: body.files.profile_photo,
    });
    // The loser of two creations racing for one account gets the 409; its photos are removed.
    const created = await createTeacher(
      app.db,
      userId,
      columnsOf(input),
      { aadharPhotoId: aadhar.id, profilePhotoId: photo.id },
      { type: isAdmin(principal) ? 'admin' : 'user', id: principal.id },
    );
    return { status: 'success', data: await loadTeacherRecord(app.db, created.id), id: created.id };
  });

  serve(app, teacherRoutes.updateTeacher, async ({ params: { id }, body }, request) => {
    const principal = principalOf(request);
    const existing = await loadAccessibleTeacher(app.db, principal, id);
    const input = validate(body, existing);
    const columns = columnsOf(input);
    // A teacher changing their name, date of birth or Aadhar photo goes back to review (D13); such a
    // change by anyone makes a decision from an older screen stale.
    const reviewed = identityChanges(existing, columns, Boolean(body.files.aadhar_photo));
    const changed = isAdmin(principal) ? [] : reviewed;
    const changes: PgUpdateSetSource<typeof teachers> = {
      ...columns,
      ...(reviewed.length ? nextReviewVersion : {}),
      updatedAt: new Date(),
    };
    if (body.files.aadhar_photo) {
      const row = await storeUpload(app, {
        ownerUserId: existing.userId,
        kind: 'aadhar_photo',
        file: body.files.aadhar_photo,
      });
      changes.aadharPhotoId = row.id;
    }
    if (body.files.profile_photo) {
      const row = await storeUpload(app, {
        ownerUserId: existing.userId,
        kind: 'profile_photo',
        file: body.files.profile_photo,
      });
      changes.profilePhotoId = row.id;
    }
    const replaced = await updateTeacher(app.db, existing, changes, { userId: principal.id, changed });
    // A replaced photo or Aadhar card is no longer served, and its file goes.
    await discardUploads(app, replaced);
    return { status: 'success', data: await loadTeacherRecord(app.db, id) };
  });

  serve(app, teacherRoutes.removeTeacher, async ({ params: { id } }, request) => {
    const existing = await loadAccessibleTeacher(app.db, principalOf(request), id);
    // The profile's photo, Aadhar card and preference documents stop being served; files removed.
    await discardUploads(app, await removeTeacher(app.db, existing));
    return { status: 'success', data: { id } };
  });
}
