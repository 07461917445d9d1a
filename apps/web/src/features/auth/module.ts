import { openPage, type FeatureModule } from '../../lib/feature-module.ts';

const loginPage = () => import('./LoginPage.tsx');

/** Logging in (SPEC §2): the login page under both of its addresses. */
export const authModule: FeatureModule = {
  name: 'auth',
  routes: [openPage('/login', loginPage), openPage('/login/login', loginPage)],
};
