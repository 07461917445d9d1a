import type { Cents } from '@factoring/domain';
import { inTransaction } from '../db/transaction.ts';
import { openPayee, recordDeposit, internalTransfer, requestWithdrawal } from '../modules/funds/index.ts';
import { virtualAccountBalance } from '../modules/ledger/index.ts';
import { readSiteConfig } from '../modules/system/index.ts';
import type { HistoryContext } from './history-context.ts';
import { dayOfMonth } from './timeline.ts';

const yuan = (n: number) => Math.round(n * 100) as Cents;

/** The demo enterprise's suppliers on its targeted-payment whitelist (controlled funds are paid to them). */
export const DEMO_SUPPLIERS = {
  shagang: { name: '江苏沙钢物资贸易有限公司', bankName: '中国银行张家港分行营业部', accountNo: '478358209315' },
  rizhao: { name: '日照钢铁销售有限公司', bankName: '中国工商银行日照分行营业部', accountNo: '1614002109200087613' },
  baosteel: { name: '上海宝钢钢材贸易有限公司', bankName: '中国建设银行上海宝山支行', accountNo: '31050174360000002276' },
} as const;
export type DemoSupplier = keyof typeof DEMO_SUPPLIERS;

/** Its customers paying for goods by bank transfer to its virtual account. */
const CUSTOMERS = [
  { name: '杭州钢联建材有限公司', accountNo: '33050161672700000318' },
  { name: '苏州恒达建设工程有限公司', accountNo: '32250198863600000517' },
] as const;

/**
 * Month by month from eleven months ago to last month (index 0 = eleven months ago): two customer
 * receipts, the storage fee to 江苏安储 by platform transfer, and a withdrawal to its own bank account.
 * Last month's withdrawal is the one that leaves the account where the demo's present starts.
 */
const RECEIPTS = [
  [386_300, 165_000],
  [412_450, 188_600],
  [438_900, 164_300],
  [402_150, 131_500],
  [455_000, 198_750],
  [390_780, 156_400],
  [433_600, 142_100],
  [484_200, 179_900],
  [415_350, 205_600],
  [442_800, 168_300],
  [398_400, 191_200],
];
const STORAGE_FEES = [12_600, 12_600, 14_200, 14_200, 15_800, 15_800, 16_400, 16_400, 18_000, 18_000, 18_000];
const WITHDRAWALS = [420_000, 450_000, 420_000, 540_000, 520_000, 400_000, 490_000, 470_000, 520_000, 490_000];

/**
 * The free funds the demo enterprise has when the history ends (last month's withdrawal leaves exactly
 * this): where the present-day seed starts, so today's balances are the ones the journeys and tests
 * know (¥1,143,894.31 free after today's repayment, cloud-loan drawdown and instalment, pledge margin).
 */
export const AVAILABLE_AFTER_HISTORY = 105_000_000 as Cents;

/**
 * The demo enterprise's fund flows over the last eleven months (plus this month's present-day
 * seed, a year on the chart): its whitelisted suppliers opened and approved at the start, and each
 * month's receipts, storage fee and withdrawal (reviewed by 赵审, paid out by 钱核).
 */
export function planFundsHistory(ctx: HistoryContext) {
  const { db, demo, timeline, today } = ctx;
  const day = (offset: number, d: number) => dayOfMonth(today, offset, d);

  (Object.keys(DEMO_SUPPLIERS) as DemoSupplier[]).forEach((key, i) => {
    timeline.on(day(-11, 3), `10:0${i}`, async () => {
      const payee = await inTransaction(db, (tx) =>
        openPayee(tx, demo.scope, demo.actor, { ...DEMO_SUPPLIERS[key], relation: 'UPSTREAM' }),
      );
      ctx.payees.set(key, payee.id);
    });
    timeline.on(day(-11, 3), `14:2${i}`, () =>
      ctx.decide('FUNDS_PAYEE', ctx.payees.get(key)!, ctx.operator, 'APPROVE', '供应商账户与采购合同一致'),
    );
  });

  RECEIPTS.forEach(([first, second], i) => {
    const offset = i - 11;
    timeline.on(day(offset, 5), '10:30', () => receive(ctx, CUSTOMERS[0], yuan(first)));
    timeline.on(day(offset, 12), '15:20', async () => {
      const fee = (await readSiteConfig(db)).fees.inTransfer as Cents;
      const storage = (await virtualAccountBalance(db, ctx.storage.enterpriseId))!;
      await inTransaction(db, (tx) =>
        internalTransfer(tx, demo.scope, {
          payeeAccountNo: storage.accountNo,
          payeeName: storage.accountName,
          amount: yuan(STORAGE_FEES[i]),
          fee,
          memo: '仓储费',
        }),
      );
    });
    timeline.on(day(offset, 18), '11:00', () => receive(ctx, CUSTOMERS[1], yuan(second)));
    const withdrawal: { id?: number } = {};
    timeline.on(day(offset, 24), '09:40', async () => {
      const fee = (await readSiteConfig(db)).fees.withdraw as Cents;
      let amount = yuan(WITHDRAWALS[i] ?? 0);
      if (i === WITHDRAWALS.length) {
        const { available } = (await virtualAccountBalance(db, demo.enterpriseId))!;
        amount = (available - AVAILABLE_AFTER_HISTORY - fee) as Cents;
        if (amount <= 0) throw new Error(`demo history: the account ends at ${available}, below where the present starts`);
      }
      withdrawal.id = (await inTransaction(db, (tx) => requestWithdrawal(tx, demo.scope, { by: demo.actor, amount, fee }))).withdrawalId;
    });
    // Reviewed in the morning, its pay-out confirmed in the afternoon — by two operators.
    timeline.on(day(offset, 24), '10:30', () =>
      ctx.decide('FUNDS_WITHDRAWAL_REVIEW', withdrawal.id!, ctx.operator, 'APPROVE', '结算账户一致，同意'),
    );
    timeline.on(day(offset, 24), '15:10', () => ctx.decide('FUNDS_WITHDRAWAL', withdrawal.id!, ctx.checker, 'APPROVE', '银行已出款'));
  });
}

/** A customer's bank transfer to the demo's virtual account, recorded by the operator from the bank receipt. */
async function receive(ctx: HistoryContext, customer: (typeof CUSTOMERS)[number], amount: Cents) {
  const account = (await virtualAccountBalance(ctx.db, ctx.demo.enterpriseId))!;
  await inTransaction(ctx.db, (tx) =>
    recordDeposit(tx, {
      operatorId: ctx.operator.id,
      accountNo: account.accountNo,
      amount,
      payerName: customer.name,
      payerAccountNo: customer.accountNo,
      memo: '货款回笼',
    }),
  );
}
