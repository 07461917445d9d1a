import { creditApi, pledgeDeliveryApi } from '@factoring/domain/contract';
import { lazy } from 'react';
import { call } from '../../lib/api-client.ts';
import { merchantPage, slot, type FeatureModule } from '../../lib/feature-module.ts';

const page = (name: string, load: Parameters<typeof merchantPage>[1]) => merchantPage(`/pledge/${name}`, load);
const myPlatform = () => import('./MyPlatformPage.tsx');
const margin = () => import('./MarginPage.tsx');

/** Issue 14: goods-pledge financing — its pages, its risk and credit lines on the dashboard, its desks and its reminders. */
export const pledgeModule: FeatureModule = {
  name: 'pledge',
  routes: [
    page('myPlatform', myPlatform),
    page('toFinacing', myPlatform),
    page('applyFinacing', () => import('./ApplyPage.tsx')),
    page('pledgeSucess', () => import('./SuccessPage.tsx')),
    page('bondVoucher', margin),
    page('giveGold', margin),
    page('pledgeFinacy', () => import('./FinancingsPage.tsx')),
    page('repaymentList', () => import('./RepaymentPage.tsx')),
    page('repaymentVoucher', () => import('./RepaymentVoucherPage.tsx')),
    page('voucherSucess', () => import('./VoucherSuccessPage.tsx')),
    page('signPersonGuide', () => import('./SignPersonPage.tsx')),
    page('supplyLoanKH', () => import('./CustomersPage.tsx')),
  ],
  // Margin calls to meet and financings over the warning line (nothing when there are none).
  slots: [slot({ slot: 'dashboard.alerts', component: lazy(() => import('./RiskAlertsCard.tsx')), loading: 'nothing' })],
  creditLines: [{ product: 'PLEDGE', platformPage: '/pledge/myPlatform', color: 'gold', order: 20 }],
  desks: [
    // Prices of pledged goods and the mark to market.
    { desk: 'back-office', key: 'pledgePrices', label: '质押货物价格', order: 70, panel: lazy(() => import('./OperatorPricePanel.tsx')) },
    // What redemptions release and whether the warehouse delivered it.
    {
      desk: 'back-office',
      key: 'pledgeReleases',
      label: '质押放货单',
      order: 80,
      panel: lazy(() => import('./OperatorReleaseOrdersPanel.tsx')),
    },
  ],
  reminders: [
    {
      label: '货押授信即将到期',
      route: '/pledge/myPlatform',
      order: 20,
      count: () => call(creditApi.pledgeWillExpire, { query: { page: 1, size: 10 } }).then((p) => p.totalCount),
    },
    {
      // Each financing once, whether over the warning line, with a margin call to meet, or both.
      label: '货押质押率预警 / 待补缴保证金',
      route: '/pledge/pledgeFinacy',
      order: 30,
      count: () =>
        call(pledgeDeliveryApi.alerts).then(
          (a) => new Set([...a.warnings.map((w) => w.id), ...a.marginCalls.map((c) => c.financingId)]).size,
        ),
    },
  ],
};
