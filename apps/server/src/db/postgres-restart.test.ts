import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../test/harness.ts';
import { ledgerProblems, newKey } from '../modules/ledger/testing.ts';
import { depositThroughReview } from '../modules/funds/testing.ts';

/**
 * A node outlives its database (issue 33): PostgreSQL stopped hard in the middle of transfers used to
 * kill the process ("Connection terminated unexpectedly … Emitted 'error' event on Client instance")
 * when a client was checked out at that moment. The machine's PostgreSQL is shared, so the test puts
 * a TCP proxy between the app and it: "stop" resets every proxied connection and refuses new ones,
 * "start" accepts again. Twenty rounds of concurrent transfers across a stop and a start: the process
 * never sees an unhandled error, every failed call answers 503 in Chinese, the node answers again
 * after each start, and a retry with the same idempotency key moves the money once.
 */
class KillableProxy {
  private server: Server;
  private sockets = new Set<Socket>();
  stopped = false;
  port = 0;

  constructor(
    private upstreamHost: string,
    private upstreamPort: number,
  ) {
    this.server = createServer((client) => {
      if (this.stopped) return void client.resetAndDestroy();
      const upstream = connect(this.upstreamPort, this.upstreamHost);
      for (const [a, b] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.sockets.add(a);
        a.on('error', () => b.destroy());
        a.on('close', () => {
          this.sockets.delete(a);
          b.destroy();
        });
        a.pipe(b);
      }
    });
  }

  listen(): Promise<void> {
    return new Promise((resolve) =>
      this.server.listen(0, '127.0.0.1', () => {
        this.port = (this.server.address() as { port: number }).port;
        resolve();
      }),
    );
  }

  /** PostgreSQL "stopped hard": every open connection reset at once, new ones refused. */
  stop() {
    this.stopped = true;
    for (const s of this.sockets) s.resetAndDestroy();
    this.sockets.clear();
  }

  start() {
    this.stopped = false;
  }

  close(): Promise<void> {
    this.stop();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const onPostgres = process.env.TEST_DB === 'postgres';
const ROUNDS = 20;
const PER_ROUND = 4;
const AMOUNT = 1_000;

type Answer = { statusCode: number; body: { status: string; message: unknown } };
type Transfer = { key: string; from: 'demo' | 'gouxiao'; answers: Answer[] };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!onPostgres)(
  'a node outlives its database (PostgreSQL only: PGlite is in the process, there is no connection to lose)',
  () => {
    let t: TestApp;
    let proxy: KillableProxy;
    let demo: TestClient;
    let gouxiao: TestClient;
    const unhandled: unknown[] = [];
    const trap = (err: unknown) => unhandled.push(err);

    beforeAll(async () => {
      process.on('uncaughtException', trap);
      process.on('unhandledRejection', trap);
      const admin = new URL(process.env.TEST_DATABASE_URL!);
      proxy = new KillableProxy(admin.hostname, Number(admin.port || 5432));
      await proxy.listen();
      t = await createTestApp(
        {},
        {
          routeDatabaseUrl: (url) => {
            const u = new URL(url);
            u.hostname = '127.0.0.1';
            u.port = String(proxy.port);
            return u.toString();
          },
        },
      );
      demo = await t.loginAs('demo');
      gouxiao = await t.loginAs('gouxiao');
      const g = (await gouxiao.get('/api/account/v2/queryAccountBalance')).json().message as { accountNo: string };
      await depositThroughReview(await t.loginAs('operator'), await t.loginAs('fuhe'), { accountNo: g.accountNo, amount: 1_000_000 });
    }, 120_000);

    afterAll(async () => {
      proxy?.start();
      await t?.close();
      await proxy?.close();
      process.off('uncaughtException', trap);
      process.off('unhandledRejection', trap);
    });

    it(`survives ${ROUNDS} hard stops during concurrent transfers and moves every answered transfer exactly once`, async () => {
      type Account = { available: number; accountNo: string; accountName: string };
      const balance = async (c: TestClient) => (await c.get('/api/account/v2/queryAccountBalance')).json().message as Account;
      const d0 = await balance(demo);
      const g0 = await balance(gouxiao);
      const password = t.encrypt(DEMO_PASSWORD);
      const send = async (tr: Transfer): Promise<Answer> => {
        const [from, to] = tr.from === 'demo' ? [demo, g0] : [gouxiao, d0];
        const res = await from.post(
          '/api/funds/transfer',
          { payeeAccountNo: to.accountNo, payeeName: to.accountName, amount: AMOUNT, password, idempotencyKey: tr.key },
          { json: true },
        );
        const a = { statusCode: res.statusCode, body: res.json() as Answer['body'] };
        tr.answers.push(a);
        return a;
      };
      const transfers: Transfer[] = [];
      const started = Date.now();

      for (let round = 0; round < ROUNDS; round++) {
        const batch: Transfer[] = Array.from({ length: PER_ROUND }, (_, i) => ({
          key: newKey(),
          from: i % 2 ? 'demo' : 'gouxiao',
          answers: [],
        }));
        transfers.push(...batch);
        // One transaction certainly open (checked-out client, between two statements) when the database goes.
        let release!: () => void;
        let opened!: () => void;
        const isOpen = new Promise<void>((r) => (opened = r));
        const gate = new Promise<void>((r) => (release = r));
        const held = t.database.db
          .transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            opened();
            await gate;
            await tx.execute(sql`select 2`);
          })
          .then(
            () => 'committed',
            () => 'failed',
          );
        await isOpen;
        const inFlight = batch.map(send);
        // Early (before or while the transfers reach the database), or once the first has answered
        // (the others in their transactions): whatever the machine's speed, both kinds of round occur.
        await (round % 2 ? Promise.race([Promise.any(inFlight), sleep(3_000)]) : sleep(5 + ((round * 37) % 150)));
        proxy.stop();
        release();
        // Readiness says so honestly while the database is away.
        expect((await t.client().get('/readyz')).statusCode, `round ${round}: /readyz with the database stopped`).toBe(503);
        // Down for a quarter of a second: every connection is reset at once and new ones are refused meanwhile; longer only
        // leaves a test worker idle (twenty rounds of a second were 20 s of a core unused in CI, issue 34).
        await sleep(250);
        proxy.start();
        await Promise.all(inFlight);
        expect(await held).toBe('failed');

        // The node answers again as soon as the database is back (the pool replaces broken clients).
        let ready = 0;
        for (let i = 0; i < 50 && ready !== 200; i++) {
          ready = (await t.client().get('/readyz')).statusCode;
          if (ready !== 200) await sleep(100);
        }
        expect(ready, `round ${round}: /readyz after the restart`).toBe(200);

        // The client retries what failed with the same key until it is answered.
        await Promise.all(
          batch.map(async (tr) => {
            for (let attempt = 0; attempt < 5 && tr.answers.at(-1)!.body.status !== 'OK'; attempt++) {
              if (attempt) await sleep(200);
              await send(tr);
            }
          }),
        );
      }
      const elapsed = Date.now() - started;

      expect(unhandled.map(String)).toEqual([]);
      const failures = transfers.flatMap((tr) => tr.answers.filter((a) => a.body.status !== 'OK'));
      for (const f of failures) expect(f).toEqual({ statusCode: 503, body: { status: 'ERROR', message: '数据库暂时不可用，请稍后重试' } });
      for (const tr of transfers) expect(tr.answers.at(-1)!.body.status, `transfer ${tr.key}: ${JSON.stringify(tr.answers)}`).toBe('OK');
      // Every OK answer of one key is the same posting.
      for (const tr of transfers) {
        const refs = new Set(tr.answers.filter((a) => a.body.status === 'OK').map((a) => (a.body.message as { refNo: string }).refNo));
        expect(refs.size).toBe(1);
      }
      const total = (from: Transfer['from']) =>
        transfers
          .filter((tr) => tr.from === from)
          .reduce((s, tr) => s + (tr.answers.find((a) => a.body.status === 'OK')!.body.message as { total: number }).total, 0);
      const received = (from: Transfer['from']) => transfers.filter((tr) => tr.from === from).length * AMOUNT;
      expect((await balance(demo)).available).toBe(d0.available - total('demo') + received('gouxiao'));
      expect((await balance(gouxiao)).available).toBe(g0.available - total('gouxiao') + received('demo'));
      expect(await ledgerProblems(t.database.db)).toEqual([]);
      const firstTry = transfers.filter((tr) => tr.answers[0].body.status === 'OK').length;
      console.info(
        `[postgres-restart] ${ROUNDS} hard stops in ${elapsed} ms: ${transfers.length} transfers, ${firstTry} OK at once, ${failures.length} answers 503 then retried with the same key, each moved once`,
      );
    }, 180_000);
  },
);
