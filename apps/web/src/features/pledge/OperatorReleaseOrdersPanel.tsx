import { RELEASE_RECEIVER_KIND_LABELS, releaseOrderLifecycle, type ReleaseOrderStatus } from '@factoring/domain';
import { Empty, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { dateTime } from '../../lib/format.ts';
import { useReleaseOrderDesk, type DeskReleaseOrder, type PledgeReleaseOrderDeskQuery } from './api.ts';

const STATUS_COLOR: Record<ReleaseOrderStatus, string> = { OPEN: 'processing', CONSUMED: 'success', CANCELLED: 'default' };

/** The operators' release orders (放货单) in /bpm/tasks: what each redemption releases, to whom, and whether the warehouse has delivered it. */
export default function OperatorReleaseOrdersPanel() {
  const [q, setQ] = useState<PledgeReleaseOrderDeskQuery>({ page: 1, size: 10 });
  const list = useReleaseOrderDesk(q);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="pledge-release-desk">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        企业还款后赎货生成放货单，由监管仓库按放货单出库给指定签收人或下游客户；待提货的放货单在此跟进。
      </Typography.Paragraph>
      <Select
        allowClear
        aria-label="按状态筛选"
        placeholder="全部状态"
        style={{ width: 140 }}
        value={q.status}
        onChange={(status) => setQ((p) => ({ ...p, status, page: 1 }))}
        options={releaseOrderLifecycle.states.map((value) => ({ value, label: releaseOrderLifecycle.label(value) }))}
      />
      <Table<DeskReleaseOrder>
        rowKey="id"
        size="small"
        loading={list.isPending}
        dataSource={list.data?.items}
        scroll={{ x: 1100 }}
        locale={{ emptyText: <Empty description="暂无放货单" /> }}
        pagination={{
          current: q.page,
          pageSize: q.size,
          total: list.data?.totalCount,
          onChange: (page, size) => setQ((p) => ({ ...p, page, size })),
        }}
        columns={[
          { title: '放货单号', dataIndex: 'orderNo', fixed: 'left', width: 170 },
          { title: '融资编号', dataIndex: 'financingNo', width: 170 },
          { title: '企业', dataIndex: 'enterpriseName', ellipsis: true },
          { title: '仓库', dataIndex: 'warehouseName', ellipsis: true },
          { title: '货物（批次）', render: (_, o) => `${o.goodsName}（${o.batchNo}）` },
          { title: '放货数量', align: 'right', render: (_, o) => `${o.quantity} ${o.unit}` },
          { title: '已出库', align: 'right', render: (_, o) => `${o.consumed} ${o.unit}` },
          {
            title: '收货方',
            render: (_, o) => (o.receiver ? `${RELEASE_RECEIVER_KIND_LABELS[o.receiver.kind]}：${o.receiver.name}` : '—'),
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: ReleaseOrderStatus) => <Tag color={STATUS_COLOR[s]}>{releaseOrderLifecycle.label(s)}</Tag>,
          },
          { title: '开具时间', dataIndex: 'createdAt', width: 160, render: (v: string) => dateTime(v) },
        ]}
      />
    </Space>
  );
}
