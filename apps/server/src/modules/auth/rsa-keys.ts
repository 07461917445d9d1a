import { constants, createPrivateKey, generateKeyPairSync, privateDecrypt, type KeyObject } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { rsaKeys } from '../../db/schema/index.ts';

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

/** Loads the shared key pair, creating it on the very first start (first writer wins). */
export async function loadPasswordCipher(db: Db): Promise<PasswordCipher> {
  let [row] = await db.select().from(rsaKeys).limit(1);
  if (!row) {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const { modulusHex, exponentHex } = fromJwk(publicKey.export({ format: 'jwk' }));
    await db
      .insert(rsaKeys)
      .values({
        id: KEY_ID,
        publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
        privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
        modulusHex,
        exponentHex,
      })
      .onConflictDoNothing();
    [row] = await db.select().from(rsaKeys).limit(1);
  }
  const key: KeyObject = createPrivateKey(row.privateKeyPem);
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
