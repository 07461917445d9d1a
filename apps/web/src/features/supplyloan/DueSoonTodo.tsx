import { List, Tag } from 'antd';
import { Link } from 'react-router';
import { useLoginUser } from '../../lib/session.ts';
import { useLoanSummary } from './loan-summary-api.ts';

/** The dashboard's to-do row of this product (slot `dashboard.todos`): financings due within 7 days, and those overdue. */
export default function DueSoonTodo() {
  const summary = useLoanSummary(!!useLoginUser()?.certified);
  const dueSoon = summary.data?.dueSoon;
  return (
    <List.Item extra={<Link to="/user/factorRepayment">去还款</Link>} data-testid="todo-due-soon">
      7 天内到期融资 <Tag color={dueSoon?.count ? 'orange' : 'default'}>{dueSoon?.count ?? 0}</Tag>
      {dueSoon?.overdueCount ? <Tag color="red">逾期 {dueSoon.overdueCount}</Tag> : null}
    </List.Item>
  );
}
