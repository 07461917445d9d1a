import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { regChallenges } from '../../db/schema/index.ts';
import { FieldError } from './rules.ts';
import * as clock from '../../lib/clock.ts';

/**
 * The anti-bot measure of registration, without any outside service: a proof of work. The server
 * issues a random nonce; the browser finds a counter so that sha256(nonce + counter) begins with
 * DIFFICULTY zero bits (about 65,000 hashes: a second in a browser, a real cost for a bot that
 * registers in bulk). Each nonce is accepted once, within its lifetime.
 */
export const POW_DIFFICULTY = 16;
/** The least a test process may ask for (4,096 hashes): the work is still done and checked. */
const LEAST_TEST_DIFFICULTY = 12;

/**
 * The difficulty of new challenges: POW_DIFFICULTY, except in a test process (NODE_ENV=test), where
 * REGISTRATION_POW_BITS (12–16) may lower it — many API tests register a newcomer and solve its challenge in
 * JavaScript (four such files on one worker: 58 → 45 s at 12 bits, issue 34). Production and every other mode
 * always ask 16 bits, whatever that variable says; a challenge keeps the difficulty it was issued with.
 */
export function powDifficulty(env: NodeJS.ProcessEnv = process.env): number {
  const lowered = env.NODE_ENV === 'test' ? Number(env.REGISTRATION_POW_BITS) : NaN;
  return Number.isInteger(lowered) && lowered >= LEAST_TEST_DIFFICULTY && lowered <= POW_DIFFICULTY ? lowered : POW_DIFFICULTY;
}
export const CHALLENGE_MINUTES = 10;

const NONCE_FORMAT = /^[0-9a-f]{32}$/;
const FAILED = '安全校验未通过或已过期，请重新校验';

export function leadingZeroBits(digest: Buffer): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    bits += Math.clz32(byte) - 24;
    break;
  }
  return bits;
}

export const powDigest = (nonce: string, counter: string) =>
  createHash('sha256')
    .update(nonce + counter)
    .digest();

export async function issueChallenge(db: Db, now = clock.now()) {
  const nonce = randomBytes(16).toString('hex');
  const expiresAt = new Date(now.getTime() + CHALLENGE_MINUTES * 60_000);
  // Challenges that ended a day ago are of no use to anyone.
  await db.delete(regChallenges).where(lt(regChallenges.expiresAt, new Date(now.getTime() - 86_400_000)));
  const difficulty = powDifficulty();
  await db.insert(regChallenges).values({ nonce, difficulty, createdAt: now, expiresAt });
  return { nonce, difficulty, expiresAt: expiresAt.toISOString() };
}

/** Checks the work and consumes the challenge (one use), or answers the `challenge` field's error. */
export async function consumeChallenge(db: Db, nonce: string, counter: string, now = clock.now()) {
  if (!NONCE_FORMAT.test(nonce) || !/^\d{1,16}$/.test(counter)) throw new FieldError('challenge', FAILED);
  const [row] = await db.select().from(regChallenges).where(eq(regChallenges.nonce, nonce)).limit(1);
  if (!row || leadingZeroBits(powDigest(nonce, counter)) < row.difficulty) throw new FieldError('challenge', FAILED);
  const used = await db
    .update(regChallenges)
    .set({ usedAt: now })
    .where(and(eq(regChallenges.nonce, nonce), isNull(regChallenges.usedAt), gt(regChallenges.expiresAt, now)))
    .returning({ nonce: regChallenges.nonce });
  if (!used.length) throw new FieldError('challenge', FAILED);
}
