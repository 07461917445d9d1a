import type { CloudLoanTotals } from '@factoring/domain/contract';
import { Card, Col, Row, Statistic } from 'antd';
import { formatYuan } from '@factoring/domain';
import { useTotals } from '../api.ts';

/** The totals of the enterprise's cloud loans (or of one loan, when given). */
export function TotalsView({ totals }: { totals: CloudLoanTotals | undefined }) {
  const t = totals;
  const cell = (title: string, value: number | undefined, testId?: string) => (
    <Col xs={12} md={6}>
      <Statistic title={title} value={formatYuan(value ?? 0)} data-testid={testId} />
    </Col>
  );
  return (
    <Row gutter={[16, 16]}>
      {cell('累计借款（元）', t?.drawn)}
      {cell('剩余本金（元）', t?.outstandingPrincipal, 'totals-outstanding')}
      {cell('已还本金（元）', t?.repaidPrincipal, 'totals-repaid-principal')}
      {cell('已还利息（元）', t?.repaidInterest)}
      {cell('已还罚息（元）', t?.repaidPenalty)}
      {cell('已还合计（元）', t?.repaidTotal)}
      {cell('计划利息合计（元）', t?.scheduledInterest, 'totals-scheduled-interest')}
      <Col xs={12} md={6}>
        <Statistic title="借款笔数 / 已结清 / 逾期" value={`${t?.loans ?? 0} / ${t?.settledLoans ?? 0} / ${t?.overdueCount ?? 0}`} />
      </Col>
    </Row>
  );
}

/** `/supplyloan/myfinancing/cloudComponent/RefundTotalTable`: repayment totals of all cloud loans. */
export default function RefundTotalTable() {
  const totals = useTotals();
  return (
    <Card title="还款合计" size="small" loading={totals.isLoading} data-testid="cloud-refund-totals">
      <TotalsView totals={totals.data} />
    </Card>
  );
}
