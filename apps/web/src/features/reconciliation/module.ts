import { operatorPage, type FeatureModule } from '../../lib/feature-module.ts';

/** Issue 26: the collection account's bank statements, pay-out files and daily reconciliation. */
export const reconciliationModule: FeatureModule = {
  name: 'reconciliation',
  routes: [operatorPage('/bpm/reconciliation', () => import('./ReconciliationPage.tsx'))],
};
