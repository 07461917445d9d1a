import { lazy } from 'react';
import { merchantPage, slot, type FeatureModule } from '../../lib/feature-module.ts';

/** Issue 16: purchase and sales — orders, targeted payments, the order picker of an order loan, the dashboard's to-do row and the desk. */
export const purchaseSalesModule: FeatureModule = {
  name: 'purchase-sales',
  routes: [
    merchantPage('/purchaseSalesManage', () => import('./OverviewPage.tsx')),
    merchantPage('/purchaseSalesManage/orderManage', () => import('./OrderManagePage.tsx')),
    merchantPage('/purchaseSalesManage/targetedPayment', () => import('./TargetedPaymentPage.tsx')),
  ],
  // In the order loan form: pick a confirmed sales order to the core enterprise instead of typing it.
  // On the dashboard's to-do card: orders sent to the enterprise to confirm.
  slots: [
    slot({ slot: 'order-loan.order-source', component: lazy(() => import('./FinanceableOrderPicker.tsx')), loading: 'nothing' }),
    slot({ slot: 'dashboard.todos', component: lazy(() => import('./OrdersToConfirmTodo.tsx')), loading: 'nothing' }),
  ],
  // Feature switches and order collections.
  desks: [{ desk: 'back-office', key: 'purchaseSales', label: '购销管理', order: 60, panel: lazy(() => import('./OperatorPanel.tsx')) }],
};
