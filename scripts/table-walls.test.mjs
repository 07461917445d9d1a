import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { areaOf, crossings, FILE_OWNERS, RAW_SQL_BASELINE, rawSqlCrossings, readBaseline, tableOwners } from './table-walls.mjs';

describe('walls for tables (issue 35)', () => {
  it('every schema file that defines a table is named for its owner, so every table has one', () => {
    const dir = new URL('../apps/server/src/db/schema/', import.meta.url);
    const withTables = readdirSync(dir).filter((f) => /export const \w+ = pgTable\(/.test(readFileSync(new URL(f, dir), 'utf8')));
    expect(withTables.filter((f) => !FILE_OWNERS[f])).toEqual([]);
  });

  it('owns a schema file by the module it is named for, with no entry: a new area adds none', () => {
    expect(FILE_OWNERS['pledge.ts']).toBe('pledge');
    expect(FILE_OWNERS['cloudloan.ts']).toBe('cloudloan');
    expect(FILE_OWNERS['loan-instalments.ts']).toBe('financing');
    expect(FILE_OWNERS['states.ts']).toBeUndefined(); // helpers, no module of that name, no table
  });

  it('knows the owner of every table, by the file it lives in', () => {
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

  it("raw SQL reads no other area's table beyond the shrinking list (the import rule cannot see a table named in SQL text)", () => {
    const inCode = [...new Set(rawSqlCrossings().map((c) => `${c.area}: ${c.table}`))].sort();
    expect(inCode).toEqual([...RAW_SQL_BASELINE].sort());
  });
});
