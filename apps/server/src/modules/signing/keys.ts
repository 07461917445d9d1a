import { constants, createPrivateKey, createPublicKey, generateKeyPairSync, privateEncrypt, type KeyObject } from 'node:crypto';
import forge from 'node-forge';

// Keys are made, kept and used with Node's crypto (native RSA, PKCS#8 encrypted with AES-256); node-forge
// builds the certificates and the CMS signature around them: the public key crosses over as PEM, and
// forge's signers call Node's RSA (`rsaSigner`).

export interface KeyPair {
  privateKey: KeyObject;
  forgePublic: forge.pki.rsa.PublicKey;
}

function pairOf(privateKey: KeyObject): KeyPair {
  const publicPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return { privateKey, forgePublic: forge.pki.publicKeyFromPem(publicPem) as forge.pki.rsa.PublicKey };
}

export function newKeyPair(bits = 2048): KeyPair {
  return pairOf(generateKeyPairSync('rsa', { modulusLength: bits }).privateKey);
}

/**
 * How every private key the portal keeps is stored (issue 26; the login RSA key too, issue 33):
 * encrypted PKCS#8 PEM (AES-256-CBC, key from SIGNING_KEY_SECRET by PBKDF2), never in clear.
 */
export function encryptPrivateKey(key: KeyObject, secret: string): string {
  return key.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: secret }).toString();
}

/** Reads a key stored by `encryptPrivateKey`; a wrong secret throws. */
export function decryptPrivateKey(pem: string, secret: string): KeyObject {
  return createPrivateKey({ key: pem, format: 'pem', passphrase: secret });
}

/** The private key as encrypted PKCS#8 PEM. */
export function encryptKey(pair: KeyPair, secret: string): string {
  return encryptPrivateKey(pair.privateKey, secret);
}

/** Reads an encrypted PKCS#8 PEM; a wrong secret throws. */
export function decryptKey(pem: string, secret: string): KeyPair {
  return pairOf(decryptPrivateKey(pem, secret));
}

/** A key from a PKCS#12 bag (a real CA's issuing key). */
export function keyPairFromForge(key: forge.pki.PrivateKey): KeyPair {
  return pairOf(createPrivateKey(forge.pki.privateKeyToPem(key)));
}

/** A positive 128-bit serial number, hex (RFC 5280: positive, at most 20 octets). */
export function newSerial(): string {
  const bytes = forge.random.getBytesSync(16);
  return (((bytes.charCodeAt(0) & 0x7f) | 0x40).toString(16) + forge.util.bytesToHex(bytes.slice(1))).toUpperCase();
}

/** DigestInfo's DER prefix for SHA-256 (RFC 8017 §9.2, note 1): what PKCS#1 v1.5 signs before the digest. */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/**
 * The one method forge calls on a private key when it signs a CMS message or a certificate, `sign(md)`
 * (RSASSA-PKCS1-v1_5), done by Node's native RSA: the type-1 padded DigestInfo through the private key,
 * the same bytes as forge's own. Forge's is JavaScript big-number arithmetic: ~72 ms of CPU a signature
 * against 0.5 ms (`node --import tsx bench/contract-pdf.ts`), a tenth of the API tests' CPU where they sign
 * contracts (issue 34).
 */
export function rsaSigner(privateKey: KeyObject): forge.pki.rsa.PrivateKey {
  const signer = {
    sign(md: forge.md.MessageDigest): string {
      if (md.algorithm !== 'sha256') throw new Error(`signatures here are SHA-256, not ${md.algorithm}`);
      const digestInfo = Buffer.concat([SHA256_DIGEST_INFO, Buffer.from(md.digest().getBytes(), 'binary')]);
      return privateEncrypt({ key: privateKey, padding: constants.RSA_PKCS1_PADDING }, digestInfo).toString('binary');
    },
  };
  // forge's key type names every RSA operation; its signers call only `sign`.
  return signer as unknown as forge.pki.rsa.PrivateKey;
}
