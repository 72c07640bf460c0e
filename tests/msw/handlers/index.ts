import { authHandlers } from './auth';
import { referenceHandlers } from './reference';
import { requestHandlers } from './requests';
import { studentHandlers } from './students';

/** Default handlers, one module per resource. */
export const handlers = [...authHandlers, ...referenceHandlers, ...studentHandlers, ...requestHandlers];
