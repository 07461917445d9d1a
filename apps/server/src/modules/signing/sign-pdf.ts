import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { SignPdf } from '@signpdf/signpdf';
import type { SigningCredential } from './certificates.ts';
import { CredentialSigner } from './cms-signer.ts';
import { writeUnicodeTextAsHex } from './pdf-strings.ts';

export interface SignatureDetails {
  /** Why, as a PDF reader shows it: e.g. "甲方签署：保理合同 HT…". */
  reason: string;
  location: string;
  at: Date;
  /** The contact shown with the signature (the signer's login IP for the enterprise). */
  contactInfo?: string;
}

/** Room for the CMS (two 3072-bit-or-smaller certificates and the signature), in bytes. */
const SIGNATURE_LENGTH = 8192;

const signPdf = new SignPdf();
writeUnicodeTextAsHex();

/**
 * Adds one PAdES signature (adbe.pkcs7.detached) to a PDF as an incremental update: a signature field
 * and its placeholder are appended, then filled with the CMS over every byte but the placeholder. A
 * PDF that already carries signatures keeps them valid — the bytes they cover are not touched. The PDF
 * must have a classic cross-reference table (pdf-lib: `useObjectStreams: false`).
 *
 * `forEnterpriseId` is whom the signature is made for: a certificate held by anyone else is refused,
 * so no code path can sign one enterprise's contract with another's key.
 */
export async function addSignature(
  pdf: Buffer,
  credential: SigningCredential,
  forHolder: { holder: 'ENTERPRISE'; enterpriseId: number } | { holder: 'FACTOR' },
  details: SignatureDetails,
): Promise<Buffer> {
  const matches =
    credential.holder === forHolder.holder && (forHolder.holder === 'FACTOR' || credential.enterpriseId === forHolder.enterpriseId);
  if (!matches) throw new Error(`signing certificate ${credential.id} does not belong to the signing party`);
  const withPlaceholder = plainAddPlaceholder({
    pdfBuffer: pdf,
    reason: details.reason,
    contactInfo: details.contactInfo ?? '',
    name: credential.subjectName,
    location: details.location,
    signingTime: details.at,
    signatureLength: SIGNATURE_LENGTH,
    // Written as a PDF name: no spaces.
    appName: 'FactoringPortal',
  });
  return signPdf.sign(withPlaceholder, new CredentialSigner(credential), details.at);
}
