import { Card, Descriptions, Empty, Space, Tag, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { percent } from '../../../lib/format.ts';
import { yuan } from '../../../lib/money.ts';
import { isRequestFailure } from '../../../lib/request.ts';
import { useDrawdown } from '../api.ts';
import { DRAWDOWN_COLORS } from './labels.ts';
import { LoanList } from './LoanList.tsx';
import { LoanRefunds } from './LoanRefunds.tsx';
import { TotalsView } from './RefundTotalTable.tsx';

/** `/supplyloan/myfinancing/cloudComponent/CloudLoanInfo?id=`: one loan's details, plan, records and totals. */
export default function CloudLoanInfo() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const loan = useDrawdown(id);
  if (id === null) {
    return (
      <Card title="云贷借款详情" size="small">
        <Empty description="请选择一笔借款" />
        <LoanList />
      </Card>
    );
  }
  const d = loan.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="cloud-loan-info">
      <Card
        title="云贷借款详情"
        size="small"
        loading={loan.isLoading}
        extra={<Link to="/supplyloan/myfinancing/cloudComponent/CloudLoanTab">返回我的云贷</Link>}
      >
        {loan.isError && <Typography.Text type="danger">{isRequestFailure(loan.error) ? loan.error.message : '加载失败'}</Typography.Text>}
        {d && (
          <Descriptions column={{ xs: 1, md: 3 }} size="small" bordered>
            <Descriptions.Item label="借款编号">{d.drawdownNo}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Space size={4}>
                <Tag color={DRAWDOWN_COLORS[d.status]} data-testid="loan-status">
                  {d.statusLabel}
                </Tag>
                {d.overdue && <Tag color="error">逾期</Tag>}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="合作银行">{d.bankName}</Descriptions.Item>
            <Descriptions.Item label="借款金额">{yuan(d.principal)}</Descriptions.Item>
            <Descriptions.Item label="剩余本金">{yuan(d.outstandingPrincipal)}</Descriptions.Item>
            <Descriptions.Item label="年利率">{percent(d.annualRatePpm)}</Descriptions.Item>
            <Descriptions.Item label="还款方式">{d.methodLabel}</Descriptions.Item>
            <Descriptions.Item label="期限">{d.termMonths} 个月</Descriptions.Item>
            <Descriptions.Item label="放款日 / 到期日">
              {d.startDate} / {d.maturityDate}
            </Descriptions.Item>
            <Descriptions.Item label="申请编号">{d.applicationNo}</Descriptions.Item>
            <Descriptions.Item label="放款流水">{d.refNo}</Descriptions.Item>
            <Descriptions.Item label="银行借据号">{d.bankRef ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="下期还款">{d.nextDueDate ? `${d.nextDueDate} · ${yuan(d.nextPayment)}` : '—'}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      {d && (
        <>
          <Card title="还款合计" size="small">
            <TotalsView totals={d.totals} />
          </Card>
          <Card title="还款计划与记录" size="small">
            <LoanRefunds loan={d} />
          </Card>
        </>
      )}
    </Space>
  );
}
