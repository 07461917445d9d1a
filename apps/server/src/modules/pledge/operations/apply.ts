import { formatPercent, formatYuan, INTEREST_MODE_LABELS, type IsoDate } from '@factoring/domain';
import type { PledgeApplyInput } from '@factoring/domain/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { pledgeFinancings, pledgeItems } from '../../../db/schema/index.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { lockCreditLine, reserveCredit } from '../../credit/index.ts';
import { pledgeStock } from '../../warehouse/index.ts';
import { generatePledgeContracts } from '../contract-documents.ts';
import { checkPledgeAmount, quotePledge } from '../queries/quote.ts';
import { movePledge, pledgeNoOf, pledgeReference, recordPledgeEvent, type Actor } from '../store.ts';

/**
 * A pledge financing application (/pledge/applyFinacing). In one transaction: the credit line is
 * locked (the race for the last credit is decided on its row), the goods are valued at today's
 * price, the amount checked against value × pledge rate and the available credit, the credit
 * reserved and the chosen quantities pledged in the quantity ledger (`PLEDGE:<id>`). The financing
 * then waits for its margin (保证金).
 */
export async function applyPledge(db: Db, scope: EnterpriseScope, actor: Actor, input: PledgeApplyInput, today: IsoDate) {
  return inTransaction(db, async (tx) => {
    const line = await lockCreditLine(tx, scope, input.creditLineId);
    const q = await quotePledge(tx, scope, input, today, line);
    checkPledgeAmount(q, input.amount, input.termDays);
    await reserveCredit(tx, line, input.amount, today);
    const t = q.trial!;
    const [row] = await tx
      .insert(pledgeFinancings)
      .values({
        financingNo: `tmp-${crypto.randomUUID()}`,
        enterpriseId: scope.enterpriseId,
        platformId: q.platform.id,
        creditLineId: line.id,
        warehouseId: q.warehouseId,
        goodsId: q.goods.id,
        amount: input.amount,
        reserved: input.amount,
        termDays: input.termDays,
        annualRatePpm: t.annualRatePpm,
        serviceFeeRatePpm: t.serviceFeeRatePpm,
        penaltyMultiplierPpm: q.platform.penaltyMultiplierPpm,
        interestMode: t.interestMode,
        pledgeRatePpm: q.terms.pledgeRatePpm,
        warningLinePpm: q.terms.warningLinePpm,
        liquidationLinePpm: q.terms.liquidationLinePpm,
        marginRatePpm: q.terms.marginRatePpm,
        interest: t.interest,
        serviceFee: t.serviceFee,
        netAmount: t.netDisbursed,
        valueAtApply: q.value,
        margin: q.margin,
        applyDate: today,
        dueDate: t.dueDate,
        status: 'SUBMITTED',
        lastUnitPrice: q.unitPrice,
        lastValue: q.value,
        lastLtvPpm: 0,
        pickupPerson: input.pickupPerson || null,
        createdBy: actor.id,
      })
      .returning();
    const financingNo = pledgeNoOf(row!.id, today);
    await tx.update(pledgeFinancings).set({ financingNo }).where(eq(pledgeFinancings.id, row!.id));
    const reference = pledgeReference(row!.id);
    // Lines in position order, as the warehouse's lock order wants; receipts first (their own lock comes first).
    const ordered = [...q.lines].sort((a, b) => Number(b.receiptId !== null) - Number(a.receiptId !== null) || a.positionId - b.positionId);
    for (const l of ordered) {
      if (l.receiptId !== null) await pledgeStock(tx, { receiptId: l.receiptId, reference, depositorId: scope.enterpriseId, actor });
      else await pledgeStock(tx, { positionId: l.positionId, quantity: l.quantity, reference, depositorId: scope.enterpriseId, actor });
      await tx
        .insert(pledgeItems)
        .values({ financingId: row!.id, positionId: l.positionId, receiptId: l.receiptId, goodsId: q.goods.id, quantity: l.quantity });
    }
    await recordPledgeEvent(
      tx,
      row!.id,
      actor,
      '提交质押融资申请',
      `${q.goods.name} ${q.quantity}${q.goods.unit}，单价 ${formatYuan(q.unitPrice)} 元，货值 ${formatYuan(q.value)} 元，质押率 ${formatPercent(q.terms.pledgeRatePpm)}；融资 ${formatYuan(input.amount)} 元，期限 ${input.termDays} 天（${INTEREST_MODE_LABELS[t.interestMode]}）`,
      null,
      'SUBMITTED',
    );
    // No margin asked (rate 0): straight to MARGIN_PAID is not allowed by the machine, so the margin step is always passed through.
    const f = await movePledge(
      tx,
      { ...row!, financingNo },
      'MARGIN_PENDING',
      actor,
      '待缴保证金',
      `应缴保证金 ${formatYuan(q.margin)} 元`,
    );
    await generatePledgeContracts(tx, f);
    return { id: f.id, financingNo, status: f.status, margin: q.margin, netAmount: t.netDisbursed };
  });
}
