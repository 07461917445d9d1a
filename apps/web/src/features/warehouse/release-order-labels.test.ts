import { releaseOrderLifecycle } from '@factoring/domain';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sources(file);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [file] : [];
  });
}

describe('release-order status words (issue 24)', () => {
  it('the domain machine names each status once, for the enterprise, the warehouse and the operator alike', () => {
    expect(releaseOrderLifecycle.states.map((s) => releaseOrderLifecycle.label(s))).toEqual(['待提货', '已提完', '已取消']);
  });

  it('no page keeps words of its own for a release-order status (the enterprise read 已出库 where the operator read 已提完)', () => {
    const own = sources(SRC).filter((file) => /\bCONSUMED\s*:\s*'[^']*[\u4e00-\u9fff]/.test(readFileSync(file, 'utf8')));
    expect(own.map((f) => path.relative(SRC, f))).toEqual([]);
  });
});
