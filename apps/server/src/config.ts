import { z } from 'zod';

/** Everything the server reads from its environment, validated once at start-up. */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** postgres://… switches from the embedded PGlite to a real PostgreSQL. */
  DATABASE_URL: z.string().url().optional(),
  /** Where PGlite keeps its files and uploads are stored. */
  DATA_DIR: z.string().default('./data'),
  /** Origins allowed on state-changing calls besides the request's own host. */
  PUBLIC_ORIGIN: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Idle and absolute session lifetimes, in minutes. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_ABSOLUTE_MINUTES: z.coerce.number().int().positive().default(12 * 60),
  /** Serve the built web app from this folder when it exists. */
  WEB_DIST: z.string().default('apps/web/dist'),
  /** Seed the demo world on start (default on, so `npm start` opens a populated portal). */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Factoring Portal <no-reply@factoring.local>'),
  /** Per-IP rate limit for login, registration and password reset (requests per minute). */
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  GIT_COMMIT: z.string().default('dev'),
  /**
   * Trust X-Forwarded-* only from a proxy you run: 'true' (any hop) or its addresses/CIDRs
   * (comma-separated). Default off, so a client cannot fake its IP to dodge the per-IP rate limits.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | string[] => (v === 'true' ? true : v === 'false' ? false : v.split(',').map((s) => s.trim()))),
});

export type Config = z.output<typeof configSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${fields}`);
  }
  return parsed.data;
}
