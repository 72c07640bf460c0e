import { STORAGE_KEYS } from '../../contract/constants';

/**
 * Unsent form drafts, kept per user so that clearing the session (login screen, logout) never loses
 * them and they come back for the same user after the next login (docs/product.md#sessions-and-storage). The teacher's
 * personal details draft lives under the product's key 'personaldetails'; other forms use 'draft:<form>'.
 * Files are never part of a draft.
 */
export type DraftName =
  | 'personaldetails'
  | 'studentdetails1'
  | 'studentdetails2'
  | 'subject'
  | 'teacherSubject'
  | 'educational_details_teacher'
  | 'jobdetails1'
  | 'jobdetails2';

const storageKey = (name: DraftName) =>
  name === 'personaldetails' ? STORAGE_KEYS.personalDetails : `draft:${name}`;
const ANONYMOUS = 'anonymous';

function readAll(name: DraftName): Record<string, unknown> {
  try {
    const parsed = JSON.parse(localStorage.getItem(storageKey(name)) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

export const drafts = {
  load<T>(name: DraftName, userId: number | null): Partial<T> | null {
    const value = readAll(name)[String(userId ?? ANONYMOUS)];
    return value && typeof value === 'object' ? (value as Partial<T>) : null;
  },
  /** `null` means there is nothing to keep (e.g. the form was already saved): the stored draft is left as it is. */
  save(name: DraftName, userId: number | null, values: unknown) {
    if (values === null) return;
    const all = readAll(name);
    all[String(userId ?? ANONYMOUS)] = values;
    localStorage.setItem(storageKey(name), JSON.stringify(all));
  },
  clear(name: DraftName, userId: number | null) {
    const all = readAll(name);
    delete all[String(userId ?? ANONYMOUS)];
    if (Object.keys(all).length) localStorage.setItem(storageKey(name), JSON.stringify(all));
    else localStorage.removeItem(storageKey(name));
  },
};
