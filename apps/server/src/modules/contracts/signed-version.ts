import { chinaDate, formatChinaDateTime } from '@factoring/domain';
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';
import {
  CONTRACT_BRAND,
  drawRunningHeaders,
  drawTermsTable,
  INK,
  MUTED,
  openContractPdf,
  SIGNATURE_FIELDS_KEY,
  type SignatureFields,
} from './render-pdf.ts';
import { drawSeal } from './seal.ts';

/** What the signature page states: the signature record and the original it was made on. */
export interface SignatureEvidence {
  contractNo: string;
  title: string;
  typeLabel: string;
  enterpriseName: string;
  counterparty: string;
  signerName: string;
  signedAt: Date;
  ip: string;
  original: { fileName: string; sha256: string; size: number };
}

/** Keys of the signed version's information dictionary: the SHA-256 of the original it signed, and when. */
export const SIGNED_ORIGINAL_KEY = 'FpSignedOriginalSha256';
const SIGNED_AT_KEY = 'FpSignedAt';

/** Filled-in values: a dark blue, as written by hand into the printed blanks. */
const FILLED = '#1a3e8c';
const SEAL_RADIUS = 40;

const infoDict = (pdf: PDFDocument) => pdf.context.lookupMaybe(pdf.context.trailerInfo.Info, PDFDict);

/** A text entry of a PDF's information dictionary, or null. */
export function readInfoText(pdf: PDFDocument, key: string): string | null {
  const value = infoDict(pdf)?.lookup(PDFName.of(key));
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : null;
}

function readSignatureFields(pdf: PDFDocument): SignatureFields | null {
  const text = readInfoText(pdf, SIGNATURE_FIELDS_KEY);
  if (!text) return null;
  try {
    const f = JSON.parse(text) as SignatureFields;
    const point = (p: unknown) => Array.isArray(p) && p.length === 2 && p.every((n) => Number.isFinite(n));
    if (!Number.isInteger(f.page) || f.page < 0 || f.page >= pdf.getPageCount()) return null;
    return point(f.seal) && point(f.signer) && point(f.date) ? f : null;
  } catch {
    return null;
  }
}

const writtenDate = (at: Date) => {
  const [y, m, d] = chinaDate(at).split('-');
  return `${y} 年 ${Number(m)} 月 ${Number(d)} 日`;
};

/** The SHA-256 in two halves: 64 hex digits do not fit one line of the value column. */
const twoLines = (hex: string) => `${hex.slice(0, 32)}\n${hex.slice(32)}`;

/**
 * The pages pdfkit draws for a signature: first the electronic signature page(s), then — when the
 * original says where its signature block is — one transparent A4 sheet with the seal, the signer
 * and the date at those places, to be laid over that page of the original.
 */
function renderSignatureSheets(e: SignatureEvidence, fields: SignatureFields | null, originalPages: number): Promise<Buffer> {
  const { doc, bytes, left, width } = openContractPdf({
    title: `电子签署页 ${e.contractNo}`,
    subject: e.title,
    keywords: e.contractNo,
    creationDate: e.signedAt,
  });
  const time = formatChinaDateTime(e.signedAt);

  doc.font('bold').fontSize(20).fillColor(INK).text('电子签署页', left, doc.y, { width, align: 'center', characterSpacing: 4 });
  doc.moveDown(0.3);
  doc.font('body').fontSize(12).text(e.title, { width, align: 'center' });
  doc.moveDown(0.2);
  doc.fontSize(10).fillColor(MUTED).text(`合同编号：${e.contractNo}`, { width, align: 'center' });
  doc.moveDown(1);
  doc
    .font('body')
    .fontSize(10.5)
    .fillColor(INK)
    .text(
      `本页为合同 ${e.contractNo}《${e.title}》的电子签署页，由${CONTRACT_BRAND}平台在签署时生成，附于合同正文（共 ${originalPages} 页）之后，与正文共同构成本合同的签署版本。甲方授权代表 ${e.signerName} 于 ${time}（北京时间）以登录密码确认签署；所签原文文件的 SHA-256 摘要记载如下。本签署版文件自身的 SHA-256 摘要由平台在签署时另行记录，可在「合同管理」的合同详情中核验。`,
      left,
      doc.y,
      { width, indent: 21, lineGap: 5 },
    );
  doc.moveDown(0.8);
  drawTermsTable(
    doc,
    [
      { label: '合同编号', value: e.contractNo },
      { label: '合同名称', value: e.title },
      { label: '合同类型', value: e.typeLabel },
      { label: '签署企业（甲方）', value: e.enterpriseName },
      { label: '相对方（乙方）', value: e.counterparty },
      { label: '签署人', value: e.signerName },
      { label: '签署时间', value: `${time}（北京时间 UTC+8）` },
      { label: '签署 IP', value: e.ip },
      { label: '确认方式', value: '登录密码确认（密码经 RSA-OAEP 加密传输）' },
      { label: '所签原文', value: `${e.original.fileName}（${originalPages} 页，${e.original.size.toLocaleString('en-US')} 字节）` },
      { label: '原文 SHA-256', value: twoLines(e.original.sha256) },
    ],
    left,
    width,
  );

  // The enterprise's signature with its seal.
  doc.moveDown(1.5);
  if (doc.y + 130 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const top = doc.y;
  doc.font('bold').fontSize(10.5).fillColor(INK).text('甲方（签章）：', left, top);
  doc.font('body').text(e.enterpriseName, left, doc.y + 4, { width: width / 2 });
  doc
    .text('授权代表：', left, doc.y + 12, { continued: true })
    .fillColor(FILLED)
    .text(e.signerName);
  doc
    .fillColor(INK)
    .text('签署日期：', left, doc.y + 12, { continued: true })
    .fillColor(FILLED)
    .text(writtenDate(e.signedAt));
  drawSeal(doc, e.enterpriseName, left + 190, top + 44, SEAL_RADIUS + 6);
  doc.y = Math.max(doc.y, top + 100);
  doc.moveDown(1);
  doc
    .font('body')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      '核验方法：对签署前的原文 PDF 文件计算 SHA-256，应与上表“原文 SHA-256”一致；对本签署版文件计算 SHA-256，应与平台记录的签署版摘要一致。电子印章为签署的可视标记，签署的证据为上述签署记录与摘要。',
      left,
      doc.y,
      { width, lineGap: 3 },
    );
  drawRunningHeaders(doc, `合同编号 ${e.contractNo}`, (page, count) =>
    count > 1 ? `电子签署页 第 ${page} 页 / 共 ${count} 页` : '电子签署页',
  );

  if (fields) {
    // Transparent overlay: only the seal and the written values, at the recorded places.
    doc.addPage();
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    doc.font('body').fontSize(10.5).fillColor(FILLED);
    doc.text(e.signerName, fields.signer[0], fields.signer[1], { lineBreak: false });
    doc.text(writtenDate(e.signedAt), fields.date[0], fields.date[1], { lineBreak: false });
    drawSeal(doc, e.enterpriseName, fields.seal[0], fields.seal[1], SEAL_RADIUS);
  }
  doc.end();
  return bytes;
}

/**
 * The signed version of a contract: the original's pages as they are, the enterprise's seal, the
 * signer and the date laid over its signature block, and the electronic signature page appended.
 * Its information dictionary names the original's SHA-256 (SIGNED_ORIGINAL_KEY), so the file itself
 * says which document it signed. Deterministic: the same original and evidence give the same bytes.
 */
export async function renderSignedVersion(original: Buffer, e: SignatureEvidence): Promise<Buffer> {
  const out = await PDFDocument.load(original, { updateMetadata: false });
  const originalPages = out.getPageCount();
  const fields = readSignatureFields(out);
  const sheets = await PDFDocument.load(await renderSignatureSheets(e, fields, originalPages), { updateMetadata: false });
  // One copy of the sheets, so the signature page and the overlay share their font objects.
  const copied = await out.copyPages(sheets, sheets.getPageIndices());
  const overlay = fields ? copied.pop()! : null;
  for (const page of copied) out.addPage(page);
  if (fields && overlay) {
    const [stamp] = await out.embedPages([overlay]);
    const page = out.getPage(fields.page);
    page.drawPage(stamp, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  }

  out.setModificationDate(e.signedAt);
  out.setProducer(`${CONTRACT_BRAND}电子合同服务`);
  const info = infoDict(out);
  info?.set(PDFName.of(SIGNED_ORIGINAL_KEY), PDFString.of(e.original.sha256));
  info?.set(PDFName.of(SIGNED_AT_KEY), PDFString.of(e.signedAt.toISOString()));
  // A classic cross-reference table: the digital signatures are appended to it as incremental updates
  // (modules/signing/sign-pdf.ts), which cannot follow a cross-reference stream.
  return Buffer.from(await out.save({ updateFieldAppearances: false, useObjectStreams: false }));
}

/** Which original a signed version says it signed (its SIGNED_ORIGINAL_KEY), or null when unreadable. */
export async function declaredOriginalSha256(signed: Buffer): Promise<string | null> {
  try {
    const pdf = await PDFDocument.load(signed, { updateMetadata: false });
    const value = readInfoText(pdf, SIGNED_ORIGINAL_KEY);
    return value && /^[0-9a-f]{64}$/.test(value) ? value : null;
  } catch {
    return null;
  }
}
