import { formatPercent, PLEDGE_RISK_LABELS, pledgeLifecycle, type PledgeStatus } from '@factoring/domain';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Popconfirm,
  Progress,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { date, dateTime } from '../../lib/format.ts';
import { yuan } from '../../lib/money.ts';
import { useCancel, useFinancing, useFinancings, type PledgeFinancing } from './api.ts';

// chart.js is loaded only when a detail is opened.
const CollateralChart = lazy(() => import('./CollateralChart.tsx'));

const RISK_COLOR = { NORMAL: 'green', WARNING: 'orange', LIQUIDATION: 'red' } as const;

/** LTV against the pledge rate, the warning and the liquidation lines. */
function LtvBar({ f }: { f: PledgeFinancing }) {
  const pct = Math.min(100, f.ltvPpm / 10_000);
  return (
    <div style={{ minWidth: 160 }}>
      <Progress
        percent={Number(pct.toFixed(2))}
        size="small"
        status={f.risk === 'NORMAL' ? 'normal' : 'exception'}
        format={() => formatPercent(f.ltvPpm)}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        质押率 {formatPercent(f.pledgeRatePpm)} · 预警 {formatPercent(f.warningLinePpm)} · 平仓 {formatPercent(f.liquidationLinePpm)}
      </Typography.Text>
    </div>
  );
}

/** /pledge/pledgeFinacy: own pledge financings with status, goods, value, margin, outstanding and LTV; actions by state. */
export default function FinancingsPage() {
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const [status, setStatus] = useState<PledgeStatus | undefined>();
  const list = useFinancings({ ...paging, status });
  const [open, setOpen] = useState<number | null>(null);
  const navigate = useNavigate();
  const cancel = useCancel();
  const calls = (list.data?.items ?? []).filter((f) => f.openMarginCall);

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="pledge-financings">
      {calls.map((f) => (
        <Alert
          key={f.id}
          type="warning"
          showIcon
          message={`${f.financingNo}：货值下跌，质押率 ${formatPercent(f.ltvPpm)}，请于 ${date(f.openMarginCall!.deadline)} 前补缴保证金 ${yuan(f.openMarginCall!.amount)}`}
          action={
            <Button size="small" onClick={() => navigate(`/pledge/giveGold?id=${f.id}`)}>
              补缴保证金
            </Button>
          }
        />
      ))}
      <Space wrap>
        <Select
          allowClear
          placeholder="全部状态"
          style={{ width: 160 }}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={pledgeLifecycle.states.map((s) => ({ value: s, label: pledgeLifecycle.label(s) }))}
        />
        <Button type="primary" onClick={() => navigate('/pledge/myPlatform')}>
          发起融资
        </Button>
      </Space>
      <Table
        rowKey="id"
        size="small"
        loading={list.isPending}
        dataSource={list.data?.items}
        scroll={{ x: 1300 }}
        locale={{ emptyText: <Empty description="暂无质押融资" /> }}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total: list.data?.totalCount,
          onChange: (page, size) => setPaging({ page, size }),
        }}
        columns={[
          { title: '融资编号', dataIndex: 'financingNo', render: (v: string, f) => <a onClick={() => setOpen(f.id)}>{v}</a> },
          {
            title: '状态',
            render: (_, f) => (
              <Space size={4}>
                <Tag>{pledgeLifecycle.label(f.status)}</Tag>
                {f.overdue && <Tag color="red">逾期</Tag>}
                {f.defaulted && <Tag color="red">违约</Tag>}
              </Space>
            ),
          },
          { title: '质押货物', render: (_, f) => `${f.goodsName} ${f.pledgedQuantity} ${f.unit}` },
          { title: '当前货值', render: (_, f) => yuan(f.value) },
          { title: '融资金额', render: (_, f) => yuan(f.amount) },
          { title: '保证金', render: (_, f) => yuan(f.marginPaid + f.topUpMargin) },
          { title: '未还本金', render: (_, f) => yuan(f.outstanding) },
          {
            title: '质押率（LTV）',
            render: (_, f) => (
              <Space direction="vertical" size={0}>
                <LtvBar f={f} />
                <Tag color={RISK_COLOR[f.risk]}>{PLEDGE_RISK_LABELS[f.risk]}</Tag>
              </Space>
            ),
          },
          { title: '到期日', dataIndex: 'dueDate', render: (v: string) => date(v) },
          {
            title: '操作',
            render: (_, f) => (
              <Space wrap size={4}>
                {f.status === 'MARGIN_PENDING' && (
                  <Button size="small" type="primary" onClick={() => navigate(`/pledge/bondVoucher?id=${f.id}`)}>
                    缴纳保证金
                  </Button>
                )}
                {f.openMarginCall && (
                  <Button size="small" danger onClick={() => navigate(`/pledge/giveGold?id=${f.id}`)}>
                    补缴保证金
                  </Button>
                )}
                {(f.status === 'DISBURSED' || f.status === 'REPAYING') && (
                  <Button size="small" onClick={() => navigate(`/pledge/repaymentList?id=${f.id}`)}>
                    还款/赎货
                  </Button>
                )}
                {['SUBMITTED', 'MARGIN_PENDING', 'MARGIN_PAID', 'APPROVED'].includes(f.status) && (
                  <Popconfirm title="取消后货物解除质押、授信与保证金退回，确定取消？" onConfirm={() => cancel.run(f.id)}>
                    <Button size="small">取消</Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <DetailDrawer id={open} onClose={() => setOpen(null)} />
    </Space>
  );
}

function DetailDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
  const detail = useFinancing(id);
  const d = detail.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={d?.financingNo ?? '质押融资详情'}
      size="large"
      loading={detail.isPending && id !== null}
    >
      {d && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label="状态">{pledgeLifecycle.label(d.status)}</Descriptions.Item>
            <Descriptions.Item label="平台">{d.platformName}</Descriptions.Item>
            <Descriptions.Item label="仓库">{d.warehouseName}</Descriptions.Item>
            <Descriptions.Item label="质押货物">{`${d.goodsName} ${d.pledgedQuantity} ${d.unit}`}</Descriptions.Item>
            <Descriptions.Item label="单价">{yuan(d.unitPrice)}</Descriptions.Item>
            <Descriptions.Item label="货值">{yuan(d.value)}</Descriptions.Item>
            <Descriptions.Item label="融资金额">{yuan(d.amount)}</Descriptions.Item>
            <Descriptions.Item label="实际放款">{yuan(d.netAmount)}</Descriptions.Item>
            <Descriptions.Item label="保证金">{yuan(d.marginPaid)}</Descriptions.Item>
            <Descriptions.Item label="补缴保证金">{yuan(d.topUpMargin)}</Descriptions.Item>
            <Descriptions.Item label="未还本金">{yuan(d.outstanding)}</Descriptions.Item>
            <Descriptions.Item label="罚息">{yuan(d.penaltyOwed)}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>价格走势（货值 = 剩余质押数量 × 单价）</Typography.Title>
          <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
            <CollateralChart id={d.id} />
          </Suspense>
          <Table
            size="small"
            rowKey={(r, i) => `${r.priceDate}-${i}`}
            pagination={false}
            dataSource={d.prices}
            columns={[
              { title: '日期', dataIndex: 'priceDate' },
              { title: '单价', render: (_, r) => yuan(r.unitPrice) },
            ]}
          />
          <Typography.Title level={5}>放货单</Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={d.releaseOrders}
            locale={{ emptyText: '暂无' }}
            columns={[
              { title: '放货单号', dataIndex: 'orderNo' },
              { title: '数量', dataIndex: 'quantity' },
              { title: '已出库', dataIndex: 'consumed' },
              {
                title: '收货方',
                render: (_, o) => (o.receiver ? `${o.receiver.kind === 'SIGNER' ? '签收人' : '客户'} ${o.receiver.name}` : '—'),
              },
              {
                title: '状态',
                dataIndex: 'status',
                render: (s: string) => ({ OPEN: '待出库', CONSUMED: '已出库', CANCELLED: '已取消' })[s] ?? s,
              },
            ]}
          />
          <Typography.Title level={5}>历史</Typography.Title>
          <Timeline
            items={d.events.map((e) => ({ children: `${dateTime(e.at)} ${e.actorName} ${e.action}${e.note ? `：${e.note}` : ''}` }))}
          />
        </Space>
      )}
    </Drawer>
  );
}
