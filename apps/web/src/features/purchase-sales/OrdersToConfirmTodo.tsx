import { List, Tag } from 'antd';
import { Link } from 'react-router';
import { useLoginUser } from '../../lib/session.ts';
import { useOrdersToConfirm } from './orders-to-confirm-api.ts';

/** The dashboard's to-do row of purchase and sales (slot `dashboard.todos`): orders sent to the enterprise to confirm. */
export default function OrdersToConfirmTodo() {
  const user = useLoginUser();
  const toConfirm = useOrdersToConfirm(!!user?.certified);
  const count = toConfirm.data?.count ?? 0;
  // An order another enterprise sent waits for this one, whatever its purchase/sales switch (issue 24).
  if (!user?.purchaseSales && !count) return null;
  return (
    <List.Item extra={<Link to="/purchaseSalesManage/orderManage?status=SUBMITTED">去确认</Link>} data-testid="todo-orders">
      待确认购销订单 <Tag color={count ? 'orange' : 'default'}>{count}</Tag>
    </List.Item>
  );
}
