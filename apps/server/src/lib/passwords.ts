import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';

// scrypt from Node's own crypto: memory-hard, no native add-on to build. A stored hash records its
// parameters (`scrypt$N$r$p$salt$key`), so a hash made at an older cost still verifies.

/** OWASP's scrypt cost for new hashes (issue 33): N = 2^17, r = 8, p = 1 — 128 MiB and ~0.3 s per hash. */
export const SCRYPT_LOG2_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

/**
 * The cost of new hashes: 2^17, except in a test process (NODE_ENV=test), where
 * PASSWORD_SCRYPT_LOG2N (10–17) may lower it — the API suite logs in thousands of times. Production
 * and every other mode always use 2^17, whatever that variable says.
 */
export function scryptCost(env: NodeJS.ProcessEnv = process.env): number {
  const lowered = env.NODE_ENV === 'test' ? Number(env.PASSWORD_SCRYPT_LOG2N) : NaN;
  return 2 ** (Number.isInteger(lowered) && lowered >= 10 && lowered <= SCRYPT_LOG2_N ? lowered : SCRYPT_LOG2_N);
}

/** A stored hash's parameters, or null when it is not one of ours (N a power of two from 2^10 to 2^20, r ≤ 32, p ≤ 4). */
function paramsOf(stored: string): { N: number; r: number; p: number; salt: Buffer; key: Buffer } | null {
  const [algo, n, r, p, salt, key] = stored.split('$');
  const N = Number(n);
  const params = { N, r: Number(r), p: Number(p) };
  if (algo !== 'scrypt' || !salt || !key) return null;
  if (!Number.isInteger(Math.log2(N)) || N < 2 ** 10 || N > 2 ** 20) return null;
  if (!Number.isInteger(params.r) || params.r < 1 || params.r > 32 || !Number.isInteger(params.p) || params.p < 1 || params.p > 4)
    return null;
  return { ...params, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

function derive(password: string, salt: Buffer, opts: ScryptOptions & { N: number; r: number; p: number }): Promise<Buffer> {
  // scrypt needs 128·N·r bytes (128 MiB at 2^17, r = 8); Node refuses past `maxmem` (32 MiB by default).
  const maxmem = 128 * opts.N * opts.r * opts.p + 16 * 1024 * 1024;
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...opts, maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** A new hash at the current cost (`scryptCost()`), or at `N` when given (tests of older hashes). */
export async function hashPassword(password: string, N = scryptCost()): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const params = paramsOf(stored);
  if (!params) return false;
  const key = await derive(password, params.salt, params);
  return key.length === params.key.length && timingSafeEqual(key, params.key);
}

/** Whether a stored hash was made at another cost than new hashes are: rehash it at the next right password. */
export function needsRehash(stored: string): boolean {
  const params = paramsOf(stored);
  return !params || params.N !== scryptCost() || params.r !== R || params.p !== P;
}

let dummyHash: { N: number; hash: Promise<string> } | undefined;

/**
 * Does the work of a password check whose answer is already known (unknown account, locked account),
 * so the time of an answer does not tell which case it was: a check against a hash of the current cost.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  const N = scryptCost();
  if (dummyHash?.N !== N) dummyHash = { N, hash: hashPassword(randomBytes(16).toString('base64'), N) };
  await verifyPassword(password, await dummyHash.hash);
}

/** PRODUCT §3: at least 8 characters with both letters and digits. */
export function isStrongPassword(password: string): boolean {
  return password.length >= 8 && password.length <= 64 && /[A-Za-z]/.test(password) && /\d/.test(password);
}

/** The demo world's password, published in the README (seed/demo-world.ts `DEMO_PASSWORD`): never a real one. */
export const PUBLISHED_DEMO_PASSWORD = 'Demo@2026';

/**
 * Common breached passwords (issue 33): the 49,233 most common passwords of public breaches that
 * zxcvbn ships (`@zxcvbn-ts/language-common`, MIT), lower-cased, read once on first use.
 */
let breached: Set<string> | undefined;
const breachedPasswords = () => (breached ??= new Set(dictionary['passwords-common'].map((p) => p.trim().toLowerCase())));

/** Why a new password is refused although it meets the rules: the published demo password, or a common breached one. */
export function knownPasswordProblem(password: string): 'DEMO' | 'BREACHED' | null {
  const value = password.trim().toLowerCase();
  if (value === PUBLISHED_DEMO_PASSWORD.toLowerCase()) return 'DEMO';
  return breachedPasswords().has(value) ? 'BREACHED' : null;
}

/** The Chinese refusal of a known password. */
export const KNOWN_PASSWORD_MESSAGES = {
  DEMO: '不能使用演示环境公开的密码，请设置一个只有您知道的密码',
  BREACHED: '该密码过于常见，已出现在公开泄露的密码库中，容易被猜中，请换一个密码',
} as const;
