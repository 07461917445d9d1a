import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The factor's unified social credit code when FACTOR_USCC is not set (its certificate, its registrations). */
export const DEFAULT_FACTOR_USCC = '91310115MA1K4XLX3Q';

/** Everything the server reads from its environment, validated once at start-up. */
const configSchema = z.object({
  /**
   * Unset: `production` on PostgreSQL (DATABASE_URL), `development` on the embedded PGlite. Production
   * needs PUBLIC_ORIGIN and never seeds the demo world.
   */
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** postgres://… switches from the embedded PGlite to a real PostgreSQL. */
  DATABASE_URL: z.string().url().optional(),
  /** Where PGlite keeps its files and uploads are stored. */
  DATA_DIR: z.string().default('./data'),
  /**
   * The portal's public origin(s), comma-separated: the only origins allowed on state-changing calls,
   * and the first one builds mailed links. Required in production; development derives it from PORT.
   */
  PUBLIC_ORIGIN: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Idle and absolute session lifetimes, in minutes. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_ABSOLUTE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 60),
  /** Serve the built web app from this folder when it exists. */
  WEB_DIST: z.string().default('apps/web/dist'),
  /** Seed the demo world on start. Unset: only on the embedded database outside production. */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Factoring Portal <no-reply@factoring.local>'),
  /** Per-IP rate limit for login, registration and password reset (requests per minute). */
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  /** Unset: the commit the web build was made from (its build stamp), else `dev`. */
  GIT_COMMIT: z.string().optional(),
  /**
   * Trust X-Forwarded-* only from a proxy you run: 'true' (any hop) or its addresses/CIDRs
   * (comma-separated). Default off, so a client cannot fake its IP to dodge the per-IP rate limits.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | string[] => (v === 'true' ? true : v === 'false' ? false : v.split(',').map((s) => s.trim()))),
  /** Run the scheduled jobs inside this server (once per day across all nodes). Unset: on, except in tests. */
  JOBS: z.enum(['on', 'off']).optional(),
  /** China-time hours of the scheduled jobs, `name=hour,…` (e.g. `close-of-business=1`); unset: each job's default. */
  JOB_HOURS: z.string().optional(),
  /**
   * The daily backup (issue 25, job `backup`, hour from JOB_HOURS, default 2 China time). Unset: on with
   * DATABASE_URL, off on the embedded database.
   */
  BACKUP_SCHEDULE: z.enum(['on', 'off']).optional(),
  /** Where scheduled backups (and `npm run backup` without a file) are written. Unset: DATA_DIR/backups. */
  BACKUP_DIR: z.string().optional(),
  /** How many scheduled backup archives are kept; older ones are removed after each new one. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** Where rate-limit counters live. Unset: `database` on PostgreSQL (shared by every node), `memory` on PGlite (one process). */
  RATE_LIMIT_STORE: z.enum(['memory', 'database']).optional(),
  /**
   * Check every answer against its route's zod response schema. Unset: on, except in production, where
   * answers go through a compiled serializer of the same schema (plugins/response-serializer.ts).
   */
  RESPONSE_VALIDATION: z.enum(['on', 'off']).optional(),
  /**
   * Encrypts the signing keys (issue 26): the platform CA's key under DATA_DIR/signing and every
   * certificate's key in the database. Required in production; development and tests use a fixed one.
   */
  SIGNING_KEY_SECRET: z.string().min(16, 'SIGNING_KEY_SECRET needs at least 16 characters').optional(),
  /**
   * A real CA's issuing certificate and key (PKCS#12) to issue the signing certificates with, instead of
   * the platform's own root made on first start; its password in SIGNING_CA_P12_PASSWORD.
   */
  SIGNING_CA_P12: z.string().optional(),
  SIGNING_CA_P12_PASSWORD: z.string().default(''),
  /** The factor's unified social credit code, in its own signing certificate. */
  FACTOR_USCC: z
    .string()
    .regex(/^[0-9A-HJ-NPQRTUWXY]{18}$/, 'FACTOR_USCC must be an 18-character credit code')
    .default(DEFAULT_FACTOR_USCC),
});

type RawConfig = z.output<typeof configSchema>;

export type Config = Omit<RawConfig, 'NODE_ENV' | 'SEED_DEMO' | 'SIGNING_KEY_SECRET' | 'GIT_COMMIT'> & {
  SIGNING_KEY_SECRET: string;
  GIT_COMMIT: string;
  NODE_ENV: 'development' | 'production' | 'test';
  SEED_DEMO: boolean;
  /**
   * The origins state-changing calls may come from, decided once from configuration (never from a
   * request's Host). The first one is where mailed links point.
   */
  publicOrigins: string[];
};

/** Outside production only: the signing keys of a development or test data folder are no secret. */
const DEVELOPMENT_SIGNING_SECRET = 'development-only-signing-secret';

const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;

/** Derives the rules that depend on the mode: production needs a public origin and never seeds the demo. */
/** The commit `npm run build` recorded in the web build's stamp (scripts/build-web-if-stale.mjs), if any. */
function builtCommit(webDist: string): string | undefined {
  try {
    const stamp = JSON.parse(readFileSync(path.join(webDist, '.build-stamp.json'), 'utf8')) as { commit?: unknown };
    return typeof stamp.commit === 'string' && /^[0-9a-f]{7,40}$/.test(stamp.commit) ? stamp.commit : undefined;
  } catch {
    return undefined;
  }
}

function resolve(raw: RawConfig): Config {
  const mode = raw.NODE_ENV ?? (raw.DATABASE_URL ? 'production' : 'development');
  const configured = (raw.PUBLIC_ORIGIN ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  const malformed = configured.find((o) => !ORIGIN.test(o));
  if (malformed) throw new Error(`Invalid configuration: PUBLIC_ORIGIN: "${malformed}" is not an origin like https://portal.example.cn`);
  if (mode === 'production' && configured.length === 0) {
    throw new Error(
      'Invalid configuration: PUBLIC_ORIGIN is required in production (the origin users open, e.g. https://portal.example.cn)',
    );
  }
  if (mode === 'production' && raw.SEED_DEMO === 'true') {
    throw new Error('Invalid configuration: SEED_DEMO=true is refused in production (the demo users have a published password)');
  }
  if (mode === 'production' && !raw.SIGNING_KEY_SECRET) {
    throw new Error('Invalid configuration: SIGNING_KEY_SECRET is required in production (it encrypts the contract signing keys)');
  }
  const publicOrigins = configured.length ? configured : [`http://localhost:${raw.PORT}`, `http://127.0.0.1:${raw.PORT}`];
  const seedDemo = raw.SEED_DEMO ? raw.SEED_DEMO === 'true' : mode !== 'production' && !raw.DATABASE_URL;
  const signingKeySecret = raw.SIGNING_KEY_SECRET ?? DEVELOPMENT_SIGNING_SECRET;
  const commit = raw.GIT_COMMIT ?? builtCommit(raw.WEB_DIST) ?? 'dev';
  return { ...raw, NODE_ENV: mode, SEED_DEMO: seedDemo, SIGNING_KEY_SECRET: signingKeySecret, GIT_COMMIT: commit, publicOrigins };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${fields}`);
  }
  return resolve(parsed.data);
}
