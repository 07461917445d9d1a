import { formatPercent, PLEDGE_RISK_LABELS, pledgeLifecycle, releaseOrderLifecycle, type PledgeStatus } from '@factoring/domain';
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
import { usePhoneColumns } from '../../lib/table.tsx';
import { useCancel, useFinancing, useFinancings, type PledgeFinancing } from './api.ts';
import { promptButtons } from '../../lib/prompt-words.ts';

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
        aria-label={`${f.financingNo} 质押率`}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        质押率 {formatPercent(f.pledgeRatePpm)} · 预警 {formatPercent(f.warningLinePpm)} · 平仓 {formatPercent(f.liquidationLinePpm)}
      </Typography.Text>
    </div>
  );
}

/**
 * Whether a financing has ended (settled, rejected, cancelled): its goods are no longer pledged and
 * nothing is marked to market, so it has no value, LTV or risk to show — only its status (issue 24).
 */
const ended = (f: Pick<PledgeFinancing, 'status'>) => pledgeLifecycle.isTerminal(f.status as PledgeStatus);

/** What is said in place of the figures of an ended financing. */
const endedNote = (f: Pick<PledgeFinancing, 'status'>) =>
  f.status === 'SETTLED' ? '已结清，货物已解除质押' : `${pledgeLifecycle.label(f.status as PledgeStatus)}，货物已解除质押`;

const NONE = <Typography.Text type="secondary">—</Typography.Text>;

/** /pledge/pledgeFinacy: own pledge financings with status, goods, value, margin, outstanding and LTV; actions by state. */
export default function FinancingsPage() {
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const [status, setStatus] = useState<PledgeStatus | undefined>();
  const list = useFinancings({ ...paging, status });
  const [open, setOpen] = useState<number | null>(null);
  const navigate = useNavigate();
  const cancel = useCancel();
  const calls = (list.data?.items ?? []).filter((f) => f.openMarginCall);
  const columns = usePhoneColumns<PledgeFinancing>([
    {
      title: '融资编号',
      dataIndex: 'financingNo',
      fixed: 'left',
      width: 180,
      render: (v: string, f) => (
        <a onClick={() => setOpen(f.id)} style={{ whiteSpace: 'nowrap' }} data-testid={`pledge-financing-${f.id}`}>
          {v}
        </a>
      ),
    },
    {
      title: '状态',
      width: 130,
      render: (_, f) => (
        <Space size={4} wrap>
          <Tag>{pledgeLifecycle.label(f.status as PledgeStatus)}</Tag>
          {f.overdue && <Tag color="red">逾期</Tag>}
          {f.defaulted && <Tag color="red">违约</Tag>}
        </Space>
      ),
    },
    {
      title: '质押货物',
      width: 170,
      render: (_, f) => (ended(f) ? `${f.goodsName}（已解除质押）` : `${f.goodsName} ${f.pledgedQuantity} ${f.unit}`),
    },
    { title: '当前货值', align: 'right', width: 130, render: (_, f) => (ended(f) ? NONE : yuan(f.value)) },
    { title: '融资金额', align: 'right', width: 130, render: (_, f) => yuan(f.amount) },
    { title: '保证金', align: 'right', width: 120, render: (_, f) => (ended(f) ? NONE : yuan(f.marginPaid + f.topUpMargin)) },
    {
      title: '未还本金',
      align: 'right',
      width: 130,
      render: (_, f) => (f.status === 'SETTLED' ? yuan(0) : ended(f) ? NONE : yuan(f.outstanding)),
    },
    {
      title: '质押率（LTV）',
      width: 260,
      render: (_, f) =>
        ended(f) ? (
          <Typography.Text type="secondary" data-testid={`ltv-ended-${f.id}`}>
            {endedNote(f)}
          </Typography.Text>
        ) : (
          <Space direction="vertical" size={0}>
            <LtvBar f={f} />
            <Tag color={RISK_COLOR[f.risk]}>{PLEDGE_RISK_LABELS[f.risk]}</Tag>
          </Space>
        ),
    },
    { title: '到期日', dataIndex: 'dueDate', width: 110, render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{date(v)}</span> },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 200,
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
            <Popconfirm
              title="撤销这笔质押融资申请？"
              description="撤销后货物解除质押，占用的授信额度与已缴保证金退回。"
              {...promptButtons('撤销申请', { danger: true })}
              onConfirm={() => cancel.run(f.id)}
            >
              <Button size="small">撤销申请</Button>
            </Popconfirm>
          )}
          {ended(f) && (
            <Button size="small" type="link" onClick={() => setOpen(f.id)}>
              详情
            </Button>
          )}
        </Space>
      ),
    },
  ]);

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
          aria-label="按状态筛选"
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
      <Table<PledgeFinancing>
        rowKey="id"
        size="small"
        loading={list.isPending}
        dataSource={list.data?.items}
        scroll={{ x: 1560 }}
        locale={{ emptyText: <Empty description="暂无质押融资" /> }}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total: list.data?.totalCount,
          onChange: (page, size) => setPaging({ page, size }),
        }}
        columns={columns}
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
            <Descriptions.Item label="质押货物">
              {ended(d) ? `${d.goodsName}（已解除质押）` : `${d.goodsName} ${d.pledgedQuantity} ${d.unit}`}
            </Descriptions.Item>
            <Descriptions.Item label="单价">{ended(d) ? NONE : yuan(d.unitPrice)}</Descriptions.Item>
            <Descriptions.Item label="货值">{ended(d) ? NONE : yuan(d.value)}</Descriptions.Item>
            <Descriptions.Item label="融资金额">{yuan(d.amount)}</Descriptions.Item>
            <Descriptions.Item label="实际放款">{yuan(d.netAmount)}</Descriptions.Item>
            <Descriptions.Item label="保证金">{yuan(d.marginPaid)}</Descriptions.Item>
            <Descriptions.Item label="补缴保证金">{yuan(d.topUpMargin)}</Descriptions.Item>
            <Descriptions.Item label="未还本金">{yuan(d.outstanding)}</Descriptions.Item>
            <Descriptions.Item label="罚息">{yuan(d.penaltyOwed)}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>价格走势（货值 = 剩余质押数量 × 单价）</Typography.Title>
          {ended(d) ? (
            <Typography.Paragraph type="secondary">{endedNote(d)}，不再按价格估值。</Typography.Paragraph>
          ) : (
            <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
              <CollateralChart id={d.id} />
            </Suspense>
          )}
          <Table
            size="small"
            rowKey="priceDate"
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
            scroll={{ x: 640 }}
            columns={[
              { title: '放货单号', dataIndex: 'orderNo', fixed: 'left', width: 170 },
              { title: '数量', dataIndex: 'quantity', align: 'right', width: 100 },
              { title: '已出库', dataIndex: 'consumed', align: 'right', width: 100 },
              {
                title: '收货方',
                render: (_, o) => (o.receiver ? `${o.receiver.kind === 'SIGNER' ? '签收人' : '客户'} ${o.receiver.name}` : '—'),
              },
              {
                title: '状态',
                dataIndex: 'status',
                render: (s: string) => releaseOrderLifecycle.label(s),
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
