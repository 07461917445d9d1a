#!/usr/bin/env node
// PostgreSQL restart drill (issue 33, "a node outlives its database"): a private PostgreSQL cluster,
// the portal server on it under a load of transfers, and PostgreSQL stopped hard
// (`pg_ctl stop -m immediate`) and started again, ROUNDS times. Records after each round whether the
// server process is still alive, how long until /readyz answers 200 again, and what the transfers
// answered; at the end every transfer is retried with its idempotency key until OK and the balances
// must equal the sum of the OK answers (money moved exactly once).
//
//   sudo node scripts/pg-restart-drill.mjs            # as root: the cluster runs as the postgres user
//   ROUNDS=5 DOWN_MS=3000 PGPORT=5499 PGDATA=/tmp/pgr PGBIN=/usr/lib/postgresql/15/bin node scripts/pg-restart-drill.mjs
//
// The cluster is made with initdb when PGDATA does not exist, stopped at the end and removed unless
// KEEP=1. The server runs in development mode on PostgreSQL with the demo world seeded (its users do
// the transfers; production mode refuses the demo users' logins) — the database pool is the same code.
import { spawn, spawnSync } from 'node:child_process';
import { constants, createPublicKey, publicEncrypt, randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const PGBIN = process.env.PGBIN ?? '/usr/lib/postgresql/15/bin';
const PGDATA = process.env.PGDATA ?? '/tmp/pgr';
const PGPORT = Number(process.env.PGPORT ?? 5499);
const ROUNDS = Number(process.env.ROUNDS ?? 20);
const DOWN_MS = Number(process.env.DOWN_MS ?? 2000);
const LOAD_MS = Number(process.env.LOAD_MS ?? 1500);
const WORKERS = Number(process.env.WORKERS ?? 4);
const PORT = Number(process.env.DRILL_PORT ?? 38_000 + Math.floor(Math.random() * 1000));
const BASE = `http://127.0.0.1:${PORT}`;
const DEMO_PASSWORD = 'Demo@2026';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const asPostgres = (cmd, args) => {
  const r = spawnSync('runuser', ['-u', 'postgres', '--', path.join(PGBIN, cmd), ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr || r.stdout}`);
  return r.stdout;
};
const pgCtl = (...args) => asPostgres('pg_ctl', ['-D', PGDATA, ...args]);
const startPostgres = () => pgCtl('-o', `-p ${PGPORT} -k /tmp`, '-l', `${PGDATA}.log`, '-w', 'start');

// --- the cluster ---
if (!existsSync(PGDATA)) asPostgres('initdb', ['-D', PGDATA, '-A', 'trust', '-U', 'postgres']);
startPostgres();
console.log(`PostgreSQL 15 in ${PGDATA} on port ${PGPORT}`);

// --- the server ---
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'development',
    SEED_DEMO: 'true',
    DATABASE_URL: `postgres://postgres@127.0.0.1:${PGPORT}/postgres`,
    PORT: String(PORT),
    JOBS: 'off',
    LOG_LEVEL: 'error',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let serverExit = null;
let serverOutput = '';
server.on('exit', (code, signal) => (serverExit = { code, signal }));
server.stdout.on('data', (c) => (serverOutput += c));
server.stderr.on('data', (c) => (serverOutput += c));
const alive = () => serverExit === null;

async function cleanup() {
  if (alive()) {
    server.kill('SIGTERM');
    await Promise.race([new Promise((r) => server.once('exit', r)), sleep(10_000)]);
  }
  try {
    pgCtl('-m', 'fast', 'stop');
  } catch {
    // already stopped
  }
  if (process.env.KEEP !== '1') {
    rmSync(PGDATA, { recursive: true, force: true });
    rmSync(`${PGDATA}.log`, { force: true });
  }
}

try {
  for (let i = 0; !serverOutput.includes('Factoring Portal:'); i++) {
    if (!alive()) throw new Error(`the server exited while starting: ${serverOutput.slice(-2000)}`);
    if (i > 600) throw new Error('the server did not start in 5 minutes');
    await sleep(500);
  }
  console.log(`server pid ${server.pid} on ${BASE}`);

  // --- clients ---
  const current = await (await fetch(`${BASE}/api/user/current`)).json();
  const key = createPublicKey({
    key: {
      kty: 'RSA',
      n: Buffer.from(current.message.modulus, 'hex').toString('base64url'),
      e: Buffer.from(current.message.exponent, 'hex').toString('base64url'),
    },
    format: 'jwk',
  });
  const encrypt = (p) =>
    publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(p)).toString('base64');
  const headers = (cookie) => ({
    'content-type': 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    origin: BASE,
    ...(cookie ? { cookie } : {}),
  });
  async function login(username) {
    const res = await fetch(`${BASE}/api/login`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ username, password: encrypt(DEMO_PASSWORD), loginType: 'PASSWORD', maskLoginVisible: 'false' }),
    });
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('factoring_sid='));
    const body = await res.json();
    if (body.status !== 'OK' || !sid) throw new Error(`login ${username}: ${JSON.stringify(body)}`);
    return sid.split(';')[0];
  }
  const users = { demo: await login('demo'), gouxiao: await login('gouxiao') };
  const balance = async (who) =>
    (await (await fetch(`${BASE}/api/account/v2/queryAccountBalance`, { headers: headers(users[who]) })).json()).message;
  const start = { demo: await balance('demo'), gouxiao: await balance('gouxiao') };

  const AMOUNT = 100;
  const transfers = [];
  async function send(tr) {
    const to = start[tr.from === 'demo' ? 'gouxiao' : 'demo'];
    try {
      const res = await fetch(`${BASE}/api/funds/transfer`, {
        method: 'POST',
        headers: headers(users[tr.from]),
        body: JSON.stringify({
          payeeAccountNo: to.accountNo,
          payeeName: to.accountName,
          amount: AMOUNT,
          password: encrypt(DEMO_PASSWORD),
          idempotencyKey: tr.key,
        }),
      });
      const body = await res.json();
      tr.answers.push({ http: res.status, status: body.status, message: body.message });
    } catch (err) {
      tr.answers.push({ http: 0, status: 'NO_ANSWER', message: String(err) });
    }
  }
  const ok = (tr) => tr.answers.some((a) => a.status === 'OK');

  // Load: WORKERS loops, each sending a transfer and retrying it with the same key until OK.
  let loading = true;
  const workers = Array.from({ length: WORKERS }, async (_, w) => {
    while (loading && alive()) {
      const tr = { key: `drill-${randomUUID()}`, from: w % 2 ? 'demo' : 'gouxiao', answers: [] };
      transfers.push(tr);
      while (!ok(tr) && alive()) {
        await send(tr);
        if (!ok(tr)) await sleep(250);
      }
    }
  });

  const rounds = [];
  for (let round = 1; round <= ROUNDS && alive(); round++) {
    await sleep(LOAD_MS);
    const before = transfers.length;
    pgCtl('-m', 'immediate', 'stop');
    await sleep(DOWN_MS);
    const survivedStop = alive();
    startPostgres();
    const restarted = Date.now();
    let ready = false;
    while (alive() && Date.now() - restarted < 30_000) {
      const r = await fetch(`${BASE}/readyz`).catch(() => null);
      if (r?.status === 200) {
        ready = true;
        break;
      }
      await sleep(100);
    }
    const r = { round, survivedStop, alive: alive(), readyAfterMs: ready ? Date.now() - restarted : null, transfersSoFar: before };
    rounds.push(r);
    console.log(JSON.stringify(r));
  }
  loading = false;
  await Promise.race([Promise.all(workers), sleep(60_000)]);

  const answers = transfers.flatMap((t) => t.answers);
  const byKind = {};
  for (const a of answers) {
    const k = a.status === 'OK' ? 'OK' : `${a.http} ${typeof a.message === 'string' ? a.message.slice(0, 40) : a.status}`;
    byKind[k] = (byKind[k] ?? 0) + 1;
  }
  let money = 'not checked (server gone)';
  if (alive()) {
    const total = (from) =>
      transfers.filter((t) => t.from === from && ok(t)).reduce((s, t) => s + t.answers.find((a) => a.status === 'OK').message.total, 0);
    const received = (from) => transfers.filter((t) => t.from === from && ok(t)).length * AMOUNT;
    const end = { demo: await balance('demo'), gouxiao: await balance('gouxiao') };
    const expected = {
      demo: start.demo.available - total('demo') + received('gouxiao'),
      gouxiao: start.gouxiao.available - total('gouxiao') + received('demo'),
    };
    const refs = transfers.filter(ok).map((t) => new Set(t.answers.filter((a) => a.status === 'OK').map((a) => a.message.refNo)).size);
    money =
      end.demo.available === expected.demo && end.gouxiao.available === expected.gouxiao && refs.every((n) => n === 1)
        ? 'every OK transfer moved money exactly once (balances equal the sum of OK answers)'
        : `MISMATCH: expected ${JSON.stringify(expected)}, got demo ${end.demo.available}, gouxiao ${end.gouxiao.available}`;
  }
  const summary = {
    rounds: rounds.length,
    survived: rounds.filter((r) => r.alive).length,
    serverExit,
    readyAfterMs: {
      max: Math.max(...rounds.map((r) => r.readyAfterMs ?? Infinity)),
      median: rounds.map((r) => r.readyAfterMs ?? Infinity).sort((a, b) => a - b)[Math.floor(rounds.length / 2)],
    },
    transfers: transfers.length,
    unfinished: transfers.filter((t) => !ok(t)).length,
    answers: byKind,
    money,
  };
  console.log(JSON.stringify(summary, null, 2));
  process.exitCode = summary.survived === ROUNDS && summary.unfinished === 0 && money.startsWith('every') ? 0 : 1;
  if (!alive()) console.error(`the server exited: ${serverOutput.slice(-3000)}`);
} finally {
  await cleanup();
  // Pending timers of the load (a worker's last wait) must not keep the drill open.
  process.exit();
}
