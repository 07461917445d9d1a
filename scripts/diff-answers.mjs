// What differs between two answer captures (scripts/capture-answers.ts), ignoring values that change every call.
import { readFileSync } from 'node:fs';
const [a, b] = process.argv.slice(2).map((f) => JSON.parse(readFileSync(f, 'utf8')));
const volatile = /^(createdAt|updatedAt|lastSeenAt|at|now|serverTime|elapsed|ms|expiresAt)$/;
function diff(x, y, path, out) {
  if (typeof x !== typeof y || Array.isArray(x) !== Array.isArray(y) || x === null || y === null || typeof x !== 'object') {
    if (JSON.stringify(x) !== JSON.stringify(y))
      out.push(`${path}: ${JSON.stringify(x)?.slice(0, 120)} → ${JSON.stringify(y)?.slice(0, 120)}`);
    return;
  }
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  for (const k of keys) if (!volatile.test(k)) diff(x[k], y[k], `${path}.${k}`, out);
}
let same = 0;
const changed = [];
for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
  const out = [];
  diff(a[k], b[k], '', out);
  if (out.length) changed.push([k, out]);
  else same++;
}
console.log(`same ${same}, different ${changed.length}`);
for (const [k, out] of changed) {
  console.log('##', k);
  for (const o of out.slice(0, 8)) console.log('   ', o);
  if (out.length > 8) console.log('    …', out.length - 8, 'more');
}
