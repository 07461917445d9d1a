import { creditApi } from '@factoring/domain/contract';
import { call } from '../../lib/api-client.ts';
import { lazy } from 'react';
import { merchantPage, slot, type FeatureModule } from '../../lib/feature-module.ts';

/**
 * Issue 6: supply-chain loans on invoices and orders — the merchant's pages, its to-do row and credit lines on the
 * dashboard and the expiry reminder's line; issue 36:
 * the back office's factoring money desk (the financings and their collection are this product's).
 */
export const supplyloanModule: FeatureModule = {
  name: 'supplyloan',
  routes: [
    merchantPage('/supplyloan/myPlatform', () => import('./MyPlatformPage.tsx')),
    merchantPage('/supplyloan/supplyLoan', () => import('./SupplyLoanPage.tsx')),
    merchantPage('/supplyloan/invoice', () => import('./InvoicePage.tsx')),
    merchantPage('/supplyloan/financing', () => import('./FinancingApplyPage.tsx')),
    merchantPage('/supplyloan/orderLoan', () => import('./OrderLoanPage.tsx')),
    merchantPage('/supplyloan/orderdrawings', () => import('./OrderDrawingsPage.tsx')),
    merchantPage('/supplyloan/priceList', () => import('./PriceListPage.tsx')),
    merchantPage('/supplyloan/myfinancing', () => import('./MyFinancingPage.tsx')),
    merchantPage('/supplyloan/muserRefund', () => import('./RefundPage.tsx')),
    merchantPage('/supplyloan/delayApply', () => import('./DelayApplyPage.tsx')),
    merchantPage('/user/factorRepayment', () => import('./FactorRepaymentPage.tsx')),
  ],
  // The dashboard's to-do row: financings due within 7 days.
  slots: [slot({ slot: 'dashboard.todos', component: lazy(() => import('./DueSoonTodo.tsx')), loading: 'nothing' })],
  creditLines: [{ product: 'SUPPLY', platformPage: '/supplyloan/myPlatform', color: 'blue', order: 10 }],
  desks: [
    // Factored invoice financings past due, buy-backs and write-offs, collections, misdirected payments.
    { desk: 'back-office', key: 'factoring', label: '保理回款', order: 110, panel: lazy(() => import('./FactoringDesk.tsx')) },
  ],
  reminders: [
    {
      label: '供应链授信即将到期',
      route: '/supplyloan/myPlatform',
      order: 10,
      count: () => call(creditApi.supplyWillExpire, { query: { page: 1, size: 10 } }).then((p) => p.totalCount),
    },
  ],
};
