import { merchantPage, type FeatureModule } from '../../lib/feature-module.ts';

/** The enterprise's contracts: read, download, sign. */
export const contractsModule: FeatureModule = {
  name: 'contracts',
  routes: [merchantPage('/user/contractList', () => import('./ContractListPage.tsx'))],
};
