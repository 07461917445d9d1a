import path from 'node:path';
import { FIRST_LOAD_BUDGET_KB, firstLoadKb, PUBLIC_PAGES } from './first-load.ts';
import { benchFundFlowList } from './fund-flow-list.ts';

/** `npm run bench`: every budget of ARCHITECTURE.md that is measured, printed as one table. */
const rows: { benchmark: string; value: string; budget: string; verdict: string }[] = [];
const verdict = (ok: boolean) => (ok ? 'within' : 'OVER');

const dist = path.resolve('apps/web/dist');
for (const [page, sources] of Object.entries(PUBLIC_PAGES)) {
  const { kb, files } = firstLoadKb(dist, sources);
  rows.push({ benchmark: `first-load JS (gzip) ${page}`, value: `${kb.toFixed(1)} KB in ${files} files`, budget: `≤ ${FIRST_LOAD_BUDGET_KB} KB`, verdict: verdict(kb <= FIRST_LOAD_BUDGET_KB) });
}

const engine = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const flows = await benchFundFlowList();
const ratio = flows.rows1m.p95 / flows.rows10k.p95;
rows.push({ benchmark: `fund-flow list p50/p95, 10k ledger lines (${engine})`, value: `${flows.rows10k.p50} / ${flows.rows10k.p95} ms`, budget: '—', verdict: '—' });
rows.push({ benchmark: `fund-flow list p50/p95, 1M ledger lines (${engine})`, value: `${flows.rows1m.p50} / ${flows.rows1m.p95} ms`, budget: 'p95 ≤ 2× the 10k p95', verdict: verdict(ratio <= 2) });

console.table(rows);
if (rows.some((r) => r.verdict === 'OVER')) process.exitCode = 1;
