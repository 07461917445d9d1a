/**
 * Dictionary lookups (SPEC §3 "Other", §7): `GET /sys/dict/listData?type=…`, and for the bank
 * number type `GET /bank/branchName?unionBanckNo=…`. Answers are cached in session storage under
 * `dictionary_${type}` (bank numbers: `dictionary_unionBanckNo_${no}`); concurrent lookups of the
 * same key share one call. Failures (ERROR answers, transport failures) are not cached.
 */
import { referenceApi as api, type AnswerOf } from '@factoring/domain/contract';
import { send } from './api-client.ts';
import { unwrap } from './request.ts';
import { readSession, removeSessionByPrefix, writeSession } from './storage.ts';

export type DictItem = AnswerOf<typeof api.dictionary>[number];

const DICTIONARY_PREFIX = 'dictionary_';
const BANK_NO_TYPE = 'unionBanckNo';

const inflight = new Map<string, Promise<unknown>>();

function cached<T>(key: string, valid: (v: unknown) => v is T, load: () => Promise<T>): Promise<T> {
  const hit = readSession<unknown>(key, undefined);
  if (valid(hit)) return Promise.resolve(hit);
  const pending = inflight.get(key) as Promise<T> | undefined;
  if (pending) return pending;
  const p = load()
    .then((v) => {
      writeSession(key, v);
      return v;
    })
    .finally(() => inflight.delete(key));
  inflight.set(key, p);
  return p;
}

const isDictList = (v: unknown): v is DictItem[] =>
  Array.isArray(v) && v.every((i) => typeof i === 'object' && i !== null && typeof i.value === 'string' && typeof i.label === 'string');

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** Accepts a list of `{ value, label }` (or a paged `{ items }`) and coerces values to strings. */
function toDictList(message: unknown): DictItem[] {
  const list = Array.isArray(message)
    ? message
    : typeof message === 'object' && message !== null && Array.isArray((message as { items?: unknown }).items)
      ? (message as { items: unknown[] }).items
      : [];
  return list
    .filter((i): i is Record<string, unknown> => typeof i === 'object' && i !== null)
    .map((i) => ({ value: text(i.value), label: text(i.label ?? i.value) }));
}

/** The entries of a dictionary type, cached for the session. Bank numbers go through `getBankBranchName`. */
export function getDictionary(type: string): Promise<DictItem[]> {
  if (type === BANK_NO_TYPE) {
    return Promise.reject(new TypeError(`dictionary type ${BANK_NO_TYPE} is looked up per number: use getBankBranchName(no)`));
  }
  return cached(`${DICTIONARY_PREFIX}${type}`, isDictList, async () => toDictList(unwrap(await send(api.dictionary, { query: { type } }))));
}

/** A branch name from the answer: a string, or an object naming it. */
function toBranchName(message: unknown): string {
  if (typeof message === 'string') return message;
  if (typeof message === 'object' && message !== null) {
    const m = message as Record<string, unknown>;
    for (const k of ['bankBranchName', 'branchName', 'name', 'label']) if (typeof m[k] === 'string') return m[k] as string;
  }
  return '';
}

/** The bank branch name of a union bank number (dictionary type `unionBanckNo`), cached for the session. */
export function getBankBranchName(unionBanckNo: string): Promise<string> {
  return cached(
    `${DICTIONARY_PREFIX}${BANK_NO_TYPE}_${unionBanckNo}`,
    (v): v is string => typeof v === 'string',
    async () => toBranchName(unwrap(await send(api.branchName, { query: { unionBanckNo } }))),
  );
}

/** The label of `value` in `list`, or the value itself (as text) when it is not listed. */
export function dictLabel(list: readonly DictItem[] | undefined, value: string | number | null | undefined): string {
  if (value === undefined || value === null) return '';
  const key = String(value);
  return list?.find((i) => i.value === key)?.label ?? key;
}

/** Forgets every cached dictionary (e.g. on logout). */
export function clearDictionaryCache(): void {
  inflight.clear();
  removeSessionByPrefix(DICTIONARY_PREFIX);
}
