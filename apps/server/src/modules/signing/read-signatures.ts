import { X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import forge from 'node-forge';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString } from 'pdf-lib';
import * as pkijs from 'pkijs';
import { issuedBy } from './authority.ts';

/** One digital signature as the file itself carries it, checked. */
export interface FileSignature {
  /** The signature field's name in the PDF (Signature1, Signature2…). */
  fieldName: string;
  /** The certificate's subject: holder name, credit code, authorised person. */
  signerName: string | null;
  uscc: string | null;
  authorisedPerson: string | null;
  issuerName: string | null;
  certificateSerial: string | null;
  certificateValidFrom: string | null;
  certificateValidTo: string | null;
  /** The signed signing-time attribute (ISO). */
  signedAt: string | null;
  reason: string | null;
  location: string | null;
  /** The CMS signature matches the bytes it covers and the certificate in it. */
  intact: boolean;
  /** The signer's certificate was issued by this platform's signing authority. */
  trusted: boolean;
  /** It covers the whole file as stored. */
  coversWholeFile: boolean;
  /** Bytes were added after it that no later intact signature covers: the document was changed after signing. */
  changedAfter: boolean;
  /** What is wrong, in Chinese; null when nothing. */
  problem: string | null;
}

const SIGNING_TIME = '1.2.840.113549.1.9.5';

/**
 * An intact signature whose certificate this deployment's authority did not issue: the file is what was
 * signed, but the authority was replaced (a restore without DATA_DIR/signing) or the file came from
 * elsewhere — reported, while only a broken or later-changed signature fails the verification.
 */
export const NOT_ISSUED_HERE = '签署人证书不是当前签名机构签发的（签名机构已更换，或文件来自其他系统）';

const text = (value: unknown): string | null => (value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : null);

interface RawSignature {
  fieldName: string;
  byteRange: [number, number, number, number];
  contents: Uint8Array;
  reason: string | null;
  location: string | null;
}

/** The signature dictionaries of the PDF's signature fields (every revision's, the latest definition of each object). */
async function signatureDictionaries(pdf: Buffer): Promise<RawSignature[]> {
  const doc = await PDFDocument.load(pdf, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  const out: RawSignature[] = [];
  for (const field of doc.getForm().getFields()) {
    const dict = field.acroField.dict;
    if (dict.lookup(PDFName.of('FT')) !== PDFName.of('Sig')) continue;
    const value = dict.lookup(PDFName.of('V'));
    if (!(value instanceof PDFDict)) continue;
    const range = value.lookup(PDFName.of('ByteRange'));
    const contents = value.lookup(PDFName.of('Contents'));
    if (!(range instanceof PDFArray) || range.size() !== 4 || !(contents instanceof PDFHexString)) continue;
    const numbers = range.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : NaN));
    if (numbers.some((n) => !Number.isSafeInteger(n) || n < 0)) continue;
    out.push({
      fieldName: field.getName(),
      byteRange: numbers as [number, number, number, number],
      contents: contents.asBytes(),
      reason: text(value.lookup(PDFName.of('Reason'))),
      location: text(value.lookup(PDFName.of('Location'))),
    });
  }
  return out.sort((x, y) => x.byteRange[2] + x.byteRange[3] - (y.byteRange[2] + y.byteRange[3]));
}

/** An RDN value of a Node certificate's subject text ("CN=…\nO=…"), by its short name. */
function rdn(subject: string, key: string): string | null {
  for (const line of subject.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0 && line.slice(0, at) === key) return line.slice(at + 1);
  }
  return null;
}

async function checkOne(
  pdf: Buffer,
  raw: RawSignature,
  authority: readonly forge.pki.Certificate[],
): Promise<Omit<FileSignature, 'changedAfter'>> {
  const [start, firstLength, secondStart, secondLength] = raw.byteRange;
  const base = {
    fieldName: raw.fieldName,
    reason: raw.reason,
    location: raw.location,
    coversWholeFile: start === 0 && secondStart + secondLength === pdf.length,
  };
  const empty = {
    ...base,
    signerName: null,
    uscc: null,
    authorisedPerson: null,
    issuerName: null,
    certificateSerial: null,
    certificateValidFrom: null,
    certificateValidTo: null,
    signedAt: null,
    intact: false,
    trusted: false,
  };
  if (start !== 0 || secondStart < firstLength || secondStart + secondLength > pdf.length)
    return { ...empty, problem: '签名覆盖的字节范围无效' };
  const signedBytes = Buffer.concat([pdf.subarray(0, firstLength), pdf.subarray(secondStart, secondStart + secondLength)]);

  let signedData: pkijs.SignedData;
  try {
    const parsed = asn1js.fromBER(raw.contents);
    if (parsed.offset === -1) throw new Error(parsed.result.error);
    signedData = new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: parsed.result }).content });
  } catch {
    return { ...empty, problem: '签名数据无法解析' };
  }

  let intact = false;
  let signer: pkijs.Certificate | null;
  try {
    const result = await signedData.verify({ signer: 0, data: new Uint8Array(signedBytes).buffer, extendedMode: true, checkChain: false });
    intact = result.signatureVerified === true;
    signer = result.signerCertificate ?? null;
  } catch (err) {
    const failure = err as { signatureVerified?: boolean | null; signerCertificate?: pkijs.Certificate | null };
    signer = failure.signerCertificate ?? null;
  }

  const attributes = signedData.signerInfos[0]?.signedAttrs?.attributes ?? [];
  const time = attributes.find((a) => a.type === SIGNING_TIME)?.values[0] as asn1js.UTCTime | asn1js.GeneralizedTime | undefined;
  const signedAt = time ? time.toDate().toISOString() : null;

  if (!signer) return { ...empty, signedAt, problem: '签名中没有签署人证书' };
  const certificate = new X509Certificate(Buffer.from(signer.toSchema().toBER(false)));
  const trusted = authority.some((ca) => issuedBy(certificate.toString(), ca));
  const at = signedAt ? new Date(signedAt) : null;
  const validAtSigning = at !== null && at >= new Date(certificate.validFrom) && at <= new Date(certificate.validTo);
  const unit = rdn(certificate.subject, 'OU');
  const problem = !intact
    ? '签名值与文件内容不符：签名所覆盖的内容已被改动'
    : !trusted
      ? NOT_ISSUED_HERE
      : !validAtSigning
        ? '签署时间不在签署人证书的有效期内'
        : null;
  return {
    ...base,
    signerName: rdn(certificate.subject, 'CN'),
    uscc: rdn(certificate.subject, 'serialNumber'),
    authorisedPerson: unit?.startsWith('授权签署人：') ? unit.slice('授权签署人：'.length) : null,
    issuerName: rdn(certificate.issuer, 'CN'),
    certificateSerial: certificate.serialNumber,
    certificateValidFrom: new Date(certificate.validFrom).toISOString(),
    certificateValidTo: new Date(certificate.validTo).toISOString(),
    signedAt,
    intact,
    trusted,
    problem,
  };
}

/**
 * Reads every digital signature from the PDF itself and checks it: the CMS over the bytes it covers,
 * the signer's certificate against the signing authority (`authority`: the issuing certificate and
 * its parents), the signing time within the certificate's validity, and whether the file changed
 * after it — bytes appended later are fine only when a later intact signature covers them (the
 * factor's countersignature), as a PDF reader judges incremental signatures.
 */
export async function readSignatures(pdf: Buffer, authority: readonly forge.pki.Certificate[]): Promise<FileSignature[]> {
  let raws: RawSignature[];
  try {
    raws = await signatureDictionaries(pdf);
  } catch {
    return [];
  }
  const checked = await Promise.all(raws.map((raw) => checkOne(pdf, raw, authority)));
  const lastIntactCoversAll = checked.some((s) => s.intact && s.coversWholeFile);
  return checked.map((s) => ({
    ...s,
    changedAfter: !s.coversWholeFile && !lastIntactCoversAll,
    problem: s.problem ?? (!s.coversWholeFile && !lastIntactCoversAll ? '签名之后文件被追加修改，且修改未被其后的有效签名覆盖' : null),
  }));
}
