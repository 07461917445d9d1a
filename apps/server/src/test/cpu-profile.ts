// A CPU profile of each API test file (issue 34), when VITEST_CPU_PROFILE names a folder (vitest.config.ts adds this
// set-up file then). Node's `--cpu-prof` writes its profile when the process exits, and vitest ends its workers with a
// signal, so on a long run nothing was written; this takes the worker's profile through the inspector instead and
// writes one file per test file as it ends. Summarise them with `node scripts/cpu-profile-summary.mjs FOLDER`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { afterAll, expect } from 'vitest';

const folder = process.env.VITEST_CPU_PROFILE;
const state = globalThis as { cpuProfileSession?: Session };

if (folder) {
  // One session per worker (the set-up file runs again for every file the worker takes): started once, cut at each file's end.
  if (!state.cpuProfileSession) {
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 2000 }); // µs: a two-minute file stays a few MB
    await session.post('Profiler.start');
    state.cpuProfileSession = session;
  }
  afterAll(async () => {
    const session = state.cpuProfileSession!;
    const { profile } = await session.post('Profiler.stop');
    const file = path.relative(process.cwd(), expect.getState().testPath ?? 'unknown').replace(/[/\\]/g, '__');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `${process.env.TEST_DB ?? 'pglite'}--${file}.cpuprofile`), JSON.stringify(profile));
    await session.post('Profiler.start');
  });
}
