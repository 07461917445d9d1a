/** What the benchmarks share: a throw-away PostgreSQL database, server processes, an HTTP login. */
import { spawn, type ChildProcess } from 'node:child_process';
import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import net from 'node:net';
import pg from 'pg';
import { BENCH_PASSWORD } from './prepare.ts';

/** The portal's key secret in every bench (its login keys are encrypted with it; an in-process app needs the same). */
export const BENCH_SIGNING_KEY_SECRET = 'bench-signing-secret-not-for-use';

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** A free TCP port on localhost. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Creates a database for this run next to the admin URL's; `drop()` removes it. */
export async function createBenchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `fp_bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts a Node script as a server and waits until `readyPath` answers 200. Output goes to `logFile`. */
export async function startServer(opts: {
  script: string;
  env: Record<string, string>;
  port: number;
  logFile: string;
  readyPath?: string;
  nodeArgs?: string[];
}): Promise<ServerProcess> {
  // The child writes its log straight to the file: the bench process stays out of its I/O path.
  const log = openSync(opts.logFile, 'w');
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', opts.script], {
    env: { ...process.env, ...opts.env, PORT: String(opts.port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const origin = `http://127.0.0.1:${opts.port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode != null) throw new Error(`${opts.script} exited with ${child.exitCode}; see ${opts.logFile}`);
    try {
      const res = await fetch(origin + (opts.readyPath ?? '/readyz'));
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${opts.script} did not become ready; see ${opts.logFile}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    origin,
    child,
    async stop() {
      if (child.exitCode == null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Logs in over HTTP as the browser does (RSA-OAEP password) and returns the session cookie value. */
export async function loginOverHttp(origin: string, loginName: string, password = BENCH_PASSWORD): Promise<string> {
  const current = (await (await fetch(`${origin}/api/user/current`)).json()) as { message: { modulus: string; exponent: string } };
  const { modulus, exponent } = current.message;
  const key = createPublicKey({
    key: { kty: 'RSA', n: Buffer.from(modulus, 'hex').toString('base64url'), e: Buffer.from(exponent, 'hex').toString('base64url') },
    format: 'jwk',
  });
  const encrypted = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString(
    'base64',
  );
  const res = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest', origin },
    body: new URLSearchParams({ username: loginName, password: encrypted, loginType: 'PASSWORD', maskLoginVisible: 'false' }).toString(),
  });
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('factoring_sid='));
  if (!setCookie) throw new Error(`bench login of ${loginName} failed: ${await res.text()}`);
  return setCookie.split(';')[0].slice('factoring_sid='.length);
}
