import { openPage, userPage, type FeatureModule } from '../../lib/feature-module.ts';

/** The version, the embedded pages of the site configuration, and the user's own settings. */
export const sysModule: FeatureModule = {
  name: 'sys',
  routes: [
    openPage('/version', () => import('./VersionPage.tsx')),
    openPage('/sys/embed/:index', () => import('./EmbedPage.tsx')),
    userPage('/sys', () => import('./SysInfoPage.tsx')),
    userPage('/sys/setting', () => import('./SettingPage.tsx')),
  ],
};
