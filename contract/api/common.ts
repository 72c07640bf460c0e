import { optional } from 'superstruct';
import { fields, id, queryInt, text } from './fields';

/** `/:id` of most routes. */
export const IdParams = fields({ id: id() });

/** ?page=&limit= (page from 1; each route caps the limit it serves). */
export const PageQuery = fields({
  page: optional(queryInt(1, 1_000_000)),
  limit: optional(queryInt(1, 1000)),
});

/** Common maximum lengths of text fields. */
export const MAX = {
  email: 254,
  password: 1024,
  name: 200,
  short: 40,
  text: 500,
  address: 1000,
  phone: 30,
  token: 2048,
  /** Query values read by a product rule that has its own (smaller) limit and message. */
  query: 1000,
} as const;

export const shortText = () => optional(text(MAX.short));
