/**
 * Digital signatures (issue 26): the signing authority, the holders' certificates, adding a PAdES
 * signature to a PDF and reading the signatures back from a file. Contracts sign through this;
 * certification issues an enterprise's certificate when it approves its real-name authentication.
 */
export { configureSigning, signingConfigOf, signingContext, type SigningConfig } from './configured.ts';
export { enterpriseCredential, factorCredential, type SigningContext, type SigningCredential } from './certificates.ts';
export { addSignature, type SignatureDetails } from './sign-pdf.ts';
export { NOT_ISSUED_HERE, readSignatures, type FileSignature } from './read-signatures.ts';
export { decryptPrivateKey, encryptPrivateKey } from './keys.ts';
