import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The msw server for every client test; tests add per-test handlers with `server.use(...)`. */
export const server = setupServer(...handlers);
