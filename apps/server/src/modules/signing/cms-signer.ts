import { Signer } from '@signpdf/utils';
import forge from 'node-forge';
import * as clock from '../../lib/clock.ts';
import { writableName } from './authority.ts';
import type { SigningCredential } from './certificates.ts';
import { rsaSigner } from './keys.ts';

/**
 * The CMS (PKCS#7 detached) signature @signpdf embeds in the PDF, made with node-forge from a holder's
 * key and certificate chain: content type, signing time and message digest as signed attributes,
 * SHA-256 with RSA.
 *
 * The signer is named by issuer and serial given explicitly: forge, handed the certificate instead,
 * re-encodes the issuer's UTF-8 names it read undecoded, so a Chinese issuer name came out garbled
 * and readers could not find the signer's certificate.
 * The RSA operation itself is Node's (`rsaSigner`, keys.ts).
 */
export class CredentialSigner extends Signer {
  constructor(private readonly credential: SigningCredential) {
    super();
  }

  async sign(pdfBuffer: Buffer, signingTime?: Date): Promise<Buffer> {
    const { certificate, key, chain } = this.credential;
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdfBuffer.toString('binary'));
    for (const c of chain) p7.addCertificate(c);
    // Read back from DER, so every name value is in the one form forge parses (see writableName).
    const parsed = forge.pki.certificateFromPem(forge.pki.certificateToPem(certificate));
    const issuer = writableName(parsed.issuer.attributes);
    p7.addSigner({
      key: rsaSigner(key.privateKey),
      issuer,
      serialNumber: parsed.serialNumber,
      digestAlgorithm: forge.pki.oids.sha256,
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType, value: forge.pki.oids.data },
        // forge's typings say string; it encodes a Date as UTCTime.
        { type: forge.pki.oids.signingTime, value: (signingTime ?? clock.now()) as unknown as string },
        { type: forge.pki.oids.messageDigest },
      ],
    } as unknown as Parameters<typeof p7.addSigner>[0]);
    p7.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
  }
}
