import { describe, expect, it } from 'vitest';
import { busyBetween, cpuCounters, kindOf } from './cpu-by-process.mjs';

describe('cpu-by-process: the kind of a process (issue 34)', () => {
  it('tells Chromium’s processes apart by their type, and the portal, vitest and PostgreSQL by their command', () => {
    expect(kindOf('/usr/lib/chromium/chromium --type=renderer --lang=zh-CN')).toBe('chromium renderer');
    expect(kindOf('/usr/lib/chromium/chromium --type=gpu-process --no-sandbox')).toBe('chromium gpu-process');
    expect(kindOf('/usr/lib/chromium/chromium --headless --remote-debugging-pipe')).toBe('chromium browser');
    expect(kindOf('/usr/lib/chromium/chromium-headless-shell --type=renderer')).toBe('chromium renderer');
    expect(kindOf('/usr/bin/node --import tsx apps/server/src/main.ts')).toBe('portal server');
    expect(kindOf('/usr/bin/node /work/apps/server/dist/e2e-41/main.mjs')).toBe('portal server');
    expect(kindOf('/usr/bin/node --import tsx apps/server/src/test/build-template.ts pglite /tmp/x')).toBe('test template seed');
    expect(kindOf('/usr/bin/node /work/apps/server/dist/test-40-pglite/test/build-template.mjs pglite /tmp/x')).toBe('test template seed');
    expect(kindOf('/usr/bin/node /work/node_modules/vitest/dist/workers/forks.js')).toBe('vitest');
    expect(kindOf('postgres: postgres fp_t_1 127.0.0.1(5432) idle')).toBe('postgresql');
    expect(kindOf('/usr/bin/node /work/node_modules/.bin/tsc -p apps/server')).toBe('checks and build');
    expect(kindOf('bash .ci/run')).toBe('other');
  });
});

describe('busyBetween', () => {
  // /proc/stat's first line: user nice system idle iowait irq softirq steal (ticks).
  const before = cpuCounters('cpu  1000 0 200 5000 100 0 0 0 0 0\ncpu0 …');
  it('is the busy share of all the cores’ time between two readings, and the kernel’s share of that busy time', () => {
    const after = cpuCounters('cpu  1600 0 400 5150 150 0 0 0 0 0\n');
    const { busy, kernel } = busyBetween(before, after);
    expect(busy).toBeCloseTo(800 / 1000); // 600 user + 200 system of 1,000 ticks, 150 idle and 50 waiting
    expect(kernel).toBeCloseTo(200 / 800);
  });
  it('says nothing without two readings or with no time between them', () => {
    expect(busyBetween(undefined, before)).toBeUndefined();
    expect(busyBetween(before, before)).toBeUndefined();
    expect(cpuCounters('')).toBeUndefined(); // no /proc/stat (not Linux)
  });
});
