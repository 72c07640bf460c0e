import { LanguageResponse } from '../../contract/structs/auth';
import { request } from './client';

/** PUT /api/v1/me/language: remembers the interface language on the signed-in account. */
export const saveLanguage = (language: string) =>
  request(LanguageResponse, { method: 'PUT', url: '/api/v1/me/language', data: { language } });
