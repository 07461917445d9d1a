import type { FeatureModule } from '../lib/feature-module.ts';
import { authModule } from '../features/auth/module.ts';
import { bpmModule } from '../features/bpm/module.ts';
import { certificationModule } from '../features/certification/module.ts';
import { cloudloanModule } from '../features/cloudloan/module.ts';
import { contractsModule } from '../features/contracts/module.ts';
import { exceptionModule } from '../features/exception/module.ts';
import { fundsModule } from '../features/funds/module.ts';
import { pledgeModule } from '../features/pledge/module.ts';
import { purchaseSalesModule } from '../features/purchase-sales/module.ts';
import { receivablesModule } from '../features/receivables/module.ts';
import { reconciliationModule } from '../features/reconciliation/module.ts';
import { riskModule } from '../features/risk/module.ts';
import { supplyloanModule } from '../features/supplyloan/module.ts';
import { sysModule } from '../features/sys/module.ts';
import { tradeModule } from '../features/trade/module.ts';
import { warehouseModule } from '../features/warehouse/module.ts';
import { contributionsOf } from './feature-registry.ts';

/**
 * Every feature of the portal, listed once (issue 35). The route table (route-table.ts), the slots one
 * feature fills on another's page, the back office's desk tabs and the expiry reminder's lines are all
 * built from this list; a new product writes its `features/<name>/module.ts` and adds one line here.
 * Nothing else in app/ names a product (README, "Registered once, the web").
 */
export const FEATURES: readonly FeatureModule[] = [
  tradeModule,
  authModule,
  exceptionModule,
  sysModule,
  certificationModule,
  contractsModule,
  fundsModule,
  supplyloanModule,
  cloudloanModule,
  pledgeModule,
  warehouseModule,
  purchaseSalesModule,
  receivablesModule,
  bpmModule,
  reconciliationModule,
  riskModule,
];

export const CONTRIBUTIONS = contributionsOf(FEATURES);
