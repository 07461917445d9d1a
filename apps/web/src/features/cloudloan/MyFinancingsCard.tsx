import { Card, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { WhenVisible } from '../../lib/WhenVisible.tsx';

const CloudLoanTab = lazy(() => import('./cloudComponent/CloudLoanTab.tsx'));

/**
 * The cloud-loan tabs below the list of /supplyloan/myfinancing (slot `my-financings.below-list`):
 * loaded when scrolled to (the list page's first-load budget has no room for a second set of tables),
 * or at once when the address names a cloud-loan tab.
 */
export default function MyFinancingsCard() {
  const [params] = useSearchParams();
  const tabs = (
    <Suspense fallback={<Skeleton active />}>
      <CloudLoanTab />
    </Suspense>
  );
  return (
    <Card title="银行云贷" data-testid="myfinancing-cloud">
      {params.has('cloudTab') ? tabs : <WhenVisible minHeight={240}>{tabs}</WhenVisible>}
    </Card>
  );
}
