/** The account type chosen on /role, kept for this browser session. */
const CHOSEN_ROLE_KEY = 'chosen_role_id';
export const chosenRole = {
  get(): number | null {
    const value = Number(sessionStorage.getItem(CHOSEN_ROLE_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  },
  set(roleId: number) {
    sessionStorage.setItem(CHOSEN_ROLE_KEY, String(roleId));
  },
};
