import type { CloudLoanDrawdownDetail } from '@factoring/domain/contract';
import { Button, Card, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmPasswordModal } from '../../../lib/ConfirmPasswordModal.tsx';
import { percent } from '../../../lib/format.ts';
import { yuan } from '../../../lib/money.ts';
import { money } from '../../../lib/Money.tsx';
import { isRequestFailure } from '../../../lib/request.ts';
import { useDrawdown, useDrawdowns, usePayoff, useRepayInstalment, type CloudLoanDrawdown } from '../api.ts';
import { DRAWDOWN_COLORS, INSTALMENT_COLORS } from './labels.ts';

type Instalment = CloudLoanDrawdownDetail['instalments'][number];
type Repayment = CloudLoanDrawdownDetail['repayments'][number];

/** The plan of one loan with early repayment of the next instalment and pay-off at today's quote, and its repayment records. */
export function LoanRefunds({ loan }: { loan: CloudLoanDrawdownDetail }) {
  const repay = useRepayInstalment();
  const payoff = usePayoff();
  const [paying, setPaying] = useState<Instalment | null>(null);
  const [payingOff, setPayingOff] = useState(false);
  const next = loan.instalments.find((i) => i.status === 'PENDING');
  const settled = loan.status === 'SETTLED';
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        {loan.quote && (
          <Typography.Text>
            今日结清报价：
            <Typography.Text strong data-testid="payoff-total">
              {yuan(loan.quote.total)}
            </Typography.Text>
            （本金 {yuan(loan.quote.principal)}，利息计至今日 {yuan(loan.quote.interest)}，罚息 {yuan(loan.quote.penalty)}）
          </Typography.Text>
        )}
        {!settled && (
          <Button danger onClick={() => setPayingOff(true)} data-testid="payoff">
            提前结清
          </Button>
        )}
      </Space>
      <Tabs
        items={[
          {
            key: 'plan',
            label: '还款计划',
            children: (
              <Table<Instalment>
                rowKey="period"
                size="small"
                data-testid="refund-plan"
                dataSource={loan.instalments}
                pagination={false}
                scroll={{ x: 900, y: 420 }}
                columns={[
                  { title: '期数', dataIndex: 'period', width: 60 },
                  { title: '还款日', dataIndex: 'dueDate', width: 110 },
                  { title: '应还', dataIndex: 'payment', align: 'right', render: yuan },
                  { title: '本金', dataIndex: 'principal', align: 'right', render: yuan },
                  { title: '利息', dataIndex: 'interest', align: 'right', render: yuan },
                  { title: '罚息', dataIndex: 'penalty', align: 'right', render: yuan },
                  { title: '剩余本金', dataIndex: 'remaining', align: 'right', render: yuan },
                  {
                    title: '状态',
                    dataIndex: 'status',
                    render: (s: string, i) => (
                      <Space size={4}>
                        <Tag color={INSTALMENT_COLORS[s]}>{i.statusLabel}</Tag>
                        {i.overdue && i.status === 'PENDING' && <Tag color="error">逾期</Tag>}
                      </Space>
                    ),
                  },
                  {
                    title: '操作',
                    render: (_, i) =>
                      next && i.period === next.period ? (
                        <a onClick={() => setPaying(i)} data-testid={`repay-period-${i.period}`}>
                          还本期
                        </a>
                      ) : null,
                  },
                ]}
              />
            ),
          },
          {
            key: 'records',
            label: `还款记录（${loan.repayments.length}）`,
            children: (
              <Table<Repayment>
                rowKey="id"
                size="small"
                data-testid="refund-records"
                dataSource={loan.repayments}
                pagination={false}
                locale={{ emptyText: '暂无还款记录' }}
                scroll={{ x: 800 }}
                columns={[
                  { title: '日期', dataIndex: 'businessDate' },
                  { title: '方式', dataIndex: 'kindLabel' },
                  { title: '期次', dataIndex: 'period', render: (p: number | null) => (p ? `第 ${p} 期` : '全部') },
                  { title: '本金', dataIndex: 'principal', align: 'right', render: yuan },
                  { title: '利息', dataIndex: 'interest', align: 'right', render: yuan },
                  { title: '罚息', dataIndex: 'penalty', align: 'right', render: yuan },
                  { title: '合计', dataIndex: 'total', align: 'right', render: yuan },
                  { title: '流水号', dataIndex: 'refNo', render: (r: string) => <Link to={`/user/moneyflowSuccess?refNo=${r}`}>{r}</Link> },
                ]}
              />
            ),
          },
        ]}
      />
      <ConfirmPasswordModal
        open={paying !== null}
        title={`归还第 ${paying?.period ?? ''} 期`}
        okText="确认还款"
        summary={
          paying
            ? [
                { label: '借款编号', value: loan.drawdownNo },
                { label: '还款日', value: paying.dueDate },
                { label: '应还金额', value: yuan(paying.dueNow) },
                { label: '扣款账户', value: '本企业虚拟账户（可用余额）' },
              ]
            : []
        }
        onConfirm={(c) => repay.mutateAsync({ drawdownId: loan.id, period: paying!.period, amount: paying!.dueNow, ...c })}
        onDone={() => setPaying(null)}
        onCancel={() => setPaying(null)}
      />
      <ConfirmPasswordModal
        open={payingOff && !!loan.quote}
        title="提前结清"
        okText="确认结清"
        summary={
          loan.quote
            ? [
                { label: '借款编号', value: loan.drawdownNo },
                { label: '剩余本金', value: yuan(loan.quote.principal) },
                { label: '利息（计至今日）', value: yuan(loan.quote.interest) },
                { label: '罚息', value: yuan(loan.quote.penalty) },
                { label: '结清金额', value: <Typography.Text strong>{yuan(loan.quote.total)}</Typography.Text> },
              ]
            : []
        }
        onConfirm={(c) => payoff.mutateAsync({ drawdownId: loan.id, amount: loan.quote!.total, ...c })}
        onDone={() => setPayingOff(false)}
        onCancel={() => setPayingOff(false)}
      />
    </>
  );
}

/** The enterprise's cloud loans, each opening its details. */
export function LoanList() {
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const list = useDrawdowns(paging);
  return (
    <Table<CloudLoanDrawdown>
      rowKey="id"
      size="small"
      data-testid="cloud-loans"
      loading={list.isLoading}
      dataSource={list.data?.items ?? []}
      locale={{ emptyText: list.isError ? (isRequestFailure(list.error) ? list.error.message : '加载失败') : '暂无云贷借款' }}
      scroll={{ x: 1000 }}
      pagination={{
        current: paging.page,
        pageSize: paging.size,
        total: list.data?.totalCount ?? 0,
        showTotal: (n) => `共 ${n} 笔`,
        onChange: (page, size) => setPaging({ page, size }),
      }}
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

/**
 * `/supplyloan/myfinancing/cloudComponent/RefundTable`: the repayment plan and records of the loan in
 * `?id=`, or the list of loans to choose from.
 */
export default function RefundTable({ listOnly = false }: { listOnly?: boolean }) {
  const [params] = useSearchParams();
  const id = listOnly ? null : Number(params.get('id')) || null;
  const loan = useDrawdown(id);
  if (id === null) {
    return (
      <Card title="借款与还款" size="small">
        <LoanList />
      </Card>
    );
  }
  return (
    <Card
      title={loan.data ? `还款计划与记录 · ${loan.data.drawdownNo}` : '还款计划与记录'}
      size="small"
      loading={loan.isLoading}
      data-testid="cloud-refund-table"
    >
      {loan.data ? (
        <LoanRefunds loan={loan.data} />
      ) : (
        loan.isError && <Typography.Text type="danger">{isRequestFailure(loan.error) ? loan.error.message : '加载失败'}</Typography.Text>
      )}
    </Card>
  );
}
