import { authHandlers } from './auth';
import { referenceHandlers } from './reference';

/** Default handlers, one module per resource. */
export const handlers = [...authHandlers, ...referenceHandlers];
