import { Card, Skeleton, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { isRequestFailure } from '../../../lib/request.ts';
import { useDrawdown } from '../api.ts';
import { LoanList } from './LoanList.tsx';

// The plan, its records and the repayment dialogs load when a loan is opened, not with the list.
const LoanRefunds = lazy(() => import('./LoanRefunds.tsx').then((m) => ({ default: m.LoanRefunds })));

/**
 * `/supplyloan/myfinancing/cloudComponent/RefundTable`: the repayment plan and records of the loan in
 * `?id=`, or the list of loans to choose from.
 */
export default function RefundTable() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
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
        <Suspense fallback={<Skeleton active />}>
          <LoanRefunds loan={loan.data} />
        </Suspense>
      ) : (
        loan.isError && <Typography.Text type="danger">{isRequestFailure(loan.error) ? loan.error.message : '加载失败'}</Typography.Text>
      )}
    </Card>
  );
}
