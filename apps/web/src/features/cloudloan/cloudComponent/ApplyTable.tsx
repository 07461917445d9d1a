import { Card, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { date, percent } from '../../../lib/format.ts';
import { yuan } from '../../../lib/money.ts';
import { pagedTableProps } from '../../../lib/table.tsx';
import { useApplications, type CloudLoanApplication } from '../api.ts';
import { APPLICATION_COLORS } from './labels.ts';

/** `/supplyloan/myfinancing/cloudComponent/ApplyTable`: the enterprise's cloud-loan applications and the bank's answers. */
export default function ApplyTable() {
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const list = useApplications(paging);
  return (
    <Card title="云贷申请" size="small" extra={<Link to="/supplyloan/ccbft">新申请</Link>} data-testid="cloud-apply-table">
      <Table<CloudLoanApplication>
        rowKey="id"
        size="small"
        {...pagedTableProps(list, paging, setPaging, { empty: '暂无云贷申请', unit: '笔' })}
        scroll={{ x: 960 }}
        columns={[
          { title: '申请编号', dataIndex: 'applicationNo' },
          { title: '申请金额', dataIndex: 'amount', align: 'right', render: yuan },
          { title: '期限', dataIndex: 'termMonths', render: (v: number) => `${v} 个月` },
          { title: '还款方式', dataIndex: 'methodLabel' },
          { title: '申请日', dataIndex: 'createdAt', render: date },
          {
            title: '银行批复',
            render: (_, a) =>
              a.status === 'GRANTED' ? (
                `${yuan(a.grantedAmount)} · ${percent(a.grantedRatePpm)} · ${a.grantedTermMonths} 个月`
              ) : a.status === 'REJECTED' ? (
                <Typography.Text type="danger">{a.rejectReason}</Typography.Text>
              ) : (
                '—'
              ),
          },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: string, a) => (
              <Space size={4} wrap>
                <Tag color={APPLICATION_COLORS[s]}>{a.statusLabel}</Tag>
                {a.status === 'GRANTED' && !a.agreementSigned && (
                  <Link to="/user/contractList">
                    <Tag color="warning">借款协议待签署</Tag>
                  </Link>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
