/** ?page=&limit= with bounds; page starts at 1. */
export function pageParams(query: unknown, defaultLimit = 20, maxLimit = 100) {
  const q = (query ?? {}) as Record<string, string | undefined>;
  const page = Math.max(1, Math.floor(Number(q.page)) || 1);
  const limit = Math.min(maxLimit, Math.max(1, Math.floor(Number(q.limit)) || defaultLimit));
  return { page, limit, offset: (page - 1) * limit };
}

/** `pagination: { next, prev }` of docs/product.md#api-conventions; a page beyond the last points back to the last. */
export function paginationFor(page: number, limit: number, count: number) {
  const pages = Math.max(1, Math.ceil(count / limit));
  return {
    next: page < pages ? page + 1 : null,
    prev: page > 1 ? Math.min(page - 1, pages) : null,
  };
}
