import { Card, Skeleton, Tabs } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LoanList } from './LoanList.tsx';

// The other tabs load when first opened: /supplyloan/myfinancing shows this tab set, and its
// first-load budget (issue 11) has no room for four tables at once.
const ApplyTable = lazy(() => import('./ApplyTable.tsx'));
const CreditTable = lazy(() => import('./CreditTable.tsx'));
const RefundTotalTable = lazy(() => import('./RefundTotalTable.tsx'));
const later = (node: ReactNode) => <Suspense fallback={<Skeleton active />}>{node}</Suspense>;

const TABS = ['loans', 'credit', 'apply', 'totals'] as const;

/**
 * `/supplyloan/myfinancing/cloudComponent/CloudLoanTab`: the cloud-loan tab set of my financing —
 * loans and repayment, credit granted, applications, totals. Also shown inside /supplyloan/myfinancing.
 */
export default function CloudLoanTab() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t === params.get('cloudTab')) ?? 'loans';
  return (
    <Tabs
      data-testid="cloud-loan-tab"
      activeKey={tab}
      onChange={(key) =>
        setParams(
          (p) => {
            p.set('cloudTab', key);
            return p;
          },
          { replace: true },
        )
      }
      items={[
        {
          key: 'loans',
          label: '借款与还款',
          children: (
            <Card title="借款与还款" size="small">
              <LoanList />
            </Card>
          ),
        },
        { key: 'credit', label: '银行授信', children: later(<CreditTable />) },
        { key: 'apply', label: '云贷申请', children: later(<ApplyTable />) },
        { key: 'totals', label: '还款合计', children: later(<RefundTotalTable />) },
      ]}
    />
  );
}
