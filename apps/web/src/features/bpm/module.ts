import { operatorPage, type FeatureModule } from '../../lib/feature-module.ts';

/** The operators' back office (PRODUCT §11): the inbox, the audit log and the desks products add tabs to. */
export const bpmModule: FeatureModule = {
  name: 'bpm',
  routes: [operatorPage('/bpm/tasks', () => import('./TasksPage.tsx'))],
};
