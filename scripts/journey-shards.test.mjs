import { describe, expect, it } from 'vitest';
import { balanceShards } from './journey-shards.mjs';

describe('journey shards', () => {
  it('puts the longest files apart and evens out the rest', () => {
    const durations = { 'e2e/a.spec.ts': 500, 'e2e/b.spec.ts': 480, 'e2e/c.spec.ts': 100, 'e2e/d.spec.ts': 90, 'e2e/e.spec.ts': 400 };
    const shards = balanceShards(Object.keys(durations), durations, 3);
    const sums = shards.map((files) => files.reduce((t, f) => t + durations[f], 0));
    expect(shards.flat().sort()).toEqual(Object.keys(durations).sort());
    // 500 | 480 + 90 | 400 + 100: no shard waits on another's long file.
    expect(sums).toEqual([500, 570, 500]);
  });

  it('counts a file never timed as the median file, and starts no shard without a file', () => {
    const shards = balanceShards(['e2e/x.spec.ts', 'e2e/new.spec.ts'], { 'e2e/x.spec.ts': 10 }, 3);
    expect(shards).toEqual([['e2e/new.spec.ts'], ['e2e/x.spec.ts']]);
  });
});
