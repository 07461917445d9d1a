import { operatorPage, type FeatureModule } from '../../lib/feature-module.ts';

/** Issue 27: the factor's risk desk — exposure, aging, limits and the collateral watch. */
export const riskModule: FeatureModule = {
  name: 'risk',
  routes: [operatorPage('/bpm/risk', () => import('./RiskPage.tsx'))],
};
