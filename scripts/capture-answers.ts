// Every GET answer of the contract (no path parameter; an {id} tried with 1..6), for every user of a database whose
// users share the bench password (bench/prepare.ts): `node --import tsx scripts/capture-answers.ts ORIGIN DATABASE_URL OUT.json`.
// Run on a copy before a migration (old code) and on a copy after it (new code), then `node scripts/diff-answers.mjs`.
import * as contract from '@factoring/domain/contract';
import { isEndpoint, type Endpoint } from '@factoring/domain/contract';
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { loginOverHttp } from '../bench/support.ts';
const [origin, dbUrl, out] = process.argv.slice(2);
const endpoints: Endpoint[] = Object.values(contract).flatMap((value) =>
  isEndpoint(value) ? [value] : value && typeof value === 'object' ? Object.values(value).filter(isEndpoint) : [],
);
const c = new pg.Client({ connectionString: dbUrl });
await c.connect();
const users = (await c.query(`select login_name from users where status is distinct from 'DISABLED' order by id`)).rows.map(
  (r) => r.login_name as string,
);
await c.end();
const result: Record<string, unknown> = {};
for (const user of users) {
  let cookie: string;
  try {
    cookie = await loginOverHttp(origin!, user);
  } catch (e) {
    result[`${user} LOGIN`] = String(e).slice(0, 100);
    continue;
  }
  for (const e of endpoints) {
    if (e.method.toUpperCase() !== 'GET') continue;
    const params = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    if (params.length > 1) continue;
    if ('binary' in (e.answer as object)) continue;
    const ids = params.length ? [1, 2, 3, 4, 5, 6] : [0];
    for (const id of ids) {
      const path = e.path.replace(/\{\w+\}/, String(id));
      const url = `${origin}${path}${path.includes('?') ? '&' : '?'}page=1&size=50`;
      const res = await fetch(url, { headers: { cookie: `factoring_sid=${cookie}` } });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON (a file, a page): compared as text.
      }
      result[`${user} GET ${path}`] = { status: res.status, body };
    }
  }
}
writeFileSync(out!, JSON.stringify(result, null, 1));
console.log('captured', Object.keys(result).length);
