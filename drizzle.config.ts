import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -- --name <what>` writes a migration from server/db/schema.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/migrations',
});
