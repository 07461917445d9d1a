import { cloudLoanDrawdownLifecycle } from '@factoring/domain';
import { Button, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmPasswordModal } from '../../../lib/ConfirmPasswordModal.tsx';
import { LoanHistory } from '../../../lib/LoanHistory.tsx';
import { yuan } from '../../../lib/money.ts';
import { usePayoff, useRepayInstalment, type CloudLoanDrawdownDetail } from '../api.ts';
import { INSTALMENT_COLORS } from './labels.ts';

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
                  { title: '银行流水号', dataIndex: 'bankRef', render: (r: string | null) => r ?? '—' },
                ]}
              />
            ),
          },
          {
            key: 'history',
            label: '历史',
            children: <LoanHistory events={loan.history} statusLabel={(s) => cloudLoanDrawdownLifecycle.label(s)} />,
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
