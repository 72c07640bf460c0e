import { DEFAULT_MAINTENANCE_UNTIL, DEFAULT_SUPPORT_EMAIL } from '../../contract/constants';

/** Runtime configuration the server writes into index.html (server/plugins/client.ts); defaults otherwise. */
export interface ClientConfig {
  apiBaseUrl: string;
  supportEmail: string;
  maintenanceUntil: string;
  machinesVisualiser: boolean;
}

declare global {
  interface Window {
    __APP_CONFIG__?: Partial<ClientConfig>;
  }
}

export function clientConfig(): ClientConfig {
  const injected = (typeof window !== 'undefined' && window.__APP_CONFIG__) || {};
  return {
    apiBaseUrl: injected.apiBaseUrl ?? import.meta.env.VITE_API_BASE_URL ?? '',
    supportEmail: injected.supportEmail ?? DEFAULT_SUPPORT_EMAIL,
    maintenanceUntil: injected.maintenanceUntil ?? DEFAULT_MAINTENANCE_UNTIL,
    machinesVisualiser: injected.machinesVisualiser ?? false,
  };
}
