import { describe, expect, it } from 'vitest';
import { areaOf, selfTimes } from './cpu-profile-summary.mjs';

describe('cpu-profile-summary', () => {
  it('names the area of a frame: V8 rows, packages (scoped too), Node built-ins, source areas', () => {
    expect(areaOf({ functionName: '(idle)', url: '' })).toBe('(idle)');
    expect(areaOf({ functionName: 'is', url: 'file:///w/node_modules/drizzle-orm/entity.js' })).toBe('drizzle-orm');
    expect(areaOf({ functionName: 'Cr', url: 'file:///w/node_modules/@electric-sql/pglite/dist/x.js' })).toBe('@electric-sql/pglite');
    expect(areaOf({ functionName: 'readFile', url: 'node:fs' })).toBe('node:fs');
    expect(areaOf({ functionName: 'post', url: '/w/apps/server/src/modules/ledger/post.ts' })).toBe('src:modules/ledger');
    expect(areaOf({ functionName: 'writev', url: '' })).toBe('(native)');
  });

  it('adds each sample’s time to the node it landed on', () => {
    const self = selfTimes({ samples: [1, 2, 1, 3], timeDeltas: [10, 20, 30, 40] });
    expect(Object.fromEntries(self)).toEqual({ 1: 40, 2: 20, 3: 40 });
  });
});
