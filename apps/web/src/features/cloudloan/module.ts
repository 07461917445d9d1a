import { lazy } from 'react';
import { merchantPage, slot, type FeatureModule, type PageModule } from '../../lib/feature-module.ts';

const cloudComponent = (name: string, load: () => PageModule) => merchantPage(`/supplyloan/myfinancing/cloudComponent/${name}`, load);

/** Issue 15: the bank cloud loan — its pages, its tabs under the merchant's financings and the bank's desk. */
export const cloudloanModule: FeatureModule = {
  name: 'cloudloan',
  routes: [
    merchantPage('/supplyloan/ccbft', () => import('./ProductPage.tsx')),
    merchantPage('/supplyloan/ccbftApply', () => import('./ApplyPage.tsx')),
    merchantPage('/supplyloan/ccbftSubmit', () => import('./SubmitPage.tsx')),
    merchantPage('/supplyloan/ccbftTrialPayment', () => import('./TrialPage.tsx')),
    cloudComponent('ApplyTable', () => import('./cloudComponent/ApplyTable.tsx')),
    cloudComponent('CloudLoanInfo', () => import('./cloudComponent/CloudLoanInfo.tsx')),
    cloudComponent('CloudLoanTab', () => import('./cloudComponent/CloudLoanTab.tsx')),
    cloudComponent('CreditTable', () => import('./cloudComponent/CreditTable.tsx')),
    cloudComponent('RefundTable', () => import('./cloudComponent/RefundTable.tsx')),
    cloudComponent('RefundTotalTable', () => import('./cloudComponent/RefundTotalTable.tsx')),
  ],
  slots: [slot({ slot: 'my-financings.below-list', component: lazy(() => import('./MyFinancingsCard.tsx')), loading: 'nothing' })],
  // The built-in bank's desk: grants and decisions on cloud-loan applications.
  desks: [
    { desk: 'back-office', key: 'cloudloan', label: '银行云贷审批', order: 50, panel: lazy(() => import('./OperatorGrantPanel.tsx')) },
  ],
};
