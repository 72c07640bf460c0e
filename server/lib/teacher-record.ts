/**
 * The addresses of a teacher record's files, shared by the record (server/services/teacher-records.ts)
 * and the matching cards. No SQL here: the records are loaded by the service.
 */

/** Public URL path of a profile photo (served without a token, loaded from the API host by the client). */
export const publicUploadPath = (storedName: string) => `/uploads/profile_photos/${storedName}`;
/** URL of a private document: served only to its owner and administrators (D8). */
export const privateUploadPath = (id: number) => `/api/v1/uploads/${id}`;
