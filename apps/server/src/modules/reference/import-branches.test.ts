import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankBranches, banks } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { importBranches, parseBranchCsv, parseCsv } from './import-branches.ts';
import { serverCommand } from '../../test/server-command.ts';

describe('CSV parsing', () => {
  it('reads quoted fields, doubled quotes, CRLF and a BOM', () => {
    const rows = parseCsv('\ufeffa,b\r\n"x,1","say ""hi"""\r\n\r\nlast,row');
    expect(rows).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x,1', 'say "hi"'] },
      { line: 4, fields: ['last', 'row'] },
    ]);
  });

  it('checks every row and reports problems by line', () => {
    const parsed = parseBranchCsv(
      [
        'unionBankNo,bankCode,name,cityCode',
        '102290012345,102,中国工商银行股份有限公司上海市徐汇支行,310100',
        '10229001234,102,少一位,310000',
        '103290012345,102,银行代码不符,310000',
        '102290012346,102,,310000',
        '102290012347,102,未知城市,999999',
        '102290012345,102,重复,310000',
      ].join('\n'),
    );
    expect(parsed.rows).toEqual([
      {
        unionBankNo: '102290012345',
        bankCode: '102',
        name: '中国工商银行股份有限公司上海市徐汇支行',
        cityCode: '310000',
        provinceCode: '310000',
      },
    ]);
    expect(parsed.problems.map((p) => p.line)).toEqual([3, 4, 5, 6, 7]);
    expect(parsed.problems[1].message).toContain('前3位与银行代码 102 不一致');
    expect(parsed.problems[3].message).toContain('GB/T 2260');
  });
});

describe('importing into the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('inserts new branches, updates known numbers, adds a named unknown bank and skips an unnamed one', async () => {
    const result = await importBranches(
      t.database.db,
      parseBranchCsv(
        [
          '102290012345,102,中国工商银行股份有限公司上海市徐汇支行,310000',
          '102100000011,102,中国工商银行股份有限公司北京市分行营业部（更名）,110000',
          '313584000011,313,深圳某城市商业银行营业部,440300,深圳某城市商业银行',
          '402584000019,402,某农村信用社,440300',
        ].join('\n'),
      ),
    );
    expect(result.imported).toBe(3);
    expect(result.addedBanks).toEqual(['313']);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0].message).toContain('402');
    const db = t.database.db;
    expect((await db.select().from(bankBranches).where(eq(bankBranches.unionBankNo, '102290012345')))[0]).toMatchObject({
      cityCode: '310000',
      provinceCode: '310000',
    });
    expect((await db.select().from(bankBranches).where(eq(bankBranches.unionBankNo, '102100000011')))[0].name).toContain('更名');
    expect((await db.select().from(banks).where(eq(banks.code, '313')))[0].name).toBe('深圳某城市商业银行');
    // The imported branch is found by the form's search.
    const found = (
      await t.client().get('/api/bank/queryBankBranch', { bankCode: '102', area_id: '310000', name: encodeURIComponent('徐汇') })
    ).json().message;
    expect(found.items.map((b: { unionBankNo: string }) => b.unionBankNo)).toEqual(['102290012345']);
  });
});

describe('npm run branches:import', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'fp-branches-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // The command opens its own embedded database under DATA_DIR, whichever engine the suite runs on.
  it.skipIf(process.env.TEST_DB === 'postgres')(
    'imports a CSV file into the PGlite database under DATA_DIR and reports skipped rows',
    async () => {
      const file = path.join(dir, 'branches.csv');
      writeFileSync(
        file,
        'unionBankNo,bankCode,name,cityCode\n308584000013,308,招商银行股份有限公司深圳分行营业部,440300\nbad,308,坏行,440300\n',
      );
      const run = promisify(execFile);
      const { DATABASE_URL: _ignored, ...env } = process.env;
      const outcome = await run(process.execPath, [...serverCommand('cli/import-branches'), file], {
        cwd: root,
        env: { ...env, DATA_DIR: path.join(dir, 'data') },
      }).then(
        (r) => ({ code: 0, stdout: r.stdout }),
        (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
      );
      expect(outcome.stdout).toContain('1 条网点已写入');
      expect(outcome.stdout).toContain('第 3 行');
      expect(outcome.code).toBe(2);
      const pg = await PGlite.create(path.join(dir, 'data', 'pglite'));
      const { rows } = await pg.query<{ name: string }>("select name from bank_branches where union_bank_no = '308584000013'");
      await pg.close();
      expect(rows).toEqual([{ name: '招商银行股份有限公司深圳分行营业部' }]);
    },
    60_000,
  );
});
