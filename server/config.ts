import { DEFAULT_MAINTENANCE_UNTIL, DEFAULT_SUPPORT_EMAIL, PRODUCT_NAME } from '../contract/constants';
import { PASSWORD_COST, type PasswordCost } from './lib/password';

/** Every setting of the server, read from the environment (README.md lists them with defaults). */
export interface AppConfig {
  port: number;
  host: string;
  /** Folder for the embedded database, the token secret and uploads. */
  dataDir: string;
  /** When set, a real PostgreSQL server is used instead of the embedded PGlite. */
  databaseUrl?: string;
  /** Run PGlite in memory (tests). */
  inMemoryDb?: boolean;
  /**
   * Run PGlite in its own thread (server/db/pglite-remote.ts) so slow queries never block the event
   * loop. On by default for the server; in-memory test databases run in the request thread.
   */
  pgliteWorker?: boolean;
  uploadsDir: string;
  /** Secret for signing access tokens; generated once into dataDir when not given. */
  tokenSecret?: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  supportEmail: string;
  maintenanceUntil: string;
  /** Anyone may register as an administrator (D4); otherwise only the first one. */
  adminRegistrationOpen: boolean;
  /** Origins allowed by CORS; empty means same origin only. */
  corsOrigins: string[];
  /** Serve the machine visualiser to everyone in production (issue 6); administrators always may. */
  machinesVisualiser: boolean;
  /** Folder with the built client; not served when missing. */
  clientDir: string;
  /**
   * scrypt's cost for new password hashes (default PASSWORD_COST). Only tests lower it: every hash
   * stores its cost, and a sign-in rehashes one made with another cost.
   */
  passwordCost: PasswordCost;
  /** Sign-in attempts allowed per client address per minute, and per account per 15 minutes. */
  signInRateLimit: { perClientPerMinute: number; perAccountPer15Minutes: number };
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): false (the default: the
   * connecting address is the client), a hop count, or a list of proxy addresses / CIDR ranges.
   */
  trustProxy: boolean | number | string[];
  /** Limits per client address and per account, kept in the database (shared by every process). */
  rateLimits: {
    /** Sign-ups per client address per hour. */
    signUpPerAddressPerHour: number;
    /** Token refreshes per client address per minute. */
    refreshPerAddressPerMinute: number;
    /** Upload requests (multipart) per account per hour and per client address per hour. */
    uploadsPerAccountPerHour: number;
    uploadsPerAddressPerHour: number;
    /** Matching pages one student may load per hour (default: the product rule's figure). */
    matchingPagesPerStudentPerHour?: number;
  };
  /** Time-outs, milliseconds. */
  timeouts: {
    /** Whole request (headers and body) must arrive within this. */
    request: number;
    /** Headers must arrive within this. */
    headers: number;
    /** Idle keep-alive connections close after this. */
    keepAlive: number;
    /** PostgreSQL: getting a connection from the pool / opening one. */
    dbConnect: number;
    /** PostgreSQL: one statement. */
    dbStatement: number;
  };
  logLevel: string;
  /** SMTP server for notification e-mails (smtp://user:pass@host:port); unset: no e-mail. */
  smtpUrl?: string;
  /** Sender of notification e-mails. */
  mailFrom: string;
  /** The product's public address, for links in e-mails. */
  appUrl: string;
}

/** TRUST_PROXY: unset/false/off -> false; true; a number of hops; or a comma-separated address list. */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const v = (value ?? '').trim();
  if (!v || ['0', 'false', 'off', 'no'].includes(v.toLowerCase())) return false;
  if (['true', 'on', 'yes'].includes(v.toLowerCase())) return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

const bool = (value: string | undefined, fallback: boolean) =>
  value === undefined ? fallback : ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const dataDir = env.DATA_DIR ?? './data';
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteWorker: env.PGLITE_WORKER === undefined ? undefined : env.PGLITE_WORKER !== 'false',
    uploadsDir: env.UPLOADS_DIR ?? `${dataDir}/uploads`,
    tokenSecret: env.TOKEN_SECRET || undefined,
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL ?? 3600),
    refreshTokenTtlSeconds: Number(env.REFRESH_TOKEN_TTL ?? 7 * 24 * 3600),
    supportEmail: env.SUPPORT_EMAIL ?? DEFAULT_SUPPORT_EMAIL,
    maintenanceUntil: env.MAINTENANCE_UNTIL ?? DEFAULT_MAINTENANCE_UNTIL,
    adminRegistrationOpen: bool(env.ADMIN_REGISTRATION_OPEN, false),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    machinesVisualiser: bool(env.MACHINES_VISUALISER, false),
    clientDir: env.CLIENT_DIR ?? './dist/client',
    passwordCost: PASSWORD_COST,
    signInRateLimit: {
      perClientPerMinute: Number(env.SIGN_IN_RATE_PER_MINUTE ?? 20),
      perAccountPer15Minutes: Number(env.SIGN_IN_RATE_PER_ACCOUNT ?? 10),
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimits: {
      signUpPerAddressPerHour: Number(env.SIGN_UP_RATE_PER_HOUR ?? 20),
      refreshPerAddressPerMinute: Number(env.REFRESH_RATE_PER_MINUTE ?? 60),
      uploadsPerAccountPerHour: Number(env.UPLOAD_RATE_PER_ACCOUNT_PER_HOUR ?? 60),
      uploadsPerAddressPerHour: Number(env.UPLOAD_RATE_PER_ADDRESS_PER_HOUR ?? 200),
      ...(env.MATCHING_PAGES_PER_HOUR
        ? { matchingPagesPerStudentPerHour: Number(env.MATCHING_PAGES_PER_HOUR) }
        : {}),
    },
    timeouts: {
      request: Number(env.REQUEST_TIMEOUT_MS ?? 120_000),
      headers: Number(env.HEADERS_TIMEOUT_MS ?? 10_000),
      keepAlive: Number(env.KEEP_ALIVE_TIMEOUT_MS ?? 5_000),
      dbConnect: Number(env.DB_CONNECT_TIMEOUT_MS ?? 5_000),
      dbStatement: Number(env.DB_STATEMENT_TIMEOUT_MS ?? 15_000),
    },
    logLevel: env.LOG_LEVEL ?? 'info',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? `${PRODUCT_NAME} <no-reply@bengaltutors.in>`,
    appUrl: env.APP_URL ?? `http://localhost:${Number(env.PORT ?? 3000)}`,
    ...overrides,
  };
}
