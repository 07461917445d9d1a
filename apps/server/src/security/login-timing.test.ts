/**
 * Issue 21 item 7: the time of a refused login must not tell a real account (wrong password) from an
 * unknown name or a locked account. The attacker measured 91 / 70 / 60 ms over a database some
 * milliseconds away, where each extra round trip shows. Here the database is put 10 ms away (every
 * query waits before it runs) and the fast end (the 20th percentile) of interleaved refused logins is
 * compared; the round trips of each refused login are counted too. (A path without its scrypt would show:
 * one derivation costs more than the two round trips together.) The fast end, not the median: a login
 * cannot take less than its work, while a machine busy with other tests only ever adds time, in bursts a
 * median catches when they fall on one case (seen: medians apart by 2x beside the journeys).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { WRONG_CREDENTIALS } from '../modules/auth/index.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

const LATENCY_MS = 10;
let t: TestApp;
let roundTrips = 0;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '100000' });
  // The driver underneath drizzle (PGlite or the pg pool): one call is one round trip to the database.
  const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const query = client.query.bind(client);
  client.query = async (...args) => {
    roundTrips++;
    await new Promise((resolve) => setTimeout(resolve, LATENCY_MS));
    return query(...args);
  };
});
afterAll(() => t.close());

async function scratchUser(loginName: string, lockedUntil: Date | null = null) {
  const [row] = await t.database.db
    .insert(users)
    .values({ loginName, displayName: loginName, passwordHash: await hashPassword('Right1234'), authority: 'merchant', lockedUntil })
    .returning({ id: users.id });
  return row.id;
}

/** The value under which a fifth of the samples fall: the work itself, with little of the machine's load. */
const fastEnd = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 5)];

describe('refused logins do the same work and take the same time', () => {
  it('a wrong password, an unknown name and a locked account: same round trips, times within 50 %', async () => {
    const realId = await scratchUser('timing_real');
    await scratchUser('timing_locked', new Date(Date.now() + 24 * 3600_000));
    const cases = {
      real: () => 'timing_real',
      unknown: (i: number) => `timing_nobody_${i}`,
      locked: () => 'timing_locked',
    };
    type Case = keyof typeof cases;
    const times: Record<Case, number[]> = { real: [], unknown: [], locked: [] };
    const work: Record<Case, Set<number>> = { real: new Set(), unknown: new Set(), locked: new Set() };
    const ROUNDS = 30;
    const WARM_UP = 3;
    for (let i = 0; i < ROUNDS + WARM_UP; i++) {
      // The real account is never locked: each of its attempts is a real password check and count.
      await t.database.db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, realId));
      // Each round in a different order, so a slow moment of the machine does not fall on one case.
      const order = (Object.keys(cases) as Case[]).sort(() => Math.random() - 0.5);
      for (const which of order) {
        const client = t.client();
        const tripsBefore = roundTrips;
        const started = performance.now();
        const res = await client.login(cases[which](i), `Wrong${i}pass`);
        const took = performance.now() - started;
        expect(res.json(), which).toEqual({ status: 'ERROR', message: WRONG_CREDENTIALS });
        if (i >= WARM_UP) work[which].add(roundTrips - tripsBefore);
        if (i >= WARM_UP) times[which].push(took);
      }
    }
    const fastEnds = Object.fromEntries(Object.entries(times).map(([k, xs]) => [k, fastEnd(xs)])) as Record<Case, number>;
    const report = Object.entries(fastEnds)
      .map(([k, ms]) => `${k} ${ms.toFixed(1)} ms`)
      .join(', ');
    console.log(`refused login 20th percentiles (${ROUNDS} each, database ${LATENCY_MS} ms away): ${report}`);
    const perCase = Object.fromEntries(Object.entries(work).map(([k, v]) => [k, [...v]]));
    expect(perCase.unknown, JSON.stringify(perCase)).toEqual(perCase.real);
    expect(perCase.locked, JSON.stringify(perCase)).toEqual(perCase.real);
    expect(perCase.real).toHaveLength(1);
    const slowest = Math.max(...Object.values(fastEnds));
    const fastest = Math.min(...Object.values(fastEnds));
    // A path without its scrypt takes well under half the time (20 ms of round trips against ~50 ms):
    // 1.5 catches it, and leaves room for a machine busy with the journeys beside this test (seen: 1.15 failed there).
    expect(slowest / fastest, report).toBeLessThan(1.5);
  }, 120_000);
});
