import { merchantPage, type FeatureModule } from '../../lib/feature-module.ts';

/** The enterprise's money: balances and flows, withdrawals, transfers, payees and directed payments. */
export const fundsModule: FeatureModule = {
  name: 'funds',
  routes: [
    merchantPage('/user/moneySummary', () => import('./MoneySummaryPage.tsx')),
    merchantPage('/user/withdrawal', () => import('./WithdrawalPage.tsx')),
    merchantPage('/user/internalTransfer', () => import('./InternalTransferPage.tsx')),
    merchantPage('/user/moneyflowSuccess', () => import('./MoneyflowSuccessPage.tsx')),
    merchantPage('/user/moneyflowControl', () => import('./MoneyflowControlPage.tsx')),
    merchantPage('/user/moneyflowUpDown', () => import('./MoneyflowUpDownPage.tsx')),
    merchantPage('/user/seeWhiteList', () => import('./SeeWhiteListPage.tsx')),
    merchantPage('/user/openLastDirPayment', () => import('./OpenLastDirPaymentPage.tsx')),
    merchantPage('/user/openUpdateDirPayment', () => import('./OpenUpdateDirPaymentPage.tsx')),
    merchantPage('/user/openEnterpriseList', () => import('./OpenEnterpriseListPage.tsx')),
    merchantPage('/user/openConsignment', () => import('./OpenConsignmentPage.tsx')),
    merchantPage('/user/purchasePayment', () => import('./PurchasePaymentPage.tsx')),
  ],
};
