import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { create as parseFont, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import type { ContractDocument } from './templates.ts';
import { now } from '../../lib/clock.ts';

/**
 * Contract PDFs: pdfkit with Noto Sans Hans (OFL, from the `@embedpdf/fonts-sc` package) embedded.
 * pdfkit embeds only the glyphs a document uses, so a contract stays around 100 KB although the
 * font files are 8 MB each. The fonts are parsed once per process and every document subsets the same
 * parsed fonts (pdfkit takes a fontkit font as well as its bytes): given the bytes, pdfkit parsed both
 * 8 MB fonts again for every document — most of a contract's CPU (ten documents 2.1–3.0 → 0.85–1.2 s,
 * `node --import tsx bench/contract-pdf.ts`; issue 34).
 */
const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');

let fonts: { regular: Font; bold: Font } | undefined;
function loadFonts() {
  fonts ??= {
    regular: parseFont(readFileSync(path.join(FONT_DIR, 'NotoSansHans-Regular.otf'))) as Font,
    bold: parseFont(readFileSync(path.join(FONT_DIR, 'NotoSansHans-Bold.otf'))) as Font,
  };
  return fonts;
}

const A4_MARGIN = 64;
const BODY_SIZE = 10.5;
const LINE_GAP = 5;
export const INK = '#1f1f1f';
export const MUTED = '#666666';
const RULE = '#bfbfbf';
/** The brand on every contract page (the portal's own name, as in its header and mails). */
export const CONTRACT_BRAND = '鑫链保理';

/**
 * Where the signature goes in the enterprise's (甲方's) signature block, in pdfkit page coordinates
 * (points, origin top left): the page (0-based), the seal's centre, and the starts of the blank
 * lines for the signer and the date. Written into the PDF's information dictionary under this key
 * so the signed version can be drawn onto the very file that was signed (signed-version.ts).
 */
export const SIGNATURE_FIELDS_KEY = 'FpSignatureFields';
export interface SignatureFields {
  page: number;
  seal: [number, number];
  signer: [number, number];
  date: [number, number];
}

/**
 * A new A4 contract document with the Chinese fonts registered as 'body' and 'bold', and its bytes when ended.
 * `issuer` names who issues a document that is not the portal's contract (a registry's certificate).
 */
export function openContractPdf(info: { title: string; subject: string; keywords: string; creationDate?: Date; issuer?: string }) {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: A4_MARGIN, bottom: A4_MARGIN, left: A4_MARGIN, right: A4_MARGIN },
    bufferPages: true,
    lang: 'zh-CN',
    displayTitle: true,
    info: {
      Title: info.title,
      Subject: info.subject,
      Author: info.issuer ?? CONTRACT_BRAND,
      Creator: info.issuer ?? `${CONTRACT_BRAND}电子合同服务`,
      Keywords: info.keywords,
      CreationDate: info.creationDate ?? now(),
    },
  });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // @types/pdfkit names only bytes and paths as a font's source; pdfkit 0.20 takes a parsed font too.
  doc.registerFont('body', regular as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont('bold', bold as unknown as PDFKit.Mixins.PDFFontSource);
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  return { doc, bytes, left, width };
}

/** The key terms table: a shaded label column and a value column, rows growing with their text. */
export function drawTermsTable(doc: PDFKit.PDFDocument, rows: { label: string; value: string }[], left: number, width: number) {
  const labelWidth = 120;
  const pad = 6;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  doc.fontSize(BODY_SIZE);
  for (const row of rows) {
    doc.font('body');
    const h =
      Math.max(
        doc.heightOfString(row.value, { width: width - labelWidth - pad * 2 }),
        doc.heightOfString(row.label, { width: labelWidth - pad * 2 }),
      ) +
      pad * 2;
    if (doc.y + h > bottom()) doc.addPage();
    const y = doc.y;
    doc.save().rect(left, y, labelWidth, h).fillAndStroke('#f5f5f5', RULE).restore();
    doc
      .save()
      .rect(left + labelWidth, y, width - labelWidth, h)
      .stroke(RULE)
      .restore();
    doc.fillColor(MUTED).text(row.label, left + pad, y + pad, { width: labelWidth - pad * 2 });
    doc.fillColor(INK).text(row.value, left + labelWidth + pad, y + pad, { width: width - labelWidth - pad * 2 });
    doc.x = left;
    doc.y = y + h;
  }
}

/** The running header (brand, contract number) and footer (page label) on every buffered page; `headerLeft` for another issuer. */
export function drawRunningHeaders(
  doc: PDFKit.PDFDocument,
  headerRight: string,
  footer: (page: number, count: number) => string,
  headerLeft = `${CONTRACT_BRAND} · 电子合同`,
) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const { margins } = doc.page;
    const left = margins.left;
    const width = doc.page.width - margins.left - margins.right;
    doc.page.margins = { ...margins, top: 0, bottom: 0 };
    doc
      .save()
      .moveTo(left, margins.top - 18)
      .lineTo(left + width, margins.top - 18)
      .lineWidth(0.5)
      .stroke(RULE)
      .restore();
    doc.font('body').fontSize(8).fillColor(MUTED);
    doc.text(headerLeft, left, margins.top - 32, { width, align: 'left', lineBreak: false });
    doc.text(headerRight, left, margins.top - 32, { width, align: 'right', lineBreak: false });
    doc.text(footer(i - range.start + 1, range.count), left, doc.page.height - margins.bottom + 24, {
      width,
      align: 'center',
      lineBreak: false,
    });
    doc.page.margins = margins;
  }
}

/** Lays a filled template out on A4 pages and answers the PDF bytes. */
export function renderContractPdf(d: ContractDocument, opts: { creationDate?: Date } = {}): Promise<Buffer> {
  const { doc, bytes, left, width } = openContractPdf({
    title: `${d.heading} ${d.contractNo}`,
    subject: d.title,
    keywords: d.contractNo,
    creationDate: opts.creationDate,
  });
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensureSpace = (h: number) => {
    if (doc.y + h > bottom()) doc.addPage();
  };

  // Title block
  doc.font('bold').fontSize(22).fillColor(INK).text(d.heading, left, doc.y, { width, align: 'center', characterSpacing: 4 });
  doc.moveDown(0.3);
  doc.font('body').fontSize(12).fillColor(INK).text(d.title, { width, align: 'center' });
  doc.moveDown(0.2);
  doc.fontSize(10).fillColor(MUTED).text(`合同编号：${d.contractNo}`, { width, align: 'center' });
  doc.moveDown(1);

  // Parties
  doc.fillColor(INK).fontSize(BODY_SIZE);
  for (const p of d.parties) {
    doc
      .font('bold')
      .text(`${p.role}：`, left, doc.y, { continued: true, lineGap: LINE_GAP })
      .font('body')
      .text(p.name, { lineGap: LINE_GAP });
  }
  doc.moveDown(0.6);
  doc.font('body').text(d.preamble, left, doc.y, { width, indent: BODY_SIZE * 2, lineGap: LINE_GAP });
  doc.moveDown(0.8);

  // Key terms table
  doc.font('bold').fontSize(11).text('主要条款', left, doc.y, { width });
  doc.moveDown(0.4);
  drawTermsTable(doc, d.terms, left, width);
  doc.moveDown(1);

  // Clauses
  for (const c of d.clauses) {
    ensureSpace(60);
    doc.font('bold').fontSize(11).fillColor(INK).text(c.heading, left, doc.y, { width, lineGap: LINE_GAP });
    doc.font('body').fontSize(BODY_SIZE);
    c.paragraphs.forEach((p, n) => {
      const text = c.paragraphs.length > 1 ? `${n + 1}. ${p}` : p;
      doc.text(text, left, doc.y, { width, indent: BODY_SIZE * 2, lineGap: LINE_GAP });
    });
    doc.moveDown(0.5);
  }

  // Signature block: blank lines for the signer and the date. Where the enterprise's (甲方's) seal,
  // signer and date go is recorded in the file, for the signed version.
  ensureSpace(150);
  doc.moveDown(1);
  const colWidth = width / 2;
  const top = doc.y;
  const lineEnd = (x: number) => x + colWidth - 24;
  const blankLine = (label: string, x: number, y: number): [number, number] => {
    doc.text(label, x, y, { width: colWidth - 12, lineBreak: false });
    const start = x + doc.widthOfString(label) + 2;
    const base = y + doc.currentLineHeight() + 1;
    doc.save().moveTo(start, base).lineTo(lineEnd(x), base).lineWidth(0.5).stroke(INK).restore();
    return [start + 4, y];
  };
  let fields: SignatureFields | undefined;
  d.signatures.forEach((s, n) => {
    const x = left + n * colWidth;
    doc
      .font('bold')
      .fontSize(BODY_SIZE)
      .fillColor(INK)
      .text(`${s.role}（签章）：`, x, top, { width: colWidth - 12 });
    const nameY = doc.y + 4;
    doc.font('body').text(s.name, x, nameY, { width: colWidth - 12 });
    const signer = blankLine('授权代表（签字）：', x, doc.y + 16);
    const date = blankLine('签署日期：', x, signer[1] + 30);
    if (n === 0) fields = { page: doc.bufferedPageRange().count - 1, seal: [x + 150, nameY + 16], signer, date };
  });
  if (fields) (doc.info as Record<string, unknown>)[SIGNATURE_FIELDS_KEY] = JSON.stringify(fields);

  drawRunningHeaders(doc, d.footer, (page, count) => `第 ${page} 页 / 共 ${count} 页`);
  doc.end();
  return bytes;
}
