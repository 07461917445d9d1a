// Supply loans as a lending product of the one loan book (issue 35): invoice (应收账款) and order loans,
// the factor's own book, debtor the platform's core enterprise. Registered once, in app.ts.
import { asc, eq, inArray } from 'drizzle-orm';
import { financings } from '../../db/schema/index.ts';
import { platformDirectory } from '../financing/index.ts';
import { enterpriseDirectory, enterpriseDirectoryAs } from '../account/index.ts';
import type { LendingProduct, LoanPosition } from '../financing/index.ts';
import { supplyLoanCloseStep } from './jobs/close-of-day.ts';
import { supplyLoanArrears } from './overdue.ts';
import { openTranchesOf, quoteOf } from './queries/quote.ts';
import { supplyLoanTaskTypes } from './task-types.ts';
import { SUPPLY_LOAN_CONTRACT_KINDS } from './contract-kinds.ts';
import type { ReceivablePorts } from '../receivables/index.ts';
import { OFFLINE_REPAYMENT } from './operations/offline-repayment.ts';
import { supplyLoanDebtorCollections } from './factoring/collection-source.ts';
import { factoringShortfallStep } from './factoring/shortfall-step.ts';

const debtor = enterpriseDirectoryAs('debtor');

/** With the app's tax bureau and registry (issue 36), which its task types reach. */
export const supplyLoanProduct = (receivables: ReceivablePorts): LendingProduct => ({
  label: '供应链融资',
  area: { tag: 'supplyloan', label: '供应链融资' },
  lines: [
    { code: 'INVOICE', label: '供应链融资（应收账款）', side: 'FACTOR' },
    { code: 'ORDER', label: '订单融资', side: 'FACTOR' },
  ],
  /** Disbursed and not settled: their open tranches quoted on the day, as the repayment page quotes them. */
  positions: async (db, asOf) => {
    const live = await db
      .select({
        f: financings,
        borrowerName: enterpriseDirectory.name,
        platformName: platformDirectory.name,
        debtorId: debtor.id,
        debtorName: debtor.name,
      })
      .from(financings)
      .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, financings.enterpriseId))
      .innerJoin(platformDirectory, eq(platformDirectory.id, financings.platformId))
      .leftJoin(debtor, eq(debtor.id, platformDirectory.coreEnterpriseId))
      .where(inArray(financings.status, ['DISBURSED', 'REPAYING']))
      .orderBy(asc(financings.id));
    if (!live.length) return [];
    const tranches = await openTranchesOf(
      db,
      live.map((l) => l.f.id),
    );
    return live.map(({ f, borrowerName, platformName, debtorId, debtorName }): LoanPosition => {
      const open = tranches.get(f.id) ?? [];
      const q = quoteOf(f, open, asOf);
      return {
        product: f.kind,
        id: f.id,
        financingNo: f.financingNo,
        borrowerId: f.enterpriseId,
        borrowerName,
        debtorId,
        debtorName,
        platformId: f.platformId,
        platformName,
        warehouseId: null,
        warehouseName: null,
        goodsId: null,
        goodsName: null,
        dueDate: open.map((t) => t.dueDate!).sort()[0] ?? f.dueDate,
        daysPastDue: q.overdueDays,
        principal: q.principal,
        interest: q.interest,
        penalty: q.penalty,
      };
    });
  },
  arrears: supplyLoanArrears,
  taskTypes: supplyLoanTaskTypes(receivables),
  transferVoucherPurposes: [OFFLINE_REPAYMENT],
  debtorCollections: supplyLoanDebtorCollections,
  contractKinds: SUPPLY_LOAN_CONTRACT_KINDS,
  // The overdue mark first, then the factoring shortfalls past maturity + grace (issue 36).
  closeOfBusinessSteps: [supplyLoanCloseStep, factoringShortfallStep],
});
