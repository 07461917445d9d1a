import { Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { percent } from '../../../lib/format.ts';
import { yuan } from '../../../lib/money.ts';
import { money } from '../../../lib/Money.tsx';
import { pagedTableProps } from '../../../lib/table.tsx';
import { useDrawdowns, type CloudLoanDrawdown } from '../api.ts';
import { DRAWDOWN_COLORS } from './labels.ts';

/** The enterprise's cloud loans, each opening its details. */
export function LoanList() {
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const list = useDrawdowns(paging);
  return (
    <Table<CloudLoanDrawdown>
      rowKey="id"
      size="small"
      data-testid="cloud-loans"
      {...pagedTableProps(list, paging, setPaging, { empty: '暂无云贷借款', unit: '笔' })}
      scroll={{ x: 1000 }}
      columns={[
        {
          title: '借款编号',
          dataIndex: 'drawdownNo',
          render: (v: string, d) => (
            <Link to={`/supplyloan/myfinancing/cloudComponent/CloudLoanInfo?id=${d.id}`} data-testid={`loan-${d.id}`}>
              {v}
            </Link>
          ),
        },
        { title: '借款金额', dataIndex: 'principal', align: 'right', render: yuan },
        { title: '剩余本金', dataIndex: 'outstandingPrincipal', align: 'right', render: yuan },
        { title: '利率', dataIndex: 'annualRatePpm', render: percent },
        { title: '方式', dataIndex: 'methodLabel' },
        { title: '放款日', dataIndex: 'startDate' },
        {
          title: '下期还款',
          render: (_, d) =>
            d.nextDueDate ? (
              <>
                {d.nextDueDate} · {money(d.nextPayment)}
              </>
            ) : (
              '—'
            ),
        },
        {
          title: '状态',
          dataIndex: 'status',
          render: (s: string, d) => (
            <Space size={4}>
              <Tag color={DRAWDOWN_COLORS[s]}>{d.statusLabel}</Tag>
              {d.overdue && <Tag color="error">逾期</Tag>}
            </Space>
          ),
        },
      ]}
    />
  );
}
