import type { FastifyInstance } from 'fastify';
import { fileRoutes } from '../../contract/api';
import { ACCESS_MESSAGES } from '../../contract/rules/http';
import type { uploads } from '../db/schema';
import { forbidden, notFound } from '../lib/http';
import { serve } from '../lib/route';
import { publicProfilePhoto, readUploadFile, uploadById } from '../lib/uploads';
import { isAdmin, principalOf } from '../plugins/auth';

/**
 * RFC 6266 / RFC 8187: an ASCII fallback name for old clients and the exact name, UTF-8 encoded, in
 * `filename*`, so a Bengali, emoji or right-to-left name downloads as it was uploaded.
 */
export function contentDisposition(name: string, type: 'inline' | 'attachment' = 'inline'): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'file';
  let encoded: string;
  try {
    encoded = encodeURIComponent(name);
  } catch {
    encoded = encodeURIComponent(name.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
  encoded = encoded.replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

const STORED_NAME = /^[a-f0-9]{32}\.(jpg|png|pdf|bin)$/;

/**
 * Uploaded files: profile photos are public at /uploads/profile_photos/<stored name>; every other
 * document (Aadhar, mark sheet, certificate, resume) only to its owner and administrators (D8).
 */
export default async function uploadsRoutes(app: FastifyInstance) {
  const send = async (
    reply: import('fastify').FastifyReply,
    row: typeof uploads.$inferSelect,
    cache: string,
  ) => {
    let data: Buffer;
    try {
      data = await readUploadFile(app, row);
    } catch {
      throw notFound('File not found');
    }
    return reply
      .header('content-type', row.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', cache)
      .header('content-disposition', contentDisposition(row.originalName))
      .send(data);
  };

  serve(app, fileRoutes.profilePhoto, async ({ params: { stored } }, _request, reply) => {
    if (!STORED_NAME.test(stored)) throw notFound('File not found');
    const row = await publicProfilePhoto(app, stored);
    if (!row) throw notFound('File not found');
    return send(reply, row, 'public, max-age=86400');
  });

  serve(app, fileRoutes.document, async ({ params: { id } }, request, reply) => {
    const row = await uploadById(app, id);
    if (!row) throw notFound('File not found');
    const p = principalOf(request);
    const isOwner = p.type === 'user' && row.ownerUserId === p.id;
    if (!isOwner && !isAdmin(p)) throw forbidden(ACCESS_MESSAGES.documentNotYours);
    return send(reply, row, 'private, no-store');
  });
}
