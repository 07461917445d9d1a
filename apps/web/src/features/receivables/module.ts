import { lazy } from 'react';
import { merchantPage, type FeatureModule } from '../../lib/feature-module.ts';

/** Issue 36: receivables — the debtor's confirmations, and the factor's receivables and registry desks. */
export const receivablesModule: FeatureModule = {
  name: 'receivables',
  routes: [merchantPage('/receivables/confirmations', () => import('./ConfirmationsPage.tsx'))],
  desks: [
    // Dilutions, financed assets and their tax bureau checks, the simulated bureau.
    { desk: 'back-office', key: 'receivables', label: '应收账款查验', order: 90, panel: lazy(() => import('./ReceivablesDesk.tsx')) },
    // The factor's registrations at 中登网, searches, certificates.
    { desk: 'back-office', key: 'registry', label: '动产融资登记', order: 100, panel: lazy(() => import('./RegistryDesk.tsx')) },
  ],
};
