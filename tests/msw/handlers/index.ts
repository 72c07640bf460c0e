import { adminHandlers } from './admin';
import { authHandlers } from './auth';
import { jobHandlers } from './jobs';
import { notificationHandlers } from './notifications';
import { referenceHandlers } from './reference';
import { requestHandlers } from './requests';
import { studentHandlers } from './students';
import { teacherHandlers } from './teachers';

/** Default handlers, one module per resource. */
export const handlers = [
  ...adminHandlers,
  ...authHandlers,
  ...jobHandlers,
  ...referenceHandlers,
  ...studentHandlers,
  ...requestHandlers,
  ...teacherHandlers,
  ...notificationHandlers,
];
