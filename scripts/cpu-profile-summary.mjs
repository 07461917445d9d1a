// Where the API tests' CPU goes (issue 34): reads the .cpuprofile files a `VITEST_CPU_PROFILE=FOLDER npx vitest run …`
// wrote (apps/server/src/test/cpu-profile.ts) and prints the self time by package or source area, the costliest
// functions, and the files that waited most (idle: the worker waiting on PostgreSQL, the thread pool or a timer).
//   node scripts/cpu-profile-summary.mjs FOLDER [rows]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Where a frame's code lives: a package, a Node built-in, a source area (`src:modules/ledger`), or V8's own rows. */
export function areaOf({ functionName, url }) {
  if (functionName.startsWith('(')) return functionName; // (idle), (garbage collector), (program)
  if (url.includes('node_modules/')) return url.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1');
  if (url.startsWith('node:')) return url;
  if (url.includes('/src/'))
    return `src:${url
      .replace(/.*\/src\//, '')
      .split('/')
      .slice(0, 2)
      .join('/')}`;
  return url || '(native)';
}

/** Self time (µs) of each node of one profile. */
export function selfTimes(profile) {
  const self = new Map();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  return self;
}

function main() {
  const [folder, rowsArg] = process.argv.slice(2);
  if (!folder) throw new Error('usage: node scripts/cpu-profile-summary.mjs FOLDER [rows]');
  const rows = Number(rowsArg ?? 25);
  const byArea = new Map();
  const byFunction = new Map();
  const files = [];
  const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
  for (const name of readdirSync(folder).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(path.join(folder, name), 'utf8'));
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    let idle = 0;
    let total = 0;
    for (const [id, us] of selfTimes(profile)) {
      const frame = nodes.get(id).callFrame;
      total += us;
      if (frame.functionName === '(idle)') idle += us;
      add(byArea, areaOf(frame), us);
      const where = frame.url.replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/');
      add(byFunction, `${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber + 1}`, us);
    }
    files.push({ name: name.replace(/\.cpuprofile$/, '').replaceAll('__', '/'), total, idle });
  }
  const seconds = (us) => `${(us / 1e6).toFixed(1).padStart(7)} s`;
  const top = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, rows);
  const total = files.reduce((t, f) => t + f.total, 0);
  const idle = files.reduce((t, f) => t + f.idle, 0);
  console.log(`${files.length} profiles, ${seconds(total).trim()} sampled, ${seconds(idle).trim()} idle`);
  console.log('\nself time by area:');
  for (const [area, us] of top(byArea)) console.log(`${seconds(us)}  ${area}`);
  console.log('\nself time by function:');
  for (const [fn, us] of top(byFunction)) console.log(`${seconds(us)}  ${fn}`);
  console.log('\nfiles by time waiting (sampled, idle):');
  for (const f of files.sort((a, b) => b.idle - a.idle).slice(0, rows)) console.log(`${seconds(f.total)} ${seconds(f.idle)}  ${f.name}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
