import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMAGE_MAX_BYTES } from '../../contract/constants';
import { FILE_MESSAGES, type FileFacts, type SniffedType, sniffFileType } from '../../contract/rules/files';
import { TEACHER_PREFERENCE_MESSAGES } from '../../contract/rules/teacher-preferences';
import { uploads } from '../db/schema';
import { HttpError } from './http';

/** A file part of a multipart body, held in memory (sizes are bounded by the multipart limits). */
export interface ReceivedFile {
  filename: string;
  data: Buffer;
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
 * Reads a request body for `wrapper`: multipart with Rails-style bracketed names (files included),
 * or JSON `{ wrapper: {...} }` (or the bare object). Unwrapped multipart names are accepted too.
 */
export async function readWrappedBody(request: FastifyRequest, wrapper: string): Promise<WrappedBody> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const inner = body[wrapper];
    const fields = inner && typeof inner === 'object' && !Array.isArray(inner) ? inner : body;
    return { fields: { ...(fields as Record<string, unknown>) }, files: {} };
  }
  const fields: Record<string, unknown> = {};
  const files: Record<string, ReceivedFile> = {};
  for await (const part of request.parts()) {
    const { wrapper: w, key, isArray } = parseFieldName(part.fieldname);
    if (w !== null && w !== wrapper) {
      if (part.type === 'file') await part.toBuffer();
      continue;
    }
    if (part.type === 'file') {
      const data = await readFilePart(part, key);
      if (data.length === 0 && !part.filename) continue;
      files[key] = { filename: part.filename || key, data, sniffed: sniffFileType(data) };
    } else if (isArray) {
      const list = (fields[key] as unknown[] | undefined) ?? [];
      list.push(part.value);
      fields[key] = list;
    } else {
      fields[key] = part.value;
    }
  }
  return { fields, files };
}

/** Over the multipart limit: 413 naming the field, with that field's own message (a resume is not an image). */
function tooLargeMessage(field: string): string {
  return field === 'resume' ? TEACHER_PREFERENCE_MESSAGES.resumeTooLarge : FILE_MESSAGES.imageTooLarge;
}

async function readFilePart(part: { toBuffer(): Promise<Buffer> }, field: string): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
    const message = tooLargeMessage(field);
    throw new HttpError(413, { error: 'payload_too_large', message, errors: { [field]: [message] } });
  }
}

/** What the shared rules (contract/rules/files.ts) need to know of a received file. */
export const factsOf = (file: ReceivedFile): FileFacts => ({
  name: file.filename,
  size: file.data.length,
  type: file.sniffed ?? 'application/octet-stream',
});

/** An image over the limit is refused with 413 (DECISIONS.md section 4), naming the field. */
export function assertImageSize(field: string, file: ReceivedFile | undefined): void {
  if (file && file.data.length > IMAGE_MAX_BYTES) {
    throw new HttpError(413, {
      error: 'payload_too_large',
      message: FILE_MESSAGES.imageTooLarge,
      errors: { [field]: [FILE_MESSAGES.imageTooLarge] },
    });
  }
}

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
  await writeFile(join(dir, storedName), file.data);
  const [row] = await app.db
    .insert(uploads)
    .values({
      ownerUserId: options.ownerUserId,
      kind,
      storedName,
      originalName: file.filename.slice(0, 255),
      contentType: type,
      byteSize: file.data.length,
      isPublic: kind === 'profile_photo',
    })
    .returning();
  return row;
}

export async function readUploadFile(app: FastifyInstance, row: { kind: UploadKind; storedName: string }) {
  return readFile(uploadFilePath(app, row));
}
