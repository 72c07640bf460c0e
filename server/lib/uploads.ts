import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMAGE_MAX_BYTES } from '../../contract/constants';
import { FILE_MESSAGES, type FileFacts, type SniffedType, sniffFileType } from '../../contract/rules/files';
import { HTTP_MESSAGES } from '../../contract/rules/http';
import { TEACHER_PREFERENCE_MESSAGES } from '../../contract/rules/teacher-preferences';
import { rowsOf } from '../db/rows';
import { uploads } from '../db/schema';
import { HttpError } from './http';
import { clientAddress, enforce } from './rate-limit';
import { noteStoredUpload } from './request-uploads';

/** A file part of a multipart body, streamed to a temporary file (never held in memory whole). */
export interface ReceivedFile {
  filename: string;
  /** Bytes received. */
  size: number;
  /** The temporary file holding the bytes; storeUpload moves it into place, the request's end removes it otherwise. */
  path: string;
  /** What the content signature says (never the name or the browser's type: D7). */
  sniffed: SniffedType | null;
}

/** The fields of one wrapper (`teacher[name]` -> name), whether the body was multipart or JSON. */
export interface WrappedBody {
  fields: Record<string, unknown>;
  files: Record<string, ReceivedFile>;
}

/** `teacher[name]` -> ['teacher', 'name', false]; `teacher[subject_ids][]` -> ['teacher', 'subject_ids', true]. */
export function parseFieldName(name: string): { wrapper: string | null; key: string; isArray: boolean } {
  const match = /^([^[\]]+)(?:\[([^[\]]*)\])?(\[\])?$/.exec(name);
  if (!match) return { wrapper: null, key: name, isArray: false };
  const [, head, inner, arraySuffix] = match;
  if (inner === undefined) return { wrapper: null, key: head, isArray: Boolean(arraySuffix) };
  if (inner === '') return { wrapper: null, key: head, isArray: true };
  return { wrapper: head, key: inner, isArray: Boolean(arraySuffix) };
}

/**
 * File fields a route takes, each with its own size limit in bytes (and, optionally, the message
 * when a file is over it). Any other file part is refused.
 */
export type AcceptedFiles = Record<string, number | { max: number; message: string }>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Temporary upload files of this request, removed when the response has been sent. */
    uploadTempFiles?: string[];
  }
}

/** Folder for files being received; emptied at start-up. */
export const tempDirOf = (app: FastifyInstance) => join(app.config.uploadsDir, 'tmp');

const tooLarge = (field: string, limit: number, stated?: string) => {
  const message =
    stated ??
    (field === 'resume'
      ? TEACHER_PREFERENCE_MESSAGES.resumeTooLarge
      : limit === IMAGE_MAX_BYTES
        ? FILE_MESSAGES.imageTooLarge
        : `File must be smaller than ${Math.round(limit / 1024)}KB`);
  return new HttpError(413, { error: 'payload_too_large', message, errors: { [field]: [message] } });
};

/**
 * Reads a request body for `wrapper`: multipart with Rails-style bracketed names (files included),
 * or JSON `{ wrapper: {...} }` (or the bare object). Unwrapped multipart names are accepted too.
 * File parts stream to disk and stop at their field's limit (413 naming the field); a file part for
 * a field not in `accept` is refused (400) without being read further.
 */
export async function readWrappedBody(
  request: FastifyRequest,
  wrapper: string,
  accept: AcceptedFiles = {},
): Promise<WrappedBody> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const inner = body[wrapper];
    const fields = inner && typeof inner === 'object' && !Array.isArray(inner) ? inner : body;
    return { fields: { ...(fields as Record<string, unknown>) }, files: {} };
  }
  const app = request.server;
  // Upload requests are limited per client address and per account (counted in the database).
  const limits = app.config.rateLimits;
  await enforce(app.db, `upload:address:${clientAddress(request)}`, limits.uploadsPerAddressPerHour, 3600);
  if (request.principal)
    await enforce(
      app.db,
      `upload:account:${request.principal.type}:${request.principal.id}`,
      limits.uploadsPerAccountPerHour,
      3600,
    );
  const fields: Record<string, unknown> = {};
  const files: Record<string, ReceivedFile> = {};
  let total = 0;
  for await (const part of request.parts()) {
    const { wrapper: w, key, isArray } = parseFieldName(part.fieldname);
    if (part.type === 'file') {
      const accepted = w === null || w === wrapper ? accept[key] : undefined;
      if (accepted === undefined) {
        part.file.resume();
        throw new HttpError(400, {
          error: 'unexpected_file',
          message: HTTP_MESSAGES.unexpectedFile(part.fieldname),
        });
      }
      const limit = typeof accepted === 'number' ? { max: accepted, message: undefined } : accepted;
      const received = await receiveFile(app, request, part, key, limit.max, limit.message);
      total += received.size;
      if (total > REQUEST_FILES_MAX_BYTES)
        throw new HttpError(413, {
          error: 'payload_too_large',
          message: HTTP_MESSAGES.filesTooLarge(REQUEST_FILES_MAX_BYTES / (1024 * 1024)),
        });
      if (received.size === 0 && !part.filename) continue;
      files[key] = received;
      continue;
    }
    if (w !== null && w !== wrapper) continue;
    if (isArray) {
      const list = (fields[key] as unknown[] | undefined) ?? [];
      list.push(part.value);
      fields[key] = list;
    } else {
      fields[key] = part.value;
    }
  }
  return { fields, files };
}

/** All files of one request together (a resume and four images fit). */
export const REQUEST_FILES_MAX_BYTES = 8 * 1024 * 1024;

/** Streams one file part into a temporary file, counting bytes; over `limit` it stops with a 413. */
async function receiveFile(
  app: FastifyInstance,
  request: FastifyRequest,
  part: MultipartFile,
  field: string,
  limit: number,
  message?: string,
): Promise<ReceivedFile> {
  const dir = tempDirOf(app);
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${randomBytes(16).toString('hex')}.part`);
  request.uploadTempFiles = [...(request.uploadTempFiles ?? []), path];
  let size = 0;
  let head = Buffer.alloc(0);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limit) return done(tooLarge(field, limit, message));
      if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
      done(null, chunk);
    },
  });
  try {
    await pipeline(part.file, counter, createWriteStream(path));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(field, limit, message);
    throw error;
  }
  if (part.file.truncated) throw tooLarge(field, limit, message);
  return { filename: part.filename || field, size, path, sniffed: sniffFileType(head) };
}

/** Removes the request's temporary files that were not stored (registered once in buildApp). */
export async function removeTempFiles(request: FastifyRequest): Promise<void> {
  for (const path of request.uploadTempFiles ?? []) await rm(path, { force: true }).catch(() => {});
}

/** What the shared rules (contract/rules/files.ts) need to know of a received file. */
export const factsOf = (file: ReceivedFile): FileFacts => ({
  name: file.filename,
  size: file.size,
  type: file.sniffed ?? 'application/octet-stream',
});

/** An image over the limit is refused with 413 (docs/product.md#api-conventions), naming the field. */
export function assertImageSize(field: string, file: ReceivedFile | undefined): void {
  if (file && file.size > IMAGE_MAX_BYTES) {
    throw new HttpError(413, {
      error: 'payload_too_large',
      message: FILE_MESSAGES.imageTooLarge,
      errors: { [field]: [FILE_MESSAGES.imageTooLarge] },
    });
  }
}

const withoutControlCharacters = (name: string) =>
  [...name].filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f).join('');

export type UploadKind = (typeof uploads.$inferInsert)['kind'];

const EXTENSIONS: Record<SniffedType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

/** Folder of a kind under config.uploadsDir: profile photos are public, everything else private (D8). */
const folderOf = (kind: UploadKind) => (kind === 'profile_photo' ? 'profile_photos' : 'private');

export const uploadFilePath = (app: FastifyInstance, row: { kind: UploadKind; storedName: string }) =>
  join(app.config.uploadsDir, folderOf(row.kind), row.storedName);

// The database writes these two paths too, in the teacher records it builds (migration 0028).
/** Public URL path of a profile photo (served without a token, loaded from the API host by the client). */
export const publicUploadPath = (storedName: string) => `/uploads/profile_photos/${storedName}`;
/** URL of a private document: served only to its owner and administrators (D8). */
export const privateUploadPath = (id: number) => `/api/v1/uploads/${id}`;

/** Writes an already-validated file to disk and records who owns it. Returns the uploads row. */
export async function storeUpload(
  app: FastifyInstance,
  options: { ownerUserId: number; kind: UploadKind; file: ReceivedFile },
) {
  const { file, kind } = options;
  const type = file.sniffed ?? 'application/octet-stream';
  const ext = file.sniffed ? EXTENSIONS[file.sniffed] : 'bin';
  const storedName = `${randomBytes(16).toString('hex')}.${ext}`;
  const dir = join(app.config.uploadsDir, folderOf(kind));
  await mkdir(dir, { recursive: true });
  await rename(file.path, join(dir, storedName));
  const [row] = await app.db
    .insert(uploads)
    .values({
      ownerUserId: options.ownerUserId,
      kind,
      storedName,
      // Stored as given, less control characters (PostgreSQL text cannot hold NUL).
      originalName: withoutControlCharacters(file.filename).slice(0, 255) || 'file',
      contentType: type,
      byteSize: file.size,
      isPublic: kind === 'profile_photo',
    })
    .returning();
  noteStoredUpload(row.id);
  return row;
}

/** The upload row with this id, or null. */
export async function uploadById(app: FastifyInstance, id: number) {
  const [row] = await app.db.select().from(uploads).where(eq(uploads.id, id));
  return row ?? null;
}

/** A public profile photo by its stored name, or null. */
export async function publicProfilePhoto(app: FastifyInstance, storedName: string) {
  const [row] = await app.db
    .select()
    .from(uploads)
    .where(
      and(eq(uploads.storedName, storedName), eq(uploads.kind, 'profile_photo'), eq(uploads.isPublic, true)),
    );
  return row ?? null;
}

export async function readUploadFile(app: FastifyInstance, row: { kind: UploadKind; storedName: string }) {
  return readFile(uploadFilePath(app, row));
}

const isStillReferenced = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.cause?.code ?? e.code) === '23503';
};

/**
 * Forgets uploads that nothing points at any more (a replaced photo, a deleted profile's
 * documents): the row goes, so the file is no longer served, and the file is removed from disk.
 * A row some record still references (the database refuses the delete) is kept.
 */
export async function discardUploads(
  app: FastifyInstance,
  ids: Array<number | null | undefined>,
): Promise<number> {
  let removed = 0;
  for (const id of new Set(ids.filter((v): v is number => typeof v === 'number'))) {
    let row: typeof uploads.$inferSelect | undefined;
    try {
      [row] = await app.db.delete(uploads).where(eq(uploads.id, id)).returning();
    } catch (error) {
      if (isStillReferenced(error)) continue;
      throw error;
    }
    if (!row) continue;
    await rm(uploadFilePath(app, row), { force: true }).catch(() => {});
    removed++;
  }
  return removed;
}

/** How old an unreferenced upload or file must be before the clean-up removes it (a request may be mid-way). */
const SWEEP_GRACE_MS = 60 * 60 * 1000;

/**
 * The clean-up run at start-up and daily: empties the temporary folder, forgets upload rows no
 * record references, and removes files on disk that no row names. Returns what it removed.
 */
export async function sweepUploads(app: FastifyInstance, now = Date.now()) {
  const cutoff = new Date(now - SWEEP_GRACE_MS);
  let tempFiles = 0;
  const tmp = tempDirOf(app);
  for (const name of await readdir(tmp).catch(() => [] as string[])) {
    const path = join(tmp, name);
    const info = await stat(path).catch(() => null);
    if (info && info.mtimeMs < now - SWEEP_GRACE_MS) {
      await rm(path, { force: true });
      tempFiles++;
    }
  }
  const orphans = rowsOf<{ id: number }>(
    await app.db.execute(sql`select u.id from uploads u
      where u.created_at < ${cutoff.toISOString()}::timestamptz
        and not exists (select 1 from teachers t where u.id in (t.profile_photo_id, t.aadhar_photo_id))
        and not exists (select 1 from teacher_preferences p
          where u.id in (p.mark_sheet_id, p.highest_qualification_certificate_id, p.resume_id))
        and not exists (select 1 from job_seeker_educations e where e.resume_upload_id = u.id)
        and not exists (select 1 from job_applications a where a.resume_upload_id = u.id)`),
  );
  const rows = await discardUploads(
    app,
    orphans.map((r) => Number(r.id)),
  );
  const known = new Set(
    (await app.db.select({ storedName: uploads.storedName }).from(uploads)).map((r) => r.storedName),
  );
  let files = 0;
  for (const folder of ['profile_photos', 'private']) {
    const dir = join(app.config.uploadsDir, folder);
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      if (known.has(name)) continue;
      const path = join(dir, name);
      const info = await stat(path).catch(() => null);
      if (info?.isFile() && info.mtimeMs < now - SWEEP_GRACE_MS) {
        await rm(path, { force: true });
        files++;
      }
    }
  }
  return { rows, files, tempFiles };
}
