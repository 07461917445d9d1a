import { Card, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

// Slots one feature offers another's page (the feature-boundary rule keeps features apart, so the
// app layer joins them): tiny, eagerly imported; the cloud-loan code itself is
// loaded only when a slot renders.
const CloudLoanTab = lazy(() => import('../features/cloudloan/cloudComponent/CloudLoanTab.tsx'));
const OperatorGrantPanel = lazy(() => import('../features/cloudloan/OperatorGrantPanel.tsx'));

/** The cloud-loan tabs inside /supplyloan/myfinancing. */
export function CloudLoanSlot() {
  return (
    <Card title="银行云贷" data-testid="myfinancing-cloud">
      <Suspense fallback={<Skeleton active />}>
        <CloudLoanTab />
      </Suspense>
    </Card>
  );
}

/** The built-in bank's desk inside /bpm/tasks. */
export function CloudLoanDeskSlot() {
  return (
    <Suspense fallback={<Skeleton active />}>
      <OperatorGrantPanel />
    </Suspense>
  );
}
