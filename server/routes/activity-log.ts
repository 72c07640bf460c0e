import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../../contract/api';
import { unprocessable } from '../lib/http';
import { paginationFor } from '../lib/pagination';
import { serve } from '../lib/route';
import { activityPage } from '../services/admin';

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

function parseDetails(details: string | null): Record<string, unknown> | null {
  if (!details) return null;
  try {
    const parsed = JSON.parse(details);
    return parsed && typeof parsed === 'object' ? parsed : { value: parsed };
  } catch {
    return { text: details };
  }
}

export default async function activityLogRoutes(app: FastifyInstance) {
  // The audit log: sign-ins, registrations, requests and administrator decisions, newest first.
  serve(app, adminRoutes.activityLog, async ({ query: q }) => {
    const page = q.page === undefined || q.page === '' ? 1 : Number(q.page);
    const limit = q.limit === undefined || q.limit === '' ? DEFAULT_LIMIT : Number(q.limit);
    const errors: Record<string, string> = {};
    if (!Number.isSafeInteger(page) || page < 1) errors.page = 'Page must be a whole number, 1 or more';
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
      errors.limit = `Limit must be a whole number from 1 to ${MAX_LIMIT}`;
    if (Object.keys(errors).length) throw unprocessable(errors);

    const { rows, total: n } = await activityPage(app.db, { limit, offset: (page - 1) * limit });
    return {
      status: 'success',
      data: rows.map(({ entry, userEmail, adminEmail }) => ({
        id: entry.id,
        actor_type: entry.actorType,
        actor_id: entry.actorId,
        actor_email: userEmail ?? adminEmail ?? null,
        action: entry.action,
        subject_type: entry.subjectType,
        subject_id: entry.subjectId,
        details: parseDetails(entry.details),
        created_at: entry.createdAt.toISOString(),
      })),
      total_count: n,
      pagination: paginationFor(page, limit, n),
    };
  });
}
