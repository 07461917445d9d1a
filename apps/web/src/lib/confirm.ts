import { encryptPassword } from './rsa.ts';
import { fetchCurrentUser } from './session.ts';

/** A fresh idempotency key: one per confirmation dialog, so a retried or double-clicked confirmation acts once. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The login password, RSA-encrypted with the key of `/api/user/current`, like the login. */
export async function encryptLoginPassword(password: string): Promise<string> {
  const { exponent, modulus } = await fetchCurrentUser();
  return encryptPassword(password, { exponent, modulus });
}
