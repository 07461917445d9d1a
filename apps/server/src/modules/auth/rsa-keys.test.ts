import { constants, generateKeyPairSync, publicEncrypt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rsaKeys } from '../../db/schema/index.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { loadPasswordCipher } from './rsa-keys.ts';

/**
 * Issue 33: the login RSA private key is stored encrypted like the signing keys (PKCS#8 under
 * SIGNING_KEY_SECRET); a key found in clear (a database from before) is encrypted in place on start.
 */
const CLEAR_PRIVATE_KEY = /-----BEGIN (RSA )?PRIVATE KEY-----/;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

const storedKey = async () => (await t.database.db.select().from(rsaKeys))[0]!;

describe('the login RSA key at rest', () => {
  it('is stored encrypted, and logins work with it', async () => {
    const row = await storedKey();
    expect(row.privateKeyPem).toMatch(/^-----BEGIN ENCRYPTED PRIVATE KEY-----/);
    expect(row.privateKeyPem).not.toMatch(CLEAR_PRIVATE_KEY);
    const res = await t.client().login('demo', DEMO_PASSWORD);
    expect(res.json()).toMatchObject({ status: 'OK' });
  });

  it('a key stored in clear is encrypted in place on start and still decrypts what browsers encrypted', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = publicKey.export({ format: 'jwk' });
    const hex = (b64url: string | undefined) => Buffer.from(b64url!, 'base64url').toString('hex');
    const clear = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const row = await storedKey();
    await t.database.db
      .update(rsaKeys)
      .set({
        publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        privateKeyPem: clear,
        modulusHex: hex(jwk.n),
        exponentHex: hex(jwk.e),
      })
      .where(eq(rsaKeys.id, row.id));

    const cipher = await loadPasswordCipher(t.database.db, t.config.SIGNING_KEY_SECRET);
    const after = await storedKey();
    expect(after.privateKeyPem).toMatch(/^-----BEGIN ENCRYPTED PRIVATE KEY-----/);
    expect(after.privateKeyPem).not.toContain(clear.split('\n')[1]);
    expect(cipher.modulusHex).toBe(hex(jwk.n));
    const sealed = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from('秘密'));
    expect(cipher.decrypt(sealed.toString('base64'))).toBe('秘密');

    // A second start reads the encrypted key; another deployment's secret cannot, and says so.
    const again = await loadPasswordCipher(t.database.db, t.config.SIGNING_KEY_SECRET);
    expect(again.decrypt(sealed.toString('base64'))).toBe('秘密');
    expect((await storedKey()).privateKeyPem).toBe(after.privateKeyPem);
    await expect(loadPasswordCipher(t.database.db, 'another-deployments-secret')).rejects.toThrow(/SIGNING_KEY_SECRET/);
  });
});
