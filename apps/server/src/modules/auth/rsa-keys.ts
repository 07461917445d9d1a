import { constants, createPrivateKey, generateKeyPairSync, privateDecrypt, type KeyObject } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rsaKeys } from '../../db/schema/index.ts';
import { decryptPrivateKey, encryptPrivateKey } from '../signing/index.ts';

export interface PasswordCipher {
  modulusHex: string;
  exponentHex: string;
  /** Decrypts a base64 RSA-OAEP (SHA-256) ciphertext from the browser; null when it is not one. */
  decrypt(ciphertextBase64: string): string | null;
}

const KEY_ID = 1;

function fromJwk(publicJwk: { n?: string; e?: string }) {
  const hex = (b64url: string) => Buffer.from(b64url, 'base64url').toString('hex');
  return { modulusHex: hex(publicJwk.n!), exponentHex: hex(publicJwk.e!) };
}

/** A private key stored in clear (before issue 33): PKCS#8 or PKCS#1 PEM, not the encrypted kind. */
const CLEAR_PEM = /-----BEGIN (RSA )?PRIVATE KEY-----/;

/**
 * Loads the shared key pair, creating it on the very first start (first writer wins). The private key
 * is stored as the signing keys are (issue 33): encrypted PKCS#8 under SIGNING_KEY_SECRET
 * (`encryptPrivateKey`), in the column `private_key_pem`; a key found there in clear (a database from
 * before) is encrypted in place on start, once, whichever node gets there first.
 */
export async function loadPasswordCipher(db: Db, secret: string): Promise<PasswordCipher> {
  let [row] = await db.select().from(rsaKeys).limit(1);
  if (!row) {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const { modulusHex, exponentHex } = fromJwk(publicKey.export({ format: 'jwk' }));
    await db
      .insert(rsaKeys)
      .values({
        id: KEY_ID,
        publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
        privateKeyPem: encryptPrivateKey(privateKey, secret),
        modulusHex,
        exponentHex,
      })
      .onConflictDoNothing();
    [row] = await db.select().from(rsaKeys).limit(1);
  }
  let key: KeyObject;
  if (CLEAR_PEM.test(row.privateKeyPem)) {
    key = createPrivateKey(row.privateKeyPem);
    // Only if still in clear: another node may have encrypted it meanwhile (either ciphertext holds the same key).
    await db
      .update(rsaKeys)
      .set({ privateKeyPem: encryptPrivateKey(key, secret) })
      .where(and(eq(rsaKeys.id, row.id), eq(rsaKeys.privateKeyPem, row.privateKeyPem)));
  } else {
    try {
      key = decryptPrivateKey(row.privateKeyPem, secret);
    } catch {
      throw new Error(
        '登录密钥（rsa_keys）无法用当前的 SIGNING_KEY_SECRET 解密：请使用创建该数据库（或其备份来源）的部署所用的 SIGNING_KEY_SECRET 启动',
      );
    }
  }
  return {
    modulusHex: row.modulusHex,
    exponentHex: row.exponentHex,
    decrypt(ciphertextBase64) {
      try {
        const data = Buffer.from(ciphertextBase64, 'base64');
        if (data.length !== 256) return null;
        return privateDecrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, data).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
