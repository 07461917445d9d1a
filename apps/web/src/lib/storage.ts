/**
 * Persisted client state (SPEC §9): local-storage keys prefixed `factoring`, and the session key
 * `factoring-authority` (SPEC §5–§6). Every access survives corrupt JSON and storage that is
 * missing or refuses access (private mode, quota, sandboxed frames): reads fall back, writes are
 * dropped.
 */

export const STORAGE_PREFIX = 'factoring';

/** The locally persisted keys of SPEC §9. */
export type LocalKey = 'darkTheme' | 'navOpenKeys' | 'siderFold' | 'loginName' | 'reminderShown';

export const AUTHORITY_KEY = 'factoring-authority';

type Area = 'localStorage' | 'sessionStorage';

/** The storage area, or null when there is none or touching it throws (SecurityError). */
function area(name: Area): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return window[name] ?? null;
  } catch {
    return null;
  }
}

function getRaw(name: Area, key: string): string | null {
  try {
    return area(name)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function setRaw(name: Area, key: string, value: string): void {
  try {
    area(name)?.setItem(key, value);
  } catch {
    // quota exceeded or access refused: persistence is best effort
  }
}

function removeRaw(name: Area, key: string): void {
  try {
    area(name)?.removeItem(key);
  } catch {
    // access refused
  }
}

function readJson<T>(name: Area, key: string, fallback: T): T {
  const raw = getRaw(name, key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

function writeJson(name: Area, key: string, value: unknown): void {
  if (value === undefined) {
    removeRaw(name, key);
    return;
  }
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch {
    return; // cyclic or otherwise unserialisable
  }
  setRaw(name, key, text);
}

/** Reads `factoring<key>` from local storage as JSON; `fallback` when absent, corrupt or unavailable. */
export function readLocal<T>(key: LocalKey, fallback: T): T {
  return readJson('localStorage', STORAGE_PREFIX + key, fallback);
}

/** Stores `value` as JSON under `factoring<key>`; `undefined` removes the key. */
export function writeLocal(key: LocalKey, value: unknown): void {
  writeJson('localStorage', STORAGE_PREFIX + key, value);
}

/** Removes `factoring<key>` from local storage. */
export function removeLocal(key: LocalKey): void {
  removeRaw('localStorage', STORAGE_PREFIX + key);
}

/** Reads a JSON value from session storage (used by the dictionary cache); `fallback` on any trouble. */
export function readSession<T>(key: string, fallback: T): T {
  return readJson('sessionStorage', key, fallback);
}

/** Stores a JSON value in session storage; `undefined` removes the key. */
export function writeSession(key: string, value: unknown): void {
  writeJson('sessionStorage', key, value);
}

/** Removes every session-storage key starting with `prefix`. */
export function removeSessionByPrefix(prefix: string): void {
  const store = area('sessionStorage');
  if (!store) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const k = store.key(i);
      if (k !== null && k.startsWith(prefix)) keys.push(k);
    }
    for (const k of keys) store.removeItem(k);
  } catch {
    // access refused
  }
}

/**
 * The current user's authorities from session storage. The stored value may be a JSON list, a
 * JSON string, or a plain (non-JSON) string; anything else yields no authority.
 */
export function getAuthority(): string[] {
  const raw = getRaw('sessionStorage', AUTHORITY_KEY);
  if (raw === null || raw === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [raw];
  }
  if (typeof parsed === 'string') return parsed === '' ? [] : [parsed];
  if (Array.isArray(parsed)) return parsed.filter((a): a is string => typeof a === 'string' && a !== '');
  return [];
}

/** Stores the authorities as a JSON list (a single string becomes a one-element list); null clears them. */
export function setAuthority(authority: string | string[] | null): void {
  if (authority === null) {
    removeRaw('sessionStorage', AUTHORITY_KEY);
    return;
  }
  writeJson('sessionStorage', AUTHORITY_KEY, typeof authority === 'string' ? [authority] : authority);
}

/**
 * SPEC §5–§6: allowed when any required authority is held. No requirement (undefined, '' or an
 * empty list) allows. `current` defaults to the stored authorities.
 */
export function hasAuthority(required: string | string[] | undefined, current: readonly string[] = getAuthority()): boolean {
  const needed = (typeof required === 'string' ? [required] : (required ?? [])).filter((r) => r !== '');
  if (needed.length === 0) return true;
  return needed.some((r) => current.includes(r));
}
