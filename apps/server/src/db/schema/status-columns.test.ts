import {
  accountChangeLifecycle,
  authenticationLifecycle,
  cloudLoanApplicationLifecycle,
  cloudLoanDrawdownLifecycle,
  instalmentLifecycle,
  consignmentLifecycle,
  contractLifecycle,
  creditLineLifecycle,
  deliveryPartyLifecycle,
  financingLifecycle,
  goodsLifecycle,
  invoiceLifecycle,
  marginCallLifecycle,
  orderLifecycle,
  orderReceivableLifecycle,
  payeeLifecycle,
  pledgeLifecycle,
  transferVoucherLifecycle,
  receiptLifecycle,
  releaseOrderLifecycle,
  repaymentLifecycle,
  reviewLifecycle,
  stockTakeLifecycle,
  taskLifecycle,
  trancheLifecycle,
  userLifecycle,
  withdrawalLifecycle,
  statementLineLifecycle,
  financedAssetLifecycle,
  bureauInvoiceLifecycle,
  dilutionLifecycle,
  registrationLifecycle,
  confirmationLifecycle,
  noticeLifecycle,
  type Lifecycle,
} from '@factoring/domain';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './index.ts';

// Every status column takes its values from its domain machine (issue 23): `text({ enum: statesOf(machine) })`.
// The columns are found, not listed by hand: every table of the schema index, every column named `status`
// or `state` (or ending in `_status` / `_state`). A new one fails here until it is given its machine below,
// or an exemption with its reason.

/** `table.column` → the machine whose states the column holds. */
const MACHINES: Record<string, Lifecycle<string>> = {
  'users.status': userLifecycle,
  'enterprise_authentications.status': authenticationLifecycle,
  'account_change_requests.status': accountChangeLifecycle,
  'bpm_tasks.state': taskLifecycle,
  'withdrawals.status': withdrawalLifecycle,
  'payees.status': payeeLifecycle,
  'consignment_applications.status': consignmentLifecycle,
  'contracts.status': contractLifecycle,
  'credit_lines.status': creditLineLifecycle,
  'platform_join_applications.status': reviewLifecycle,
  'invoices.status': invoiceLifecycle,
  'order_receivables.status': orderReceivableLifecycle,
  'financings.status': financingLifecycle,
  'financing_tranches.status': trancheLifecycle,
  'repayments.status': repaymentLifecycle,
  'financing_extensions.status': reviewLifecycle,
  'cloud_loan_applications.status': cloudLoanApplicationLifecycle,
  'cloud_loan_drawdowns.status': cloudLoanDrawdownLifecycle,
  'loan_instalments.status': instalmentLifecycle,
  'goods.status': goodsLifecycle,
  'warehouse_receipts.status': receiptLifecycle,
  'stock_takes.status': stockTakeLifecycle,
  'release_orders.status': releaseOrderLifecycle,
  'pledge_financings.status': pledgeLifecycle,
  'pledge_margin_calls.status': marginCallLifecycle,
  'transfer_vouchers.status': transferVoucherLifecycle,
  'pledge_sign_persons.status': deliveryPartyLifecycle,
  'pledge_customers.status': deliveryPartyLifecycle,
  'ps_orders.status': orderLifecycle,
  'bank_statement_lines.status': statementLineLifecycle,
  'financed_assets.status': financedAssetLifecycle,
  'tax_bureau_invoices.status': bureauInvoiceLifecycle,
  'dilutions.status': dilutionLifecycle,
  'receivable_registrations.status': registrationLifecycle,
  'local_registry_registrations.status': registrationLifecycle,
  'receivable_confirmations.status': confirmationLifecycle,
  'assignment_notices.status': noticeLifecycle,
};

/** `table.column` → why it has no machine. */
const EXEMPT: Record<string, string> = {
  'outbox.status': 'how a mail is kept (LOCAL by design without SMTP, FAILED when SMTP refused it): set once when stored, never moved',
  'scheduled_job_runs.status':
    "a job run's outcome, claimed and finished by the scheduler's own statements (insert … on conflict, lease takeover, retry), not a business lifecycle moved by transition()",
  'loan_events.from_status':
    "history: the loan's status before a move, of whichever product's machine (supply loan or pledge) the loan follows",
  'loan_events.to_status':
    "history: the loan's status after a move, of whichever product's machine (supply loan or pledge) the loan follows",
  'ps_order_events.from_status':
    "history: the order's status before an event, as orderLifecycle moved it (free text, written by the order store)",
  'bank_reconciliation_days.status':
    "a day's reconciliation result (已平 / 差异已说明 / 不平), recomputed from the statement and the ledger each time, never moved by transition()",
  'ps_order_events.to_status':
    "history: the order's status after an event, as orderLifecycle moved it (free text, written by the order store)",
};

const STATUS_NAME = /(^|_)(status|state)$/;

function statusColumns() {
  const found: { key: string; enumValues: readonly string[] | undefined }[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const table = getTableConfig(value);
    for (const column of table.columns) {
      if (STATUS_NAME.test(column.name)) found.push({ key: `${table.name}.${column.name}`, enumValues: column.enumValues });
    }
  }
  return found;
}

describe('status columns take their values from the domain machines', () => {
  const columns = statusColumns();

  it('finds the status columns of the schema', () => {
    expect(columns.length).toBeGreaterThanOrEqual(Object.keys(MACHINES).length);
  });

  it.each(columns.map((c) => [c.key, c] as const))('%s has a machine or a stated exemption', (key, column) => {
    const machine = MACHINES[key];
    const exemption = EXEMPT[key];
    expect(
      machine || exemption,
      `${key}: give it a machine in packages/domain/src/status/ (statesOf(machine)) or exempt it with a reason`,
    ).toBeTruthy();
    expect(machine && exemption, `${key} is both mapped and exempt`).toBeFalsy();
    if (machine) {
      expect(column.enumValues, `${key} declares no enum`).toBeDefined();
      expect([...column.enumValues!].sort()).toEqual([...machine.states].sort());
    }
  });

  it('lists no column that is gone', () => {
    const keys = new Set(columns.map((c) => c.key));
    expect(Object.keys(MACHINES).filter((k) => !keys.has(k))).toEqual([]);
    expect(Object.keys(EXEMPT).filter((k) => !keys.has(k))).toEqual([]);
  });

  it('every exemption states its reason', () => {
    for (const [key, reason] of Object.entries(EXEMPT)) expect(reason.trim().length, key).toBeGreaterThan(20);
  });
});
