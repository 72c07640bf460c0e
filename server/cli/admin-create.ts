/**
 * `npm run admin:create -- --email admin@example.com --password 'a long password'`: creates an
 * administrator from the shell (D4), whatever the registration setting, on the configured database.
 */
import { parseArgs } from 'node:util';
import { validateCredentials } from '../../contract/rules/auth';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { registerAdmin } from '../services/accounts';

const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
const email = (values.email ?? '').trim();
const password = values.password ?? '';
const errors = validateCredentials({ email, password });
if (Object.keys(errors).length) {
  for (const [field, message] of Object.entries(errors)) console.error(`${field}: ${message}`);
  console.error(
    "Usage: npm run admin:create -- --email admin@example.com --password 'at least 8 characters'",
  );
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const admin = await registerAdmin(database.db, { email, password }, { open: true });
  console.log(`Administrator ${admin.email} created (id ${admin.id}). Sign in at /adminsignin.`);
} catch (error) {
  console.error(
    error instanceof Error && error.message === 'email_taken'
      ? `${email} is already an administrator.`
      : error,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
