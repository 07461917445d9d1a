import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import ApplyTable from './ApplyTable.tsx';
import CreditTable from './CreditTable.tsx';
import RefundTable from './RefundTable.tsx';
import RefundTotalTable from './RefundTotalTable.tsx';

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
      onChange={(key) => setParams((p) => { p.set('cloudTab', key); return p; }, { replace: true })}
      items={[
        { key: 'loans', label: '借款与还款', children: <RefundTable listOnly /> },
        { key: 'credit', label: '银行授信', children: <CreditTable /> },
        { key: 'apply', label: '云贷申请', children: <ApplyTable /> },
        { key: 'totals', label: '还款合计', children: <RefundTotalTable /> },
      ]}
    />
  );
}
