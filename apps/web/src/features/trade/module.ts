import { openPage, type FeatureModule } from '../../lib/feature-module.ts';

/** The public portal (SPEC §2 /trade/*): what a visitor reads, registration and password recovery. */
export const tradeModule: FeatureModule = {
  name: 'trade',
  routes: [
    openPage('/trade/index', () => import('./PortalPage.tsx')),
    openPage('/trade/aboutus', () => import('./AboutUsPage.tsx')),
    openPage('/trade/activate', () => import('./ActivatePage.tsx')),
    openPage('/trade/faq', () => import('./FaqPage.tsx')),
    openPage('/trade/forgetpwd', () => import('./ForgetPwdPage.tsx')),
    openPage('/trade/opttimeout', () => import('./OptTimeoutPage.tsx')),
    openPage('/trade/register', () => import('./RegisterPage.tsx')),
    openPage('/trade/resetpwd', () => import('./ResetPwdPage.tsx')),
  ],
};
