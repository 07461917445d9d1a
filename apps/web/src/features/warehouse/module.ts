import { merchantPage, type FeatureModule } from '../../lib/feature-module.ts';

/** Supervised warehouses (issue 13): the goods guide, the warehouses' names, movements and stock. */
export const warehouseModule: FeatureModule = {
  name: 'warehouse',
  routes: [
    merchantPage('/pledge/goodsGuide', () => import('./GoodsGuidePage.tsx')),
    merchantPage('/warehouse/maintainName', () => import('./MaintainNamePage.tsx')),
    merchantPage('/warehouse/outIncoming', () => import('./OutIncomingPage.tsx')),
    merchantPage('/warehouse/stockDetails', () => import('./StockDetailsPage.tsx')),
  ],
};
