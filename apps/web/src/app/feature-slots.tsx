import { Card, Skeleton } from 'antd';
import { lazy, Suspense, type ComponentProps } from 'react';
import { useSearchParams } from 'react-router';
import { WhenVisible } from '../lib/WhenVisible.tsx';

// Slots one feature offers another's page (the feature-boundary rule keeps features apart, so the
// app layer joins them): tiny, eagerly imported; the cloud-loan code itself is
// loaded only when a slot renders.
const CloudLoanTab = lazy(() => import('../features/cloudloan/cloudComponent/CloudLoanTab.tsx'));
const OperatorGrantPanel = lazy(() => import('../features/cloudloan/OperatorGrantPanel.tsx'));
const PurchaseSalesDesk = lazy(() => import('../features/purchase-sales/OperatorPanel.tsx'));
const FinanceableOrderPicker = lazy(() => import('../features/purchase-sales/FinanceableOrderPicker.tsx'));
const PledgePriceDesk = lazy(() => import('../features/pledge/OperatorPricePanel.tsx'));
const PledgeReleaseDesk = lazy(() => import('../features/pledge/OperatorReleaseOrdersPanel.tsx'));
const PledgeRiskCard = lazy(() => import('../features/pledge/RiskAlertsCard.tsx'));
const ReceivablesDesk = lazy(() => import('../features/receivables/ReceivablesDesk.tsx'));
const RegistryDesk = lazy(() => import('../features/receivables/RegistryDesk.tsx'));

/**
 * The cloud-loan tabs below the list of /supplyloan/myfinancing: loaded when scrolled to (the list
 * page's first-load budget has no room for a second set of tables), or at once when the address
 * names a cloud-loan tab.
 */
export function CloudLoanSlot() {
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

/** The built-in bank's desk inside /bpm/tasks. */
export function CloudLoanDeskSlot() {
  return (
    <Suspense fallback={<Skeleton active />}>
      <OperatorGrantPanel />
    </Suspense>
  );
}

/** The purchase/sales desk inside /bpm/tasks: feature switches and order collections (issue 16). */
export function PurchaseSalesDeskSlot() {
  return (
    <Suspense fallback={<Skeleton active />}>
      <PurchaseSalesDesk />
    </Suspense>
  );
}

/** The receivables desk inside /bpm/tasks: dilutions, financed assets and their tax bureau checks, the simulated bureau (issue 36). */
export function ReceivablesDeskSlot() {
  return (
    <Suspense fallback={<Skeleton active />}>
      <ReceivablesDesk />
    </Suspense>
  );
}

/** The registry desk inside /bpm/tasks: the factor's registrations at 中登网, searches, certificates (issue 36). */
export function RegistryDeskSlot() {
  return (
    <Suspense fallback={<Skeleton active />}>
      <RegistryDesk />
    </Suspense>
  );
}

/** In /supplyloan/orderLoan: pick a confirmed sales order to the core enterprise (issue 16). */
export function FinanceableOrderSlot(props: ComponentProps<typeof FinanceableOrderPicker>) {
  return (
    <Suspense fallback={null}>
      <FinanceableOrderPicker {...props} />
    </Suspense>
  );
}

/** The pledge release orders inside /bpm/tasks: what redemptions release and whether the warehouse delivered it (issue 14). */
export function PledgeReleaseDeskSlot() {
  return (
    <Suspense fallback={<Skeleton active />}>
      <PledgeReleaseDesk />
    </Suspense>
  );
}

/** The pledge price list inside /bpm/tasks: prices and mark to market (issue 14). */
export function PledgePriceDeskSlot() {
  return (
    <Suspense fallback={<Skeleton active />}>
      <PledgePriceDesk />
    </Suspense>
  );
}

/** On the dashboard: margin calls to meet and pledge financings over the warning line (nothing when there are none). */
export function PledgeRiskSlot() {
  return (
    <Suspense fallback={null}>
      <PledgeRiskCard />
    </Suspense>
  );
}
