// A vitest reporter for `npm test` (scripts/test-all.mjs): one row per test file and project with
// its wall time (collect + set-up + hooks + tests), written to test-reports/vitest-timing.json.
// vitest's own JSON reporter (test-reports/vitest.json) times only the test bodies, not the
// beforeAll that builds the app and its database, which is where an API file's time goes.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const TIMING_FILE = 'test-reports/vitest-timing.json';

export default class TimingReporter {
  rows = [];
  onInit(vitest) {
    this.root = vitest.config.root;
    this.started = Date.now();
  }
  onTestModuleEnd(module) {
    const d = module.diagnostic();
    const counts = { passed: 0, skipped: 0, failed: 0 };
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      counts[state === 'pending' ? 'skipped' : state] = (counts[state === 'pending' ? 'skipped' : state] ?? 0) + 1;
    }
    this.rows.push({
      project: module.project.name,
      file: path.relative(this.root, module.moduleId),
      state: module.state(),
      seconds: +((d.collectDuration + d.setupDuration + d.duration) / 1000).toFixed(2),
      collectSeconds: +(d.collectDuration / 1000).toFixed(2),
      ...counts,
    });
  }
  onTestRunEnd() {
    mkdirSync(path.dirname(TIMING_FILE), { recursive: true });
    const files = this.rows.sort((a, b) => b.seconds - a.seconds);
    writeFileSync(TIMING_FILE, JSON.stringify({ wallSeconds: (Date.now() - this.started) / 1000, files }, null, 1));
  }
}
