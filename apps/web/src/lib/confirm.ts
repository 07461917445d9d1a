import { useCallback, useState } from 'react';
import { encryptPassword } from './rsa.ts';
import { fetchCurrentUser } from './session.ts';

/** A fresh idempotency key: one per confirmation dialog, so a retried or double-clicked confirmation acts once. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A call that creates something carries its submission's idempotency key (the contract's `idempotencyKeyField`). */
export type Keyed<T> = Omit<T, 'idempotencyKey'> & { idempotencyKey: string };

/**
 * The idempotency key of a form's submission (issue 21): made when the form opens and sent with
 * every attempt — a double click, a retry after a lost answer, a resubmission after a refusal (a
 * refused call leaves its key unused) — so the server creates the thing once. Call `renew` once the
 * submission succeeded, so the form's next submission is a new one.
 */
export function useSubmissionKey(): readonly [key: string, renew: () => void] {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return [key, renew] as const;
}

/** The login password, RSA-encrypted with the key of `/api/user/current`, like the login. */
export async function encryptLoginPassword(password: string): Promise<string> {
  const { exponent, modulus } = await fetchCurrentUser();
  return encryptPassword(password, { exponent, modulus });
}

/** What the confirmation dialog adds to a money call: the typed password and its idempotency key. */
export interface Confirmation {
  password: string;
  idempotencyKey: string;
}
