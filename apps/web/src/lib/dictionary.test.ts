import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDictionaryCache, dictLabel, getBankBranchName, getDictionary } from './dictionary.ts';
import { configureRequest } from './request.ts';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  sessionStorage.clear();
  clearDictionaryCache();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  configureRequest({ onUnauthorized: vi.fn(), onForbidden: vi.fn(), notify: vi.fn() });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const sexes = [
  { value: '1', label: '男' },
  { value: '2', label: '女' },
];

describe('getDictionary', () => {
  it('fetches GET /api/sys/dict/listData?type=… and caches in session storage', async () => {
    fetchMock.mockResolvedValueOnce(json({ status: 'OK', message: sexes }));
    await expect(getDictionary('sex')).resolves.toEqual(sexes);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/sys/dict/listData?type=sex');
    expect(init?.method).toBe('GET');
    expect(JSON.parse(sessionStorage.getItem('dictionary_sex')!)).toEqual(sexes);

    await expect(getDictionary('sex')).resolves.toEqual(sexes);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads an existing session entry without fetching', async () => {
    sessionStorage.setItem('dictionary_state', JSON.stringify([{ value: 'A', label: '甲' }]));
    await expect(getDictionary('state')).resolves.toEqual([{ value: 'A', label: '甲' }]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refetches over a corrupt cache entry', async () => {
    sessionStorage.setItem('dictionary_sex', '{oops');
    fetchMock.mockResolvedValueOnce(json({ status: 'OK', message: sexes }));
    await expect(getDictionary('sex')).resolves.toEqual(sexes);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shares one call between concurrent lookups', async () => {
    fetchMock.mockResolvedValueOnce(json({ status: 'OK', message: sexes }));
    const [a, b] = await Promise.all([getDictionary('sex'), getDictionary('sex')]);
    expect(a).toEqual(sexes);
    expect(b).toEqual(sexes);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('coerces values to strings', async () => {
    fetchMock.mockResolvedValueOnce(json({ status: 'OK', message: [{ value: 1, label: '一' }, { value: 2 }] }));
    await expect(getDictionary('n')).resolves.toEqual([
      { value: '1', label: '一' },
      { value: '2', label: '2' },
    ]);
  });

  it('does not cache an ERROR answer or a failure', async () => {
    fetchMock.mockResolvedValueOnce(json({ status: 'ERROR', message: '字典不存在' }));
    await expect(getDictionary('x')).rejects.toMatchObject({ success: false, message: '字典不存在' });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(getDictionary('x')).rejects.toMatchObject({ success: false, message: '服务不可用，请稍后重试' });
    expect(sessionStorage.getItem('dictionary_x')).toBeNull();
    fetchMock.mockResolvedValueOnce(json({ status: 'OK', message: [] }));
    await expect(getDictionary('x')).resolves.toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('refuses the bank-number type (looked up per number)', async () => {
    await expect(getDictionary('unionBanckNo')).rejects.toBeInstanceOf(TypeError);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('clearDictionaryCache forgets cached types', async () => {
    fetchMock.mockResolvedValue(json({ status: 'OK', message: sexes }));
    await getDictionary('sex');
    clearDictionaryCache();
    expect(sessionStorage.getItem('dictionary_sex')).toBeNull();
    fetchMock.mockResolvedValueOnce(json({ status: 'OK', message: sexes }));
    await getDictionary('sex');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('getBankBranchName', () => {
  it('fetches GET /api/bank/branchName?unionBanckNo=… and caches per number', async () => {
    fetchMock.mockResolvedValueOnce(json({ status: 'OK', message: '中国工商银行北京分行' }));
    await expect(getBankBranchName('102100099996')).resolves.toBe('中国工商银行北京分行');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/bank/branchName?unionBanckNo=102100099996');
    expect(JSON.parse(sessionStorage.getItem('dictionary_unionBanckNo_102100099996')!)).toBe('中国工商银行北京分行');
    await expect(getBankBranchName('102100099996')).resolves.toBe('中国工商银行北京分行');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads the name from an object answer', async () => {
    fetchMock.mockResolvedValueOnce(json({ status: 'OK', message: { bankBranchName: '某支行', unionBanckNo: '1' } }));
    await expect(getBankBranchName('1')).resolves.toBe('某支行');
  });
});

describe('dictLabel', () => {
  it('returns the label, else the value', () => {
    expect(dictLabel(sexes, '2')).toBe('女');
    expect(dictLabel(sexes, 1)).toBe('男');
    expect(dictLabel(sexes, '9')).toBe('9');
    expect(dictLabel(undefined, 'x')).toBe('x');
    expect(dictLabel(sexes, null)).toBe('');
  });
});
