import { Button, Card, Empty, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { payeeLifecycle, type PayeeStatus } from '@factoring/domain';
import { dateTime } from '../../lib/format.ts';
import { useDisablePayee, usePayees, type Payee } from './api.ts';
import { PAYEE_STATUS_OPTIONS, payeeStatusColor, RELATION_LABELS } from './labels.ts';
import { promptButtons } from '../../lib/prompt-words.ts';

/** `/user/seeWhiteList` (PRODUCT §5): payees for targeted payment and their status (pending, active, disabled). */
export default function SeeWhiteListPage() {
  const [status, setStatus] = useState<PayeeStatus | undefined>();
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const list = usePayees({ status }, paging);
  const disable = useDisablePayee();

  return (
    <Card
      title="收款方白名单"
      data-testid="whitelist-page"
      extra={
        <Space wrap>
          <Select
            allowClear
            aria-label="状态"
            placeholder="全部状态"
            style={{ width: 120 }}
            value={status}
            onChange={(v) => (setStatus(v), setPaging((p) => ({ ...p, page: 1 })))}
            options={PAYEE_STATUS_OPTIONS}
          />
          <Link to="/user/openEnterpriseList">
            <Button>已开通企业</Button>
          </Link>
          <Link to="/user/openLastDirPayment">
            <Button type="primary">新增收款方</Button>
          </Link>
        </Space>
      }
    >
      <Table<Payee>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: <Empty description="白名单中还没有收款方" /> }}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total: list.data?.totalCount ?? 0,
          onChange: (page, size) => setPaging({ page, size }),
        }}
        scroll={{ x: 900 }}
        columns={[
          { title: '收款方名称', dataIndex: 'name' },
          { title: '开户银行', dataIndex: 'bankName' },
          { title: '收款账号', dataIndex: 'accountNo' },
          { title: '关系', dataIndex: 'relation', render: (r: Payee['relation']) => RELATION_LABELS[r] },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: PayeeStatus, p) => (
              <Space size={4} wrap>
                <Tag color={payeeStatusColor(s)} data-testid="payee-status">
                  {payeeLifecycle.label(s)}
                </Tag>
                {p.pendingChange && <Tag color="orange">变更审核中</Tag>}
                {s === 'REJECTED' && p.reviewNote && <Typography.Text type="secondary">{p.reviewNote}</Typography.Text>}
              </Space>
            ),
          },
          { title: '更新时间', dataIndex: 'updatedAt', render: (v: string) => dateTime(v) },
          {
            title: '操作',
            key: 'actions',
            render: (_: unknown, p) => (
              <Space size={4}>
                {((p.status === 'ACTIVE' && !p.pendingChange) || p.status === 'REJECTED') && (
                  <Link to={`/user/openUpdateDirPayment?id=${p.id}`}>
                    <Button type="link" size="small">
                      {p.status === 'REJECTED' ? '修改重提' : '变更'}
                    </Button>
                  </Link>
                )}
                {p.status === 'ACTIVE' && !p.pendingChange && (
                  <Popconfirm
                    title={`停用「${p.name}」？停用后不能再向其定向支付。`}
                    {...promptButtons('停用', { danger: true })}
                    onConfirm={() => disable.run(p)}
                  >
                    <Button type="link" size="small" danger>
                      停用
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
