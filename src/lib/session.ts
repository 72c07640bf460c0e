import { STORAGE_KEYS } from '../../contract/constants';

/**
 * The stored session: exactly the local storage keys of docs/product.md#sessions-and-storage. Drafts are stored
 * separately per user (src/lib/drafts.ts) so that clearing the session never loses them (D5).
 */
type Key = keyof typeof STORAGE_KEYS;

export const session = {
  get(key: Key): string | null {
    return localStorage.getItem(STORAGE_KEYS[key]);
  },
  set(key: Key, value: string | number | null | undefined) {
    if (value === null || value === undefined || value === '') localStorage.removeItem(STORAGE_KEYS[key]);
    else localStorage.setItem(STORAGE_KEYS[key], String(value));
  },
  remove(key: Key) {
    localStorage.removeItem(STORAGE_KEYS[key]);
  },
  /** Clears every session key (login screen load, toggle, logout); drafts stay. */
  clear() {
    for (const key of Object.values(STORAGE_KEYS)) {
      if (key !== STORAGE_KEYS.personalDetails) localStorage.removeItem(key);
    }
  },
  token: () => localStorage.getItem(STORAGE_KEYS.authToken),
  userId(): number | null {
    const direct = Number(localStorage.getItem(STORAGE_KEYS.userId));
    if (Number.isInteger(direct) && direct > 0) return direct;
    // The user id may also be read from the auth_token payload (docs/product.md#sessions-and-storage).
    const token = localStorage.getItem(STORAGE_KEYS.authToken);
    const payload = token?.split('.')[1];
    if (!payload) return null;
    try {
      const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
      return Number.isInteger(claims.sub) ? claims.sub : null;
    } catch {
      return null;
    }
  },
  roleId(): number | null {
    const role = Number(localStorage.getItem(STORAGE_KEYS.roleId));
    return Number.isInteger(role) && role > 0 ? role : null;
  },
  numberOf(key: 'teacherId' | 'studentId' | 'jobSeekerId'): number | null {
    const id = Number(localStorage.getItem(STORAGE_KEYS[key]));
    return Number.isInteger(id) && id > 0 ? id : null;
  },
};
