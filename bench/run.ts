import path from 'node:path';
import { FIRST_LOAD_BUDGET_KB, firstLoadKb, PUBLIC_PAGES } from './first-load.ts';

const dist = path.resolve('apps/web/dist');
const rows: { benchmark: string; value: string; budget: string; verdict: string }[] = [];

for (const [page, sources] of Object.entries(PUBLIC_PAGES)) {
  const { kb, files } = firstLoadKb(dist, sources);
  rows.push({
    benchmark: `first-load JS (gzip) ${page}`,
    value: `${kb.toFixed(1)} KB in ${files} files`,
    budget: `≤ ${FIRST_LOAD_BUDGET_KB} KB`,
    verdict: kb <= FIRST_LOAD_BUDGET_KB ? 'within' : 'OVER',
  });
}

console.table(rows);
if (rows.some((r) => r.verdict === 'OVER')) process.exitCode = 1;
