// Where a command's CPU goes, by kind of process (issue 34): runs the command, samples the CPU time of its
// processes (every descendant) and of PostgreSQL's (which work for it) from /proc twice a second, and prints the
// CPU seconds each kind used — Chromium's renderers, browser and GPU processes, the portal's servers, vitest's
// workers, PostgreSQL, the rest. Linux only. A process that lives under half a second between two samples is
// missed; PostgreSQL's work for anyone else in the meantime is counted.
//   node scripts/cpu-by-process.mjs -- npx vitest run
//   CI=true TEST_PARTS=journeys node scripts/cpu-by-process.mjs -- node scripts/test-all.mjs
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** The kind of a process, by its command line. */
export function kindOf(commandLine) {
  if (commandLine.includes('chromium')) {
    const type = /--type=([\w-]+)/.exec(commandLine)?.[1];
    return type ? `chromium ${type}` : 'chromium browser';
  }
  if (commandLine.includes('apps/server/src/main.ts') || /apps\/server\/dist\/[\w-]+\/main\.mjs/.test(commandLine)) return 'portal server';
  if (/build-template\.m?[jt]s/.test(commandLine)) return 'test template seed';
  if (commandLine.includes('vitest')) return 'vitest';
  if (commandLine.includes('playwright')) return 'playwright';
  if (commandLine.startsWith('postgres')) return 'postgresql';
  if (/\b(tsc|eslint|prettier|vite)\b/.test(commandLine)) return 'checks and build';
  if (commandLine.includes('node')) return 'node, other';
  return 'other';
}

/** user + system CPU seconds of one process, its parent and its start time (to tell a reused pid); undefined when gone. */
function sample(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return { parent: fields[1], cpu: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND, started: fields[19] };
  } catch {
    return undefined;
  }
}

function commandLineOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return undefined;
  }
}

/**
 * The machine's CPU counters in ticks, from /proc/stat's first line (undefined off Linux): `npm test` reads them at each
 * phase's start and end so that its summary says how busy the cores were in each (issue 34: a phase with idle cores can
 * take more work beside it, a busy one only less work).
 */
export function cpuCounters(stat = readProcStat()) {
  if (!stat) return undefined;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = stat.split('\n')[0].split(/\s+/).slice(1).map(Number);
  return {
    busy: user + nice + system + irq + softirq + steal,
    kernel: system + irq + softirq,
    all: user + nice + system + idle + iowait + irq + softirq + steal,
  };
}

function readProcStat() {
  try {
    return readFileSync('/proc/stat', 'utf8');
  } catch {
    return undefined;
  }
}

/** How busy the machine was between two readings: the busy share of all its cores' time, and the kernel's share of that. */
export function busyBetween(from, to) {
  if (!from || !to || to.all === from.all) return undefined;
  const busy = to.busy - from.busy;
  return { busy: busy / (to.all - from.all), kernel: busy ? (to.kernel - from.kernel) / busy : 0 };
}

/** Samples `root`'s descendants and PostgreSQL's processes until the returned function is called: it answers CPU seconds by kind. */
export function startSampling(root, everyMs = 500) {
  const seen = new Map(); // pid:start → { kind, first, last }
  const tick = () => {
    const samples = new Map();
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      const s = sample(pid);
      if (s) samples.set(pid, s);
    }
    const descends = (pid) => {
      for (let p = pid, hops = 0; p && p !== '0' && hops < 64; p = samples.get(p)?.parent, hops++) if (p === root) return true;
      return false;
    };
    for (const [pid, s] of samples) {
      const key = `${pid}:${s.started}`;
      const known = seen.get(key);
      if (known) {
        known.last = s.cpu;
        continue;
      }
      const commandLine = commandLineOf(pid);
      if (commandLine === undefined) continue;
      const kind = kindOf(commandLine);
      if (kind === 'postgresql' || descends(pid)) seen.set(key, { kind, first: s.cpu, last: s.cpu });
    }
  };
  tick();
  const timer = setInterval(tick, everyMs);
  return () => {
    clearInterval(timer);
    tick();
    const byKind = new Map();
    for (const { kind, first, last } of seen.values()) byKind.set(kind, (byKind.get(kind) ?? 0) + last - first);
    return [...byKind].sort((a, b) => b[1] - a[1]);
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const command = process.argv.slice(process.argv.indexOf('--') + 1);
  if (!command.length || !process.argv.includes('--')) {
    console.error('usage: node scripts/cpu-by-process.mjs -- <command> [args…]');
    process.exit(2);
  }
  const started = Date.now();
  const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
  const stop = startSampling(String(child.pid));
  child.on('close', (code) => {
    const kinds = stop();
    const wall = (Date.now() - started) / 1000;
    const total = kinds.reduce((t, [, s]) => t + s, 0);
    console.log(
      `[cpu] ${Math.round(wall)} s of wall time, ${Math.round(total)} CPU seconds (${(total / wall).toFixed(2)} cores busy on average):`,
    );
    for (const [kind, seconds] of kinds) if (seconds >= 0.5) console.log(`[cpu]   ${seconds.toFixed(1).padStart(7)} s  ${kind}`);
    process.exit(code ?? 1);
  });
}
