import { X509Certificate } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import forge from 'node-forge';
import * as clock from '../../lib/clock.ts';
import { decryptKey, encryptKey, keyPairFromForge, newKeyPair, newSerial, rsaSigner, type KeyPair } from './keys.ts';

/**
 * The certificate authority that issues the signing certificates (issue 26): the platform's own
 * root, made on first start under DATA_DIR/signing (certificate as PEM, key encrypted with
 * SIGNING_KEY_SECRET), or a real CA's issuing certificate and key read from a PKCS#12 file.
 */
export interface SigningAuthority {
  certificate: forge.pki.Certificate;
  key: KeyPair;
  /** The issuing certificate and its parents, as embedded in every signature after the signer's own. */
  chain: forge.pki.Certificate[];
  /** Where it comes from, for the logs and the verification view. */
  source: 'PLATFORM_ROOT' | 'PKCS12';
}

export interface AuthorityConfig {
  dataDir: string;
  secret: string;
  factorName: string;
  p12File?: string;
  p12Password?: string;
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** A distinguished name with its Chinese values as UTF8String (forge encodes them). */
export function distinguishedName(fields: { commonName: string; organization?: string; unit?: string; serialNumber?: string }) {
  const utf8 = (name: string, value: string) => ({ name, value, valueTagClass: forge.asn1.Type.UTF8 as number });
  return [
    { name: 'countryName', value: 'CN' },
    ...(fields.serialNumber ? [{ name: 'serialNumber', value: fields.serialNumber }] : []),
    ...(fields.organization ? [utf8('organizationName', fields.organization)] : []),
    ...(fields.unit ? [utf8('organizationalUnitName', fields.unit)] : []),
    utf8('commonName', fields.commonName),
  ];
}

function makeRoot(factorName: string, key: KeyPair, now: Date): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = key.forgePublic;
  cert.serialNumber = newSerial();
  // Valid from two years back: the demo world signs its year of history with certificates dated then,
  // and a reader checks the issuer was valid at each signing time.
  cert.validity.notBefore = new Date(now.getTime() - 2 * YEAR_MS);
  cert.validity.notAfter = new Date(now.getTime() + 20 * YEAR_MS);
  const name = distinguishedName({ commonName: `${factorName}电子签名根证书`, organization: factorName });
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(rsaSigner(key.privateKey), forge.md.sha256.create());
  // As read back from DER, like every other certificate here (forge keeps made and parsed names apart).
  return forge.pki.certificateFromPem(forge.pki.certificateToPem(cert));
}

/**
 * A certificate's subject or issuer as forge writes names: forge reads UTF8String values as raw UTF-8
 * bytes but encodes what it writes, so a name read from one certificate and written into another (the
 * issuer of a new certificate, the signer of a CMS) is decoded first — or it comes out garbled and no
 * reader finds the issuer.
 */
export function writableName(attributes: forge.pki.CertificateField[]): forge.pki.CertificateField[] {
  return attributes.map((a) =>
    (a.valueTagClass as number) === forge.asn1.Type.UTF8 && typeof a.value === 'string'
      ? { ...a, value: forge.util.decodeUtf8(a.value) }
      : a,
  );
}

/** Whether `authority` issued `certificate`: names chain and the signature verifies (Node's X.509). */
export function issuedBy(certificate: forge.pki.Certificate | string, authority: forge.pki.Certificate): boolean {
  const child = new X509Certificate(typeof certificate === 'string' ? certificate : forge.pki.certificateToPem(certificate));
  const parent = new X509Certificate(forge.pki.certificateToPem(authority));
  return child.checkIssued(parent) && child.verify(parent.publicKey);
}

/** Reads a PKCS#12 with the issuing certificate, its key and (optionally) its parents. */
async function fromPkcs12(file: string, password: string): Promise<SigningAuthority> {
  const der = await readFile(file);
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary'))), false, password);
  const keyBag =
    p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]?.[0] ??
    p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag]?.[0];
  if (!keyBag?.key) throw new Error(`SIGNING_CA_P12 ${file}: no private key in the file`);
  const key = keyPairFromForge(keyBag.key);
  const certificates = (p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []).flatMap((b) =>
    b.cert ? [b.cert] : [],
  );
  const own = certificates.find((c) => (c.publicKey as forge.pki.rsa.PublicKey).n.equals(key.forgePublic.n));
  if (!own) throw new Error(`SIGNING_CA_P12 ${file}: no certificate matches the private key`);
  const basic = own.getExtension('basicConstraints') as { cA?: boolean } | null;
  if (!basic?.cA) throw new Error(`SIGNING_CA_P12 ${file}: the certificate is not a CA certificate (basicConstraints cA)`);
  return { certificate: own, key, chain: [own, ...certificates.filter((c) => c !== own)], source: 'PKCS12' };
}

/** The platform root under DATA_DIR/signing: read, or made and written on first start. */
async function platformRoot(config: AuthorityConfig, now: Date): Promise<SigningAuthority> {
  const dir = path.join(config.dataDir, 'signing');
  const certFile = path.join(dir, 'root-ca.pem');
  const keyFile = path.join(dir, 'root-ca.key.pem');
  const existing = await readFile(certFile, 'utf8').catch(() => null);
  if (existing) {
    const certificate = forge.pki.certificateFromPem(existing);
    const key = decryptKey(await readFile(keyFile, 'utf8'), config.secret);
    return { certificate, key, chain: [certificate], source: 'PLATFORM_ROOT' };
  }
  const key = newKeyPair(3072);
  const certificate = makeRoot(config.factorName, key, now);
  await mkdir(dir, { recursive: true });
  // The key first, then the certificate: a start cut off between the two makes a new root next time.
  await writeFile(keyFile, encryptKey(key, config.secret), { mode: 0o600 });
  await writeFile(certFile, forge.pki.certificateToPem(certificate), { mode: 0o644 });
  return { certificate, key, chain: [certificate], source: 'PLATFORM_ROOT' };
}

export async function loadAuthority(config: AuthorityConfig, now = clock.now()): Promise<SigningAuthority> {
  return config.p12File ? fromPkcs12(config.p12File, config.p12Password ?? '') : platformRoot(config, now);
}
