import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';

const KEY_LENGTH = 64;
/** The cost new hashes get. Raising it: stored hashes keep working and are rehashed at the next sign-in. */
export const PASSWORD_COST = { N: 16384, r: 8, p: 1 };

/** Stored parameters are honoured within these bounds (a hash is never allowed to cost unbounded work). */
const MAX = { N: 2 ** 20, r: 32, p: 16, memory: 256 * 1024 * 1024 };

type Cost = { N: number; r: number; p: number };

/**
 * Derivations running at once: one per core. scrypt runs in Node's small shared thread pool, which
 * also signs and verifies access tokens and reads files; a burst of sign-ins handed to it all at
 * once queued every one of those behind the whole burst (a sign-in then waited for every hash
 * twice, and timed out). Beyond this many, a derivation waits here, costing nothing.
 */
const HASHING_AT_ONCE = Math.max(1, availableParallelism());
let hashing = 0;
const waitingToHash: Array<() => void> = [];

async function derive(password: string, salt: Buffer, cost: Cost, length = KEY_LENGTH): Promise<Buffer> {
  if (hashing >= HASHING_AT_ONCE) await new Promise<void>((start) => waitingToHash.push(start));
  else hashing++;
  const maxmem = Math.max(64 * 1024 * 1024, 256 * cost.N * cost.r + 1024 * 1024);
  try {
    return await new Promise((resolve, reject) =>
      scrypt(password, salt, length, { ...cost, maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
    );
  } finally {
    // The slot goes straight to the next waiting derivation (or is freed).
    const next = waitingToHash.shift();
    if (next) next();
    else hashing--;
  }
}

/** scrypt with a random salt: `scrypt$N$r$p$salt$hash` (base64). */
export async function hashPassword(password: string, cost: Cost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** The parameters of a stored hash, or null when it is not one of ours (or out of bounds). */
function parse(stored: string): { cost: Cost; salt: Buffer; hash: Buffer } | null {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const powerOfTwo = Number.isInteger(cost.N) && cost.N > 1 && (cost.N & (cost.N - 1)) === 0;
  if (!powerOfTwo || cost.N > MAX.N) return null;
  if (!Number.isInteger(cost.r) || cost.r < 1 || cost.r > MAX.r) return null;
  if (!Number.isInteger(cost.p) || cost.p < 1 || cost.p > MAX.p) return null;
  if (128 * cost.N * cost.r > MAX.memory) return null;
  return { cost, salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') };
}

/** Checks a password against a stored hash with the parameters that hash was made with. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.hash.length < 16 || parsed.hash.length > 128) return false;
  const key = await derive(password, parsed.salt, parsed.cost, parsed.hash.length);
  return timingSafeEqual(parsed.hash, key);
}

/** Whether a stored hash was made with other parameters than new hashes get (rehash after sign-in). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  return (
    parsed.cost.N !== PASSWORD_COST.N ||
    parsed.cost.r !== PASSWORD_COST.r ||
    parsed.cost.p !== PASSWORD_COST.p ||
    parsed.hash.length !== KEY_LENGTH
  );
}

/** A hash to compare against when the account does not exist, so timing does not reveal it. */
export const DUMMY_HASH = `scrypt$${PASSWORD_COST.N}$${PASSWORD_COST.r}$${PASSWORD_COST.p}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(64).toString('base64')}`;
