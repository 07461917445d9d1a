import { merchantPage, type FeatureModule } from '../../lib/feature-module.ts';

/** The enterprise's authentication (实名认证): its applications and the form. */
export const certificationModule: FeatureModule = {
  name: 'certification',
  routes: [
    merchantPage('/user/autenticalList', () => import('./AuthenticationListPage.tsx')),
    merchantPage('/user/autentication', () => import('./AuthenticationPage.tsx')),
  ],
};
