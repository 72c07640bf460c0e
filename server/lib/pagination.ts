/** `pagination: { next, prev }` of docs/product.md#api-conventions; a page beyond the last points back to the last. */
export function paginationFor(page: number, limit: number, count: number) {
  const pages = Math.max(1, Math.ceil(count / limit));
  return {
    next: page < pages ? page + 1 : null,
    prev: page > 1 ? Math.min(page - 1, pages) : null,
  };
}
