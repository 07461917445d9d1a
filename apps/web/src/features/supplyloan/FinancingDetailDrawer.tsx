import { Alert, Button, Descriptions, Drawer, Empty, Skeleton, Space, Spin, Table, Tabs, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useFinancing, useRegistrationTag, type FinancingDetail, type RegistrationTag, type ScheduleRow } from './api.ts';
import {
  contractLifecycle,
  financingLifecycle,
  invoiceLifecycle,
  repaymentLifecycle,
  reviewLifecycle,
  trancheLifecycle,
  type ContractStatus,
  type InvoiceStatus,
  type RepaymentStatus,
  type ReviewStatus,
} from '@factoring/domain';
import { dateTime as formatDateTime, percent } from '../../lib/format.ts';
import { yuan } from '../../lib/money.ts';
import { FINANCING_COLORS, INVOICE_COLORS, REVIEW_COLORS, TRANCHE_COLORS } from './labels.ts';
import { money } from '../../lib/Money.tsx';
import { SignContract } from './SignContract.tsx';
import { LoanHistory } from '../../lib/LoanHistory.tsx';

// Issue 36: the factor's collection of an invoice financing (保理回款) — its own chunk, loaded when a drawer shows it.
const FactoringCollection = lazy(() => import('./FactoringCollection.tsx'));
/** Money has moved: the factor collects from the debtor (an invoice financing once paid out, and after it is settled). */
const COLLECTED_STATUSES: ReadonlySet<FinancingDetail['status']> = new Set(['DISBURSED', 'REPAYING', 'SETTLED']);

const CONTRACT_COLORS: Record<ContractStatus, string> = { TO_SIGN: 'processing', SIGNED: 'success', EXPIRED: 'default', VOID: 'default' };

/** The detail drawer of `/supplyloan/myfinancing`: schedule, repayments, contracts, history, and the actions of the state. */
export function FinancingDetailDrawer({
  id,
  onClose,
  onCancel,
}: {
  id: number | null;
  onClose(): void;
  onCancel(f: FinancingDetail): void;
}) {
  const detail = useFinancing(id);
  // Issue 36: whether the factor registered the assignment of the invoices at the registry (中登网).
  const registration = useRegistrationTag(id, detail.data?.kind === 'INVOICE').data?.[0];
  const f = detail.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={Math.min(960, typeof window === 'undefined' ? 960 : window.innerWidth)}
      title={f ? `融资详情 ${f.financingNo}` : '融资详情'}
      destroyOnHidden
      data-testid="financing-drawer"
    >
      {detail.isLoading && <Spin />}
      {detail.isError && <Empty description="融资记录不存在或无权查看" />}
      {f && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Space wrap>
            <Tag color={FINANCING_COLORS[f.status]} data-testid="drawer-status">
              {financingLifecycle.label(f.status)}
            </Tag>
            {f.overdue && <Tag color="error">逾期</Tag>}
            {f.extended && <Tag color="purple">已展期</Tag>}
            {registration && <RegistrationTagView tag={registration} />}
            {f.actions.repay && (
              <Link to={`/supplyloan/muserRefund?id=${f.id}`}>
                <Button type="primary" size="small">
                  还款
                </Button>
              </Link>
            )}
            {f.actions.extend && (
              <Link to={`/supplyloan/delayApply?id=${f.id}`}>
                <Button size="small">申请展期</Button>
              </Link>
            )}
            {f.actions.drawdown && (
              <Link to={`/supplyloan/orderdrawings?id=${f.id}`}>
                <Button size="small">提款</Button>
              </Link>
            )}
            {f.actions.cancel && (
              <Button size="small" danger onClick={() => onCancel(f)}>
                取消申请
              </Button>
            )}
          </Space>
          {f.actions.signContract && f.contracts[0] && (
            <Alert
              type="warning"
              showIcon
              title="融资合同待签署"
              description={<SignContract contract={f.contracts.find((c) => c.status === 'TO_SIGN') ?? f.contracts[0]} size="small" />}
            />
          )}
          {f.status === 'REJECTED' && f.reviewNote && <Alert type="error" showIcon title={`驳回原因：${f.reviewNote}`} />}
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label="平台">{f.platformName}</Descriptions.Item>
            <Descriptions.Item label="类型">{f.kind === 'ORDER' ? '订单融资' : '发票融资'}</Descriptions.Item>
            <Descriptions.Item label="融资金额">{yuan(f.amount)}</Descriptions.Item>
            <Descriptions.Item label="已放款本金">{yuan(f.drawn)}</Descriptions.Item>
            <Descriptions.Item label="期限">{f.termDays} 天</Descriptions.Item>
            <Descriptions.Item label="年化利率">
              {percent(f.annualRatePpm)}
              {/* An extension into a dearer bracket re-prices its tranche (the domain's extension rule). */}
              {[...new Set(f.schedule.map((t) => t.annualRatePpm).filter((r) => r !== f.annualRatePpm))].map(
                (r) => `（展期后 ${percent(r)}）`,
              )}
            </Descriptions.Item>
            <Descriptions.Item label="计息方式">{f.interestModeLabel}</Descriptions.Item>
            <Descriptions.Item label="服务费率">{percent(f.serviceFeeRatePpm)}</Descriptions.Item>
            <Descriptions.Item label="申请日">{f.applyDate}</Descriptions.Item>
            <Descriptions.Item label="到期日">{f.dueDate}</Descriptions.Item>
            <Descriptions.Item label="今日应还" span={2}>
              <Typography.Text strong data-testid="drawer-owed">
                {yuan(f.quote.total)}
              </Typography.Text>
              （本金 {yuan(f.quote.principal)}，利息 {yuan(f.quote.interest)}，罚息 {yuan(f.quote.penalty)}）
              {f.quote.interestRefund > 0 && `；今日结清退还未用天数利息 ${yuan(f.quote.interestRefund)}`}
            </Descriptions.Item>
            {f.purpose && (
              <Descriptions.Item label="用途" span={2}>
                {f.purpose}
              </Descriptions.Item>
            )}
          </Descriptions>
          {f.kind === 'INVOICE' && COLLECTED_STATUSES.has(f.status) && (
            <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
              <FactoringCollection financingId={f.id} />
            </Suspense>
          )}
          <Tabs
            items={[
              { key: 'schedule', label: '还款计划', children: <Schedule rows={f.schedule} /> },
              {
                key: 'backing',
                label: f.kind === 'ORDER' ? '订单' : '融资发票',
                children:
                  f.kind === 'ORDER' ? (
                    f.order ? (
                      <Descriptions size="small" column={1} bordered>
                        <Descriptions.Item label="订单号">{f.order.orderNo}</Descriptions.Item>
                        <Descriptions.Item label="订单金额">{yuan(f.order.amount)}</Descriptions.Item>
                        <Descriptions.Item label="交货日期">{f.order.deliveryDate}</Descriptions.Item>
                      </Descriptions>
                    ) : (
                      <Empty />
                    )
                  ) : (
                    <Table
                      size="small"
                      rowKey="id"
                      pagination={false}
                      dataSource={f.invoices}
                      columns={[
                        { title: '发票', render: (_, i) => `${i.invoiceCode}-${i.invoiceNumber}` },
                        { title: '开票日期', dataIndex: 'issueDate' },
                        { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => money(v) },
                        {
                          title: '状态',
                          dataIndex: 'status',
                          render: (s: InvoiceStatus) => <Tag color={INVOICE_COLORS[s]}>{invoiceLifecycle.label(s)}</Tag>,
                        },
                      ]}
                    />
                  ),
              },
              {
                key: 'repayments',
                label: `还款记录（${f.repayments.length}）`,
                children: (
                  <Table
                    size="small"
                    // A booked repayment and a voucher still waiting (or rejected) are rows of two tables: keyed apart.
                    rowKey={(r) => `${r.status}-${r.id}`}
                    pagination={false}
                    dataSource={f.repayments}
                    locale={{ emptyText: '暂无还款' }}
                    scroll={{ x: 800 }}
                    columns={[
                      { title: '日期', dataIndex: 'repayDate' },
                      { title: '方式', dataIndex: 'method', render: (m: string) => (m === 'ONLINE' ? '账户还款' : '线下转账') },
                      { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => money(v) },
                      { title: '本金', dataIndex: 'principal', align: 'right', render: (v: number) => money(v) },
                      { title: '利息', dataIndex: 'interest', align: 'right', render: (v: number) => money(v) },
                      { title: '罚息', dataIndex: 'penalty', align: 'right', render: (v: number) => money(v) },
                      { title: '退还利息', dataIndex: 'interestRefund', align: 'right', render: (v: number) => money(v) },
                      { title: '流水号', dataIndex: 'refNo', render: (v: string | null) => v ?? '—' },
                      {
                        title: '状态',
                        dataIndex: 'status',
                        render: (s: RepaymentStatus, r) => (
                          <Tag color={REVIEW_COLORS[s]}>
                            {repaymentLifecycle.label(s)}
                            {r.reviewNote && s === 'REJECTED' ? `：${r.reviewNote}` : ''}
                          </Tag>
                        ),
                      },
                    ]}
                  />
                ),
              },
              {
                key: 'contracts',
                label: '合同',
                children: (
                  <Table
                    size="small"
                    rowKey="id"
                    pagination={false}
                    dataSource={f.contracts}
                    locale={{ emptyText: '暂无合同' }}
                    columns={[
                      { title: '合同编号', dataIndex: 'contractNo' },
                      { title: '名称', dataIndex: 'title' },
                      {
                        title: '状态',
                        dataIndex: 'status',
                        render: (s: ContractStatus) => <Tag color={CONTRACT_COLORS[s]}>{contractLifecycle.label(s)}</Tag>,
                      },
                      { title: '签署', render: (_, c) => (c.signedAt ? `${c.signedByName ?? ''} ${formatDateTime(c.signedAt)}` : '—') },
                      {
                        title: '文件',
                        render: (_, c) => (
                          <a href={`/api/contracts/${c.id}/file`} target="_blank" rel="noreferrer">
                            查看
                          </a>
                        ),
                      },
                    ]}
                  />
                ),
              },
              {
                key: 'extensions',
                label: '展期',
                children: (
                  <Table
                    size="small"
                    rowKey="id"
                    pagination={false}
                    dataSource={f.extensions}
                    locale={{ emptyText: '暂无展期申请' }}
                    columns={[
                      { title: '原到期日', dataIndex: 'oldDueDate' },
                      { title: '新到期日', dataIndex: 'newDueDate' },
                      { title: '展期利息', dataIndex: 'extraInterest', align: 'right', render: (v: number) => money(v) },
                      { title: '原因', dataIndex: 'reason' },
                      {
                        title: '状态',
                        dataIndex: 'status',
                        render: (s: ReviewStatus) => <Tag color={REVIEW_COLORS[s]}>{reviewLifecycle.label(s)}</Tag>,
                      },
                    ]}
                  />
                ),
              },
              {
                key: 'history',
                label: '历史',
                children: <LoanHistory events={f.history} statusLabel={(s) => financingLifecycle.label(s)} />,
              },
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}

function Schedule({ rows }: { rows: ScheduleRow[] }) {
  return (
    <Table<ScheduleRow>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: '放款后生成还款计划' }}
      scroll={{ x: 900 }}
      columns={[
        { title: '笔次', dataIndex: 'seq' },
        { title: '本金', dataIndex: 'amount', align: 'right', render: (v: number) => money(v) },
        { title: '放款日', dataIndex: 'startDate', render: (v: string | null) => v ?? '—' },
        {
          title: '到期日',
          dataIndex: 'dueDate',
          render: (v: string | null, r) => (
            <Space>
              {v ?? '—'}
              {r.extended && <Tag color="purple">已展期</Tag>}
            </Space>
          ),
        },
        { title: '利息（全期）', dataIndex: 'interest', align: 'right', render: (v: number) => money(v) },
        { title: '实际到账', dataIndex: 'netAmount', align: 'right', render: (v: number) => money(v) },
        { title: '未还本金', dataIndex: 'outstanding', align: 'right', render: (v: number) => money(v) },
        { title: '今日应还', render: (_, r) => (r.owedToday ? money(r.owedToday.total) : '—'), align: 'right' },
        {
          title: '已还本/息/罚',
          render: (_, r) => (
            <>
              {money(r.principalPaid)} / {money(r.interestPaid)} / {money(r.penaltyPaid)}
            </>
          ),
        },
        {
          title: '状态',
          dataIndex: 'status',
          render: (s: ScheduleRow['status'], r) => (
            <Space>
              <Tag color={TRANCHE_COLORS[s]}>{trancheLifecycle.label(s)}</Tag>
              {r.overdue && <Tag color="error">逾期</Tag>}
            </Space>
          ),
        },
      ]}
    />
  );
}

const REGISTRATION_COLORS: Record<RegistrationTag['status'], string> = {
  REGISTERED: 'success',
  EXPIRED: 'warning',
  CANCELLED: 'default',
  NONE: 'default',
};

/** 已登记（中登网） with its number and period on hover; 未登记 until the factor registers it. */
function RegistrationTagView({ tag }: { tag: RegistrationTag }) {
  return (
    <Tag
      color={REGISTRATION_COLORS[tag.status]}
      data-testid="drawer-registration"
      title={
        tag.registrationNo
          ? `登记编号 ${tag.registrationNo}，${tag.registeredOn} 至 ${tag.expiresOn}`
          : '保理商尚未在中登网登记应收账款转让'
      }
    >
      {tag.label}
    </Tag>
  );
}
