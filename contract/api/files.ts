import { fields, id, text } from './fields';
import { route } from './route';

/** Uploaded files: profile photos are public; every other document only to its owner and administrators. */
export const fileRoutes = {
  profilePhoto: route({
    id: 'uploads.profilePhoto',
    method: 'GET',
    path: '/uploads/profile_photos/:stored',
    summary: 'A profile photo (public)',
    access: 'public',
    params: fields({ stored: text(64) }),
    response: { file: ['image/jpeg', 'image/png'] },
  }),
  document: route({
    id: 'uploads.show',
    method: 'GET',
    path: '/api/v1/uploads/:id',
    summary: 'A private document: Aadhar card, mark sheet, certificate or resume (owner, administrators)',
    access: 'signed_in',
    params: fields({ id: id() }),
    response: { file: ['image/jpeg', 'image/png', 'application/pdf'] },
  }),
};
