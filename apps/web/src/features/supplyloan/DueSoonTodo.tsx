import type { SlotProps } from '../../lib/feature-module.ts';
import { useLoginUser } from '../../lib/session.ts';
import { useLoanSummary } from './loan-summary-api.ts';

/** The dashboard's to-do row of this product (slot `dashboard.todos`): financings due within 7 days, and those overdue. */
export default function DueSoonTodo({ TodoRow }: SlotProps['dashboard.todos']) {
  const dueSoon = useLoanSummary(!!useLoginUser()?.certified).data?.dueSoon;
  return (
    <TodoRow
      label="7 天内到期融资"
      count={dueSoon?.count ?? 0}
      to="/user/factorRepayment"
      action="去还款"
      alert={dueSoon?.overdueCount ? `逾期 ${dueSoon.overdueCount}` : undefined}
      testId="todo-due-soon"
    />
  );
}
