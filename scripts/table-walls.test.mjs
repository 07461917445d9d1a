import { describe, expect, it } from 'vitest';
import { areaOf, crossings, readBaseline, tableOwners } from './table-walls.mjs';

describe('walls for tables (issue 35)', () => {
  it('knows the owner of every table, history-named files included', () => {
    const owners = tableOwners();
    expect(owners.pledgeFinancings).toBe('pledge');
    expect(owners.platforms).toBe('financing');
    expect(owners.creditLines).toBe('credit');
    expect(owners.uploads).toBe('uploads');
    expect(areaOf('apps/server/src/modules/risk/book.ts')).toBe('risk');
    expect(areaOf('apps/server/src/app.ts')).toBeNull();
  });

  it('the baseline lists exactly the crossings in the code: one removed must leave the baseline too', () => {
    const baseline = readBaseline();
    const inCode = {};
    for (const c of crossings()) (inCode[c.area] ??= new Set()).add(c.table);
    const asLists = Object.fromEntries(Object.entries(inCode).map(([a, t]) => [a, [...t].sort()]));
    expect(asLists).toEqual(baseline);
  });
});
