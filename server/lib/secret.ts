import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The token-signing secret: from configuration, else generated once and kept in the data folder. */
export function resolveTokenSecret(
  configured: string | undefined,
  dataDir: string,
  persist: boolean,
): string {
  if (configured) return configured;
  if (!persist) return randomBytes(32).toString('hex');
  const file = join(dataDir, 'token-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
