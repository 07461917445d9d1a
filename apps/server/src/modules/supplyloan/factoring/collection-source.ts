import { formatYuan } from '@factoring/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { financings } from '../../../db/schema/index.ts';
import { enterpriseDirectoryAs } from '../../account/index.ts';
import { platformDirectory, type DebtorCollectionSource } from '../../financing/index.ts';
import { chinaToday } from '../../../lib/clock.ts';
import { bookCollection } from './book-collection.ts';

const debtor = enterpriseDirectoryAs('collection_debtor');
const SOURCE = 'SUPPLY_INVOICE';

/** The notice of assignment's number for a financing (receivables/notices/draw-up.ts: ZR + the financing number). */
export const noticeNumberOf = (financingNo: string) => `ZR${financingNo}`;

/**
 * Supply loans' factoring collections (issue 36): every disbursed invoice financing expects its debtor — the
 * platform's core enterprise — to pay the factor's collection account, the remark naming the notice of
 * assignment (ZR…) or the financing (RZ…). The bank statement's matcher books a credit that agrees through it.
 */
export const supplyLoanDebtorCollections: DebtorCollectionSource = {
  source: SOURCE,
  async expected(db) {
    const rows = await db
      .select({ id: financings.id, financingNo: financings.financingNo, debtorName: debtor.name })
      .from(financings)
      .innerJoin(platformDirectory, eq(platformDirectory.id, financings.platformId))
      .innerJoin(debtor, eq(debtor.id, platformDirectory.coreEnterpriseId))
      .where(and(eq(financings.kind, 'INVOICE'), inArray(financings.status, ['DISBURSED', 'REPAYING'])))
      .orderBy(asc(financings.id));
    return rows.map((r) => ({
      source: SOURCE,
      loanId: r.id,
      payerName: r.debtorName,
      // The notice's number contains the financing's, so naming either finds it.
      references: [r.financingNo],
      label: `保理回款 ${r.financingNo}（${r.debtorName}）`,
    }));
  },
  async collect(tx, expected, line, actor) {
    const booked = await bookCollection(tx, {
      financingId: expected.loanId,
      kind: 'DEBTOR',
      amount: line.amount,
      payer: { name: line.payerName, accountNo: line.payerAccount },
      reference: line.reference,
      sourceKey: `STATEMENT:${line.sourceKey}`,
      // Booked on the day it is imported: the financing owes by today's quote, which is what the page showed.
      today: chinaToday(),
      actor,
    });
    const c = booked.collection;
    return {
      entryId: booked.receiptEntryId!,
      label: `${expected.label} · 还款 ${formatYuan(c.principal + c.interest + c.penalty)}${c.rebate > 0 ? ` · 返还 ${formatYuan(c.rebate)}` : ''}${booked.status === 'SETTLED' ? ' · 已结清' : ` · 尚欠 ${formatYuan(booked.shortfall)}`}`,
    };
  },
};
