import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUTHORITY_KEY,
  STORAGE_PREFIX,
  getAuthority,
  hasAuthority,
  readLocal,
  readSession,
  removeLocal,
  removeSessionByPrefix,
  setAuthority,
  writeLocal,
  writeSession,
} from './storage.ts';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('local keys', () => {
  it('stores JSON under factoring + key', () => {
    expect(STORAGE_PREFIX).toBe('factoring');
    writeLocal('darkTheme', true);
    writeLocal('navOpenKeys', ['/a', '/b']);
    writeLocal('loginName', 'zhang');
    expect(localStorage.getItem('factoringdarkTheme')).toBe('true');
    expect(localStorage.getItem('factoringnavOpenKeys')).toBe('["/a","/b"]');
    expect(readLocal('darkTheme', false)).toBe(true);
    expect(readLocal<string[]>('navOpenKeys', [])).toEqual(['/a', '/b']);
    expect(readLocal('loginName', '')).toBe('zhang');
  });

  it('falls back when missing or corrupt', () => {
    expect(readLocal('siderFold', false)).toBe(false);
    localStorage.setItem('factoringsiderFold', '{not json');
    expect(readLocal('siderFold', true)).toBe(true);
  });

  it('undefined and removeLocal delete the key', () => {
    writeLocal('siderFold', true);
    writeLocal('siderFold', undefined);
    expect(localStorage.getItem('factoringsiderFold')).toBeNull();
    writeLocal('loginName', 'x');
    removeLocal('loginName');
    expect(localStorage.getItem('factoringloginName')).toBeNull();
  });

  it('survives storage that throws', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => writeLocal('darkTheme', true)).not.toThrow();
    expect(readLocal('darkTheme', false)).toBe(false);
    expect(getAuthority()).toEqual([]);
    expect(() => setAuthority('merchant')).not.toThrow();
  });

  it('survives storage that is missing altogether', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(readLocal('darkTheme', 'fallback')).toBe('fallback');
    expect(() => writeLocal('darkTheme', true)).not.toThrow();
  });

  it('drops values that cannot be serialised', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => writeLocal('navOpenKeys', cyclic)).not.toThrow();
    expect(localStorage.getItem('factoringnavOpenKeys')).toBeNull();
  });
});

describe('session values', () => {
  it('reads and writes JSON and clears by prefix', () => {
    writeSession('dictionary_a', [1]);
    writeSession('dictionary_b', 'x');
    writeSession('other', 2);
    expect(readSession('dictionary_a', null)).toEqual([1]);
    sessionStorage.setItem('broken', '{');
    expect(readSession('broken', 'fb')).toBe('fb');
    removeSessionByPrefix('dictionary_');
    expect(sessionStorage.getItem('dictionary_a')).toBeNull();
    expect(sessionStorage.getItem('dictionary_b')).toBeNull();
    expect(readSession('other', 0)).toBe(2);
  });
});

describe('authority', () => {
  it('lives in session storage under factoring-authority', () => {
    expect(AUTHORITY_KEY).toBe('factoring-authority');
    setAuthority('merchant');
    expect(sessionStorage.getItem('factoring-authority')).toBe('["merchant"]');
    expect(getAuthority()).toEqual(['merchant']);
    setAuthority(['merchant', 'operator']);
    expect(getAuthority()).toEqual(['merchant', 'operator']);
    setAuthority(null);
    expect(sessionStorage.getItem('factoring-authority')).toBeNull();
    expect(getAuthority()).toEqual([]);
  });

  it('reads a plain string, a JSON string or a JSON list', () => {
    sessionStorage.setItem(AUTHORITY_KEY, 'admin');
    expect(getAuthority()).toEqual(['admin']);
    sessionStorage.setItem(AUTHORITY_KEY, '"user"');
    expect(getAuthority()).toEqual(['user']);
    sessionStorage.setItem(AUTHORITY_KEY, '["a",1,"b",""]');
    expect(getAuthority()).toEqual(['a', 'b']);
    sessionStorage.setItem(AUTHORITY_KEY, '{"a":1}');
    expect(getAuthority()).toEqual([]);
    sessionStorage.setItem(AUTHORITY_KEY, '');
    expect(getAuthority()).toEqual([]);
  });

  it('allows on any match, or when nothing is required', () => {
    setAuthority(['merchant']);
    expect(hasAuthority(undefined)).toBe(true);
    expect(hasAuthority([])).toBe(true);
    expect(hasAuthority('merchant')).toBe(true);
    expect(hasAuthority(['operator', 'merchant'])).toBe(true);
    expect(hasAuthority('operator')).toBe(false);
    expect(hasAuthority(['operator', 'admin'])).toBe(false);
    setAuthority(null);
    expect(hasAuthority('merchant')).toBe(false);
    expect(hasAuthority('operator', ['operator'])).toBe(true);
  });
});
