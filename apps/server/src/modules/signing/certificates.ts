import { and, desc, eq, gt, isNull, lte } from 'drizzle-orm';
import forge from 'node-forge';
import type { Db, Tx } from '../../db/client.ts';
import { signingCertificates } from '../../db/schema/index.ts';
import { enterpriseDirectory } from '../account/index.ts';
import { approvedLegalRepresentative } from '../certification/index.ts';
import { now as clockNow } from '../../lib/clock.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { distinguishedName, issuedBy, writableName, type SigningAuthority } from './authority.ts';
import { decryptKey, encryptKey, newKeyPair, newSerial, rsaSigner, type KeyPair } from './keys.ts';

/** A holder's certificate, ready to sign with. */
export interface SigningCredential {
  id: number;
  holder: 'ENTERPRISE' | 'FACTOR';
  enterpriseId: number | null;
  subjectName: string;
  uscc: string;
  certificate: forge.pki.Certificate;
  key: KeyPair;
  /** The signer's certificate first, then the authority's chain. */
  chain: forge.pki.Certificate[];
}

export interface SigningContext {
  authority: SigningAuthority;
  secret: string;
  factor: { name: string; uscc: string };
}

const CERTIFICATE_YEARS = 3;
const SKEW_MS = 60_000;

interface Subject {
  holder: 'ENTERPRISE' | 'FACTOR';
  enterpriseId: number | null;
  name: string;
  uscc: string;
  personName: string | null;
}

/** Issues a certificate for a subject with the authority and stores it (key encrypted). */
async function issue(tx: Tx | Db, ctx: SigningContext, subject: Subject, at: Date) {
  const key = newKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = key.forgePublic;
  cert.serialNumber = newSerial();
  cert.validity.notBefore = new Date(at.getTime() - SKEW_MS);
  const notAfter = new Date(at);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + CERTIFICATE_YEARS);
  // Never past the issuer's own end.
  cert.validity.notAfter = notAfter < ctx.authority.certificate.validity.notAfter ? notAfter : ctx.authority.certificate.validity.notAfter;
  cert.setSubject(
    distinguishedName({
      commonName: subject.name,
      organization: subject.name,
      unit: subject.personName ? `授权签署人：${subject.personName}` : undefined,
      serialNumber: subject.uscc,
    }),
  );
  cert.setIssuer(writableName(ctx.authority.certificate.subject.attributes));
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'extKeyUsage', emailProtection: true },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: ctx.authority.certificate.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(rsaSigner(ctx.authority.key.privateKey), forge.md.sha256.create());
  const [row] = await tx
    .insert(signingCertificates)
    .values({
      holder: subject.holder,
      enterpriseId: subject.enterpriseId,
      subjectName: subject.name,
      uscc: subject.uscc,
      personName: subject.personName,
      serial: cert.serialNumber,
      certificatePem: forge.pki.certificateToPem(cert),
      encryptedKeyPem: encryptKey(key, ctx.secret),
      notBefore: cert.validity.notBefore,
      notAfter: cert.validity.notAfter,
    })
    .returning({ id: signingCertificates.id });
  return { id: row!.id, cert, key };
}

function credentialOf(ctx: SigningContext, subject: Subject, id: number, cert: forge.pki.Certificate, key: KeyPair): SigningCredential {
  return {
    id,
    holder: subject.holder,
    enterpriseId: subject.enterpriseId,
    subjectName: subject.name,
    uscc: subject.uscc,
    certificate: cert,
    key,
    chain: [cert, ...ctx.authority.chain],
  };
}

/** The holder's latest certificate still valid at `at`, by the current authority, with the same name and code. */
async function current(tx: Tx | Db, ctx: SigningContext, subject: Subject, at: Date): Promise<SigningCredential | null> {
  const [row] = await tx
    .select()
    .from(signingCertificates)
    .where(
      and(
        eq(signingCertificates.holder, subject.holder),
        subject.enterpriseId === null
          ? isNull(signingCertificates.enterpriseId)
          : eq(signingCertificates.enterpriseId, subject.enterpriseId),
        eq(signingCertificates.subjectName, subject.name),
        eq(signingCertificates.uscc, subject.uscc),
        gt(signingCertificates.notAfter, at),
        lte(signingCertificates.notBefore, at),
      ),
    )
    .orderBy(desc(signingCertificates.id))
    .limit(1);
  if (!row) return null;
  // A certificate of an earlier authority (the CA was replaced) is not used for new signatures.
  if (!issuedBy(row.certificatePem, ctx.authority.certificate)) return null;
  const cert = forge.pki.certificateFromPem(row.certificatePem);
  return credentialOf(ctx, subject, row.id, cert, decryptKey(row.encryptedKeyPem, ctx.secret));
}

async function currentOrIssued(tx: Tx | Db, ctx: SigningContext, subject: Subject, at: Date): Promise<SigningCredential> {
  const existing = await current(tx, ctx, subject, at);
  if (existing) return existing;
  const { id, cert, key } = await issue(tx, ctx, subject, at);
  return credentialOf(ctx, subject, id, cert, key);
}

/** The enterprise's subject: its certified name and credit code, and its legal representative as the authorised person. */
async function enterpriseSubject(tx: Tx | Db, enterpriseId: number): Promise<Subject> {
  const [row] = await tx
    .select({ name: enterpriseDirectory.name, uscc: enterpriseDirectory.uscc, certified: enterpriseDirectory.certified })
    .from(enterpriseDirectory)
    .where(eq(enterpriseDirectory.id, enterpriseId));
  if (!row?.certified || !row.uscc) throw new BusinessError('企业尚未完成实名认证，不能签发电子签名证书');
  return {
    holder: 'ENTERPRISE',
    enterpriseId,
    name: row.name,
    uscc: row.uscc,
    personName: await approvedLegalRepresentative(tx, enterpriseId),
  };
}

/**
 * The enterprise's signing certificate: issued when its real-name authentication is approved
 * (certification's decision calls this), or at its first signature when it was certified before
 * certificates existed; a new one when the name or code changed or the old one expired.
 */
export async function enterpriseCredential(tx: Tx | Db, ctx: SigningContext, enterpriseId: number, at = clockNow()) {
  return currentOrIssued(tx, ctx, await enterpriseSubject(tx, enterpriseId), at);
}

/** The factor's own signing certificate (the countersignature). */
export async function factorCredential(tx: Tx | Db, ctx: SigningContext, at = clockNow()) {
  return currentOrIssued(
    tx,
    ctx,
    { holder: 'FACTOR', enterpriseId: null, name: ctx.factor.name, uscc: ctx.factor.uscc, personName: null },
    at,
  );
}
