// The local registry's certificates (issue 36): 登记证明 for each act (initial, amendment, extension,
// cancellation) and 查询证明 for each search, laid out with the portal's PDF pieces (contracts face:
// the fonts, the terms table, the running headers) and marked as the built-in registry's, not the PBOC's.
import { formatChinaDateTime, formatYuan, invoiceLabel, REGISTRY_ACT_LABELS, type RegistryAct } from '@factoring/domain';
import type { localRegistryActs, localRegistrySearches, RegisteredReceivable } from '../../../db/schema/index.ts';
import { drawRunningHeaders, drawTermsTable, INK, MUTED, openContractPdf } from '../../contracts/index.ts';

/** Who issues them: the built-in registry, so no one takes a demo certificate for the PBOC's. */
const ISSUER = '动产融资统一登记公示系统（鑫链保理内置本地登记簿）';
const DISCLAIMER =
  '本证明由鑫链保理平台内置的本地登记簿出具，模拟中国人民银行征信中心动产融资统一登记公示系统的登记与查询，仅用于演示与测试，不具有登记公示的法律效力。接入真实登记系统后，以其出具的证明为准。';

type Act = typeof localRegistryActs.$inferSelect & { initialNo: string };
type Search = typeof localRegistrySearches.$inferSelect;

/** What an act's snapshot holds (local-registry.ts `snapshotOf`). */
interface Snapshot {
  registrationNo: string;
  registrant: { name: string; creditCode: string };
  transferor: { name: string; creditCode: string };
  receivables: RegisteredReceivable[];
  description: string;
  amount: number;
  years: number;
  registeredAt: string;
  registeredOn: string;
  expiresOn: string;
  status?: string;
}

const receivableLine = (r: RegisteredReceivable) =>
  `发票 ${invoiceLabel(r.invoiceCode, r.invoiceNumber)}，开票日期 ${r.issueDate}，价税合计 ${formatYuan(r.amount)} 元，债务人 ${r.debtorName}（${r.debtorCode}），自 ${formatChinaDateTime(r.addedAt)} 起登记`;

function heading(doc: PDFKit.PDFDocument, left: number, width: number, title: string, numberLine: string) {
  doc.font('bold').fontSize(20).fillColor(INK).text(title, left, doc.y, { width, align: 'center', characterSpacing: 2 });
  doc.moveDown(0.3);
  doc.font('body').fontSize(10).fillColor(MUTED).text(numberLine, { width, align: 'center' });
  doc.moveDown(1);
}

function closing(doc: PDFKit.PDFDocument, left: number, width: number) {
  doc.moveDown(1);
  doc.font('body').fontSize(9).fillColor(MUTED).text(DISCLAIMER, left, doc.y, { width, lineGap: 3 });
}

/** The 登记证明 of one act: the registration as it stood after it. */
export function renderRegistrationCertificate(act: Act): Promise<Buffer> {
  const s = act.snapshot as unknown as Snapshot;
  const kind = REGISTRY_ACT_LABELS[act.act as RegistryAct];
  const { doc, bytes, left, width } = openContractPdf({
    title: `${kind}证明 ${act.actNo}`,
    subject: `动产和权利担保统一登记 ${kind}证明`,
    keywords: `${act.actNo} ${s.registrationNo}`,
    creationDate: act.madeAt,
    issuer: ISSUER,
  });
  heading(
    doc,
    left,
    width,
    `${kind}证明`,
    act.act === 'INITIAL' ? `登记编号：${act.actNo}` : `登记编号：${act.actNo}  初始登记编号：${act.initialNo}`,
  );
  const rows = [
    { label: '登记类型', value: '保理（应收账款转让）' },
    { label: '本次登记', value: `${kind}（${formatChinaDateTime(act.madeAt)}）` },
    ...(act.act === 'INITIAL' ? [] : [{ label: '登记说明', value: act.note }]),
    { label: '初始登记时间', value: formatChinaDateTime(s.registeredAt) },
    { label: '登记期限', value: `${s.years} 年` },
    { label: '登记到期日', value: s.expiresOn },
    { label: '登记状态', value: act.act === 'CANCELLATION' ? '已注销' : '有效' },
    { label: '担保权人（受让人）', value: `${s.registrant.name}\n统一社会信用代码：${s.registrant.creditCode}` },
    { label: '担保人（出让人）', value: `${s.transferor.name}\n统一社会信用代码：${s.transferor.creditCode}` },
    { label: '转让财产价值', value: `${formatYuan(s.amount)} 元` },
    { label: '转让财产描述', value: s.description },
    { label: '应收账款明细', value: s.receivables.map((r, i) => `${i + 1}. ${receivableLine(r)}`).join('\n') },
  ];
  drawTermsTable(doc, rows, left, width);
  closing(doc, left, width);
  drawRunningHeaders(doc, `登记编号 ${act.actNo}`, (page, count) => `第 ${page} 页 / 共 ${count} 页`, ISSUER);
  doc.end();
  return bytes;
}

/** The 查询证明 of one search: who searched, by which transferor, when, and each valid registration found then. */
export function renderSearchCertificate(search: Search): Promise<Buffer> {
  const findings = search.results as unknown as Snapshot[];
  const { doc, bytes, left, width } = openContractPdf({
    title: `查询证明 ${search.proofNo}`,
    subject: '动产和权利担保统一登记 查询证明',
    keywords: search.proofNo,
    creationDate: search.searchedAt,
    issuer: ISSUER,
  });
  heading(doc, left, width, '查询证明', `查询证明编号：${search.proofNo}`);
  drawTermsTable(
    doc,
    [
      { label: '查询人', value: search.searcherName },
      { label: '查询时间', value: formatChinaDateTime(search.searchedAt) },
      { label: '查询条件', value: `担保人（出让人）统一社会信用代码：${search.transferorCode}` },
      { label: '查询结果', value: findings.length ? `共 ${findings.length} 条有效登记` : '未查到有效登记' },
    ],
    left,
    width,
  );
  findings.forEach((f, i) => {
    doc.moveDown(0.8);
    doc
      .font('bold')
      .fontSize(11)
      .fillColor(INK)
      .text(`${i + 1}. 登记编号 ${f.registrationNo}`, left, doc.y, { width });
    doc.moveDown(0.3);
    drawTermsTable(
      doc,
      [
        { label: '登记时间', value: formatChinaDateTime(f.registeredAt) },
        { label: '登记到期日', value: f.expiresOn },
        { label: '担保权人（受让人）', value: `${f.registrant.name}（${f.registrant.creditCode}）` },
        { label: '担保人（出让人）', value: `${f.transferor.name}（${f.transferor.creditCode}）` },
        { label: '转让财产价值', value: `${formatYuan(f.amount)} 元` },
        { label: '转让财产描述', value: f.description },
        { label: '应收账款明细', value: f.receivables.map((r, n) => `${n + 1}. ${receivableLine(r)}`).join('\n') },
      ],
      left,
      width,
    );
  });
  closing(doc, left, width);
  drawRunningHeaders(doc, `查询证明编号 ${search.proofNo}`, (page, count) => `第 ${page} 页 / 共 ${count} 页`, ISSUER);
  doc.end();
  return bytes;
}
