// Goods-pledge financing as a lending product of the one loan book (issue 35): the factor's own book,
// backed by goods in a supervised warehouse, no debtor. Registered once, in app.ts.
import { asc, eq, inArray } from 'drizzle-orm';
import { pledgeFinancings } from '../../db/schema/index.ts';
import { platformDirectory } from '../financing/index.ts';
import { goodsDirectory, warehouseDirectory } from '../warehouse/index.ts';
import { enterpriseDirectory } from '../account/index.ts';
import type { LendingProduct, LoanPosition } from '../financing/index.ts';
import { pledgeOwedOn } from './balance.ts';
import { pledgeMarginDefaultStep, pledgeOverdueStep } from './jobs/close-of-day.ts';
import { PLEDGE_CONTRACT_KINDS } from './contract-kinds.ts';
import { pledgeArrears } from './overdue.ts';
import { LIVE_STATUSES } from './store.ts';
import { PLEDGE_TASK_TYPES } from './task-types.ts';
import { PLEDGE_VOUCHER_PURPOSES } from './voucher-purposes.ts';

export const pledgeProduct: LendingProduct = {
  label: '货押融资',
  area: { tag: 'pledge', label: '质押融资' },
  lines: [{ code: 'PLEDGE', label: '货押融资', side: 'FACTOR' }],
  /** Disbursed and not settled: the pledge's own accrual on the day. */
  positions: async (db, asOf) => {
    const live = await db
      .select({
        f: pledgeFinancings,
        borrowerName: enterpriseDirectory.name,
        platformName: platformDirectory.name,
        warehouseName: warehouseDirectory.name,
        goodsName: goodsDirectory.name,
      })
      .from(pledgeFinancings)
      .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, pledgeFinancings.enterpriseId))
      .innerJoin(platformDirectory, eq(platformDirectory.id, pledgeFinancings.platformId))
      .innerJoin(warehouseDirectory, eq(warehouseDirectory.id, pledgeFinancings.warehouseId))
      .innerJoin(goodsDirectory, eq(goodsDirectory.id, pledgeFinancings.goodsId))
      .where(inArray(pledgeFinancings.status, [...LIVE_STATUSES]))
      .orderBy(asc(pledgeFinancings.id));
    return live.map(({ f, borrowerName, platformName, warehouseName, goodsName }): LoanPosition => {
      const owed = pledgeOwedOn(f, asOf);
      return {
        product: 'PLEDGE',
        id: f.id,
        financingNo: f.financingNo,
        borrowerId: f.enterpriseId,
        borrowerName,
        // A goods pledge has no debtor: the platform's core enterprise is not its obligor.
        debtorId: null,
        debtorName: null,
        platformId: f.platformId,
        platformName,
        warehouseId: f.warehouseId,
        warehouseName,
        goodsId: f.goodsId,
        goodsName,
        dueDate: f.dueDate,
        daysPastDue: owed.overdueDays,
        principal: owed.principal,
        interest: owed.interest,
        penalty: owed.penalty,
      };
    });
  },
  arrears: pledgeArrears,
  taskTypes: PLEDGE_TASK_TYPES,
  transferVoucherPurposes: PLEDGE_VOUCHER_PURPOSES,
  contractKinds: PLEDGE_CONTRACT_KINDS,
  closeOfBusinessSteps: [pledgeOverdueStep, pledgeMarginDefaultStep],
};
