import { ROLE, STORAGE_KEYS } from '../../../contract/constants';
import { clientConfig } from '../../lib/config';

/**
 * Who may open the machine visualiser: everyone in development; in a production build a signed-in
 * administrator (stored role_id 4 with an auth_token), or everyone when the server's configuration
 * switches it on (MACHINES_VISUALISER).
 */
export function visualiserAllowed(): boolean {
  if (import.meta.env.DEV) return true;
  if (clientConfig().machinesVisualiser) return true;
  return (
    localStorage.getItem(STORAGE_KEYS.roleId) === String(ROLE.admin) &&
    Boolean(localStorage.getItem(STORAGE_KEYS.authToken))
  );
}
