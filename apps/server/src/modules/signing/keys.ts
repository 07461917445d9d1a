import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import forge from 'node-forge';

// Keys are made and kept with Node's crypto (native RSA, PKCS#8 encrypted with AES-256); node-forge
// builds the certificates and the CMS signature, so each key crosses over once, as PEM.

export interface KeyPair {
  privateKey: KeyObject;
  forgePrivate: forge.pki.rsa.PrivateKey;
  forgePublic: forge.pki.rsa.PublicKey;
}

function pairOf(privateKey: KeyObject): KeyPair {
  const forgePrivate = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  return { privateKey, forgePrivate, forgePublic: forge.pki.setRsaPublicKey(forgePrivate.n, forgePrivate.e) };
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
