import { openPage, type FeatureModule } from '../../lib/feature-module.ts';

/** The result pages of SPEC §8: no authority, not found, server fault. */
export const exceptionModule: FeatureModule = {
  name: 'exception',
  routes: [
    openPage('/exception/403', () => import('./Exception403.tsx')),
    openPage('/exception/404', () => import('./Exception404.tsx')),
    openPage('/exception/500', () => import('./Exception500.tsx')),
  ],
};
