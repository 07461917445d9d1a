// What a contract PDF and a signature cost in CPU (issue 34), the way the portal makes them now against the
// way it did: `node --import tsx bench/contract-pdf.ts`. Not part of `npm run bench` (no budget): the figures
// behind contracts/render-pdf.ts's parsed-once fonts and signing/keys.ts's `rsaSigner`.
import { constants, generateKeyPairSync, privateEncrypt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import forge from 'node-forge';
import PDFDocument from 'pdfkit';
import { openContractPdf } from '../apps/server/src/modules/contracts/index.ts';

const DOCUMENTS = 10;
const TEXT = '本合同由甲方与乙方签订，双方就应收账款转让及保理融资事宜达成如下协议：第一条 融资金额人民币壹佰万元整。'.repeat(20);

function cpuMs<T>(run: () => T): [number, T] {
  const start = process.cpuUsage();
  const result = run();
  const used = process.cpuUsage(start);
  return [(used.user + used.system) / 1000, result];
}

async function documentsCpuMs(open: () => { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> }): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < DOCUMENTS; i++) {
    const { doc, bytes } = open();
    doc.font('bold').fontSize(20).text('应收账款转让通知书');
    doc.font('body').fontSize(10.5).text(`${TEXT}${i}`);
    doc.end();
    await bytes;
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

// Before: pdfkit handed the fonts' bytes, which it parses again for every document.
const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')), '..', 'fonts');
const regular = readFileSync(path.join(fontDir, 'NotoSansHans-Regular.otf'));
const bold = readFileSync(path.join(fontDir, 'NotoSansHans-Bold.otf'));
const fromBytes = () => {
  const doc = new PDFDocument({ size: 'A4', bufferPages: true });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
  });
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  return { doc, bytes };
};
const parsedOnce = () => openContractPdf({ title: 'bench', subject: 'bench', keywords: 'bench' });

for (let round = 1; round <= 2; round++)
  console.log(
    `round ${round}: ${DOCUMENTS} contracts, fonts parsed per document ${(await documentsCpuMs(fromBytes)).toFixed(0)} ms CPU, ` +
      `parsed once ${(await documentsCpuMs(parsedOnce)).toFixed(0)} ms CPU`,
  );

// One PKCS#1 v1.5 SHA-256 signature: forge's JavaScript RSA against Node's (what rsaSigner does).
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const forgeKey = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
const digest = () => forge.md.sha256.create().update('应收账款转让通知书', 'utf8');
const DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');
const SIGNATURES = 20;
const [forgeMs] = cpuMs(() => {
  for (let i = 0; i < SIGNATURES; i++) forgeKey.sign(digest(), 'RSASSA-PKCS1-V1_5');
});
const [nodeMs] = cpuMs(() => {
  for (let i = 0; i < SIGNATURES; i++)
    privateEncrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_PADDING },
      Buffer.concat([DIGEST_INFO, Buffer.from(digest().digest().getBytes(), 'binary')]),
    );
});
console.log(`a signature: forge ${(forgeMs / SIGNATURES).toFixed(1)} ms CPU, Node ${(nodeMs / SIGNATURES).toFixed(1)} ms CPU`);
