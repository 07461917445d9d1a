/**
 * Latency of the cloud-loan repayment trial (`GET /api/cloudloan/trial`) for a 36-month schedule
 * (the product's longest term, PRODUCT §7): the exact BigInt instalment, 36 rows, the response schema's validation and serialisation.
 * Sequential requests after a warm-up; p50 / p95 / max in milliseconds.
 *
 * Part of `npm run bench` (bench/run.ts, `--only=cloudloan`), or on its own against a throw-away
 * embedded database: `node --import tsx bench/cloudloan-trial.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, round, startServer } from './support.ts';

const WARM_UP = 30;
const SAMPLES = 300;

export interface TrialLatency {
  method: string;
  rows: number;
  p50: number;
  p95: number;
  max: number;
}

async function measure(origin: string, method: string): Promise<TrialLatency> {
  const url = `${origin}/api/cloudloan/trial?${new URLSearchParams({ amount: '100000000', annualRatePpm: '49000', termMonths: '36', method, startDate: '2024-01-31' })}`;
  let rows = 0;
  const once = async () => {
    const started = performance.now();
    const res = await fetch(url);
    const body = (await res.json()) as { status: string; message: { rows: unknown[] } };
    const ms = performance.now() - started;
    if (body.status !== 'OK') throw new Error(`trial failed: ${JSON.stringify(body)}`);
    rows = body.message.rows.length;
    return ms;
  };
  for (let i = 0; i < WARM_UP; i += 1) await once();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) times.push(await once());
  times.sort((a, b) => a - b);
  const at = (q: number) => round(times[Math.min(times.length - 1, Math.floor(q * times.length))], 2);
  return { method, rows, p50: at(0.5), p95: at(0.95), max: round(times.at(-1)!, 2) };
}

/** The bench rows of the trial, for bench/run.ts's table. */
export async function benchCloudLoanTrial(origin: string) {
  const results = [await measure(origin, 'EQUAL_INSTALMENT'), await measure(origin, 'EQUAL_PRINCIPAL')];
  return results.map((r) => ({
    benchmark: `cloud-loan trial, 36 months, ${r.method} (${r.rows} rows)`,
    value: `p50 ${r.p50} / p95 ${r.p95} / max ${r.max} ms`,
    budget: '—',
    verdict: '—',
  }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const work = mkdtempSync(path.join(os.tmpdir(), 'fp-trial-bench-'));
  const port = await freePort();
  const server = await startServer({
    script: 'apps/server/src/main.ts',
    port,
    logFile: path.join(work, 'portal.log'),
    env: {
      DATA_DIR: path.join(work, 'data'),
      NODE_ENV: 'production',
      SIGNING_KEY_SECRET: 'bench-signing-secret-not-for-use',
      LOG_LEVEL: 'warn',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      WEB_DIST: path.join(work, 'no-dist'),
    },
  });
  try {
    console.table(await benchCloudLoanTrial(server.origin));
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
