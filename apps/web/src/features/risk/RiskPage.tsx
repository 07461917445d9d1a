import { Card, Skeleton, Tabs } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import ExposureTab from './ExposureTab.tsx';

// 风险管理 (issue 27): the factor's book as the risk desk reads it — exposure with its shares and the
// financings behind each row, aging by days past due with the non-performing flag and the reserve
// required, the collateral watch of pledges, the month-end trends, and the supervisory limits the
// approvals are held to. One file per tab; the tabs after the first load when opened (the first load
// of the page stays within the logged-in budget). Every figure comes from the server.
const AgingTab = lazy(() => import('./AgingTab.tsx'));
const CollateralTab = lazy(() => import('./CollateralTab.tsx'));
const TrendsTab = lazy(() => import('./TrendsTab.tsx'));
const LimitsTab = lazy(() => import('./LimitsTab.tsx'));

const later = (tab: ReactNode) => <Suspense fallback={<Skeleton active />}>{tab}</Suspense>;

export default function RiskPage() {
  return (
    <Card title="风险管理" data-testid="risk-page">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'exposure', label: '敞口', children: <ExposureTab /> },
          { key: 'aging', label: '账龄', children: later(<AgingTab />) },
          { key: 'collateral', label: '押品监控', children: later(<CollateralTab />) },
          { key: 'trends', label: '趋势', children: later(<TrendsTab />) },
          { key: 'limits', label: '限额设置', children: later(<LimitsTab />) },
        ]}
      />
    </Card>
  );
}
