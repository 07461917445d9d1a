import { payeeLifecycle } from '@factoring/domain';
import { Button, Card, Empty, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePayees, type Payee } from './api.ts';
import { dateTime } from '../../lib/format.ts';
import { payeeStatusColor, RELATION_LABELS } from './labels.ts';

/** `/user/openEnterpriseList` (PRODUCT §5): the enterprises the user has opened directed payment with, and their status. */
export default function OpenEnterpriseListPage() {
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const list = usePayees({}, paging);
  return (
    <Card
      title="已开通定向支付的企业"
      extra={
        <Link to="/user/openLastDirPayment">
          <Button type="primary">开通新企业</Button>
        </Link>
      }
    >
      <Table<Payee>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: <Empty description="尚未开通定向支付" /> }}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total: list.data?.totalCount ?? 0,
          onChange: (page, size) => setPaging({ page, size }),
        }}
        columns={[
          { title: '企业名称', dataIndex: 'name' },
          { title: '关系', dataIndex: 'relation', render: (r: Payee['relation']) => RELATION_LABELS[r] },
          { title: '收款账号', dataIndex: 'accountNo' },
          { title: '开户银行', dataIndex: 'bankName' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: Payee['status'], p) => (
              <Tag color={payeeStatusColor(s)}>
                {p.pendingChange ? `${payeeLifecycle.label(s)}（变更审核中）` : payeeLifecycle.label(s)}
              </Tag>
            ),
          },
          { title: '申请时间', dataIndex: 'createdAt', render: (v: string) => dateTime(v) },
          { title: '审核时间', dataIndex: 'reviewedAt', render: (v: string | null) => dateTime(v) },
        ]}
      />
    </Card>
  );
}
