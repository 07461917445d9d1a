import type { SlotProps } from '../../lib/feature-module.ts';
import { useLoginUser } from '../../lib/session.ts';
import { useOrdersToConfirm } from './orders-to-confirm-api.ts';

/** The dashboard's to-do row of purchase and sales (slot `dashboard.todos`): orders sent to the enterprise to confirm. */
export default function OrdersToConfirmTodo({ TodoRow }: SlotProps['dashboard.todos']) {
  const user = useLoginUser();
  const count = useOrdersToConfirm(!!user?.certified).data?.count ?? 0;
  // An order another enterprise sent waits for this one, whatever its purchase/sales switch (issue 24).
  if (!user?.purchaseSales && !count) return null;
  return (
    <TodoRow
      label="待确认购销订单"
      count={count}
      to="/purchaseSalesManage/orderManage?status=SUBMITTED"
      action="去确认"
      testId="todo-orders"
    />
  );
}
