import { describe, expect, it } from 'vitest';
import type { FeatureModule } from '../lib/feature-module.ts';
import { contributionsOf, routesOf } from './feature-registry.ts';
import { CONTRIBUTIONS, FEATURES } from './features.ts';

const Panel = () => null;
const page = () => Promise.resolve({ default: Panel });

/** A fourth product as a feature folder would write it: its pages, a desk tab, a reminder line, a slot and its credit lines. */
const bridgeLoan: FeatureModule = {
  name: 'bridgeloan',
  routes: [{ path: '/bridgeloan/apply', load: page, authority: 'merchant' }],
  slots: [{ slot: 'dashboard.alerts', component: Panel, loading: 'nothing' }],
  desks: [{ desk: 'back-office', key: 'bridgeLoan', label: '过桥贷审批', order: 55, panel: Panel }],
  reminders: [{ label: '过桥贷即将到期', route: '/bridgeloan/apply', order: 15, count: () => Promise.resolve(2) }],
  creditLines: [{ product: 'BRIDGE', platformPage: '/bridgeloan/apply', color: 'purple', order: 15 }],
};

describe('the features, listed once (issue 35)', () => {
  it('builds the back office desk from the products’ modules, in their order', () => {
    expect(CONTRIBUTIONS.desks['back-office']?.map((t) => t.key)).toEqual([
      'cloudloan',
      'purchaseSales',
      'pledgePrices',
      'pledgeReleases',
      'receivables',
      'registry',
      'factoring',
    ]);
  });

  it('fills every slot a page offers, and counts every reminder line', () => {
    expect(Object.keys(CONTRIBUTIONS.slots).sort()).toEqual([
      'dashboard.alerts',
      'dashboard.todos',
      'my-financings.below-list',
      'order-loan.order-source',
    ]);
    expect(CONTRIBUTIONS.reminders.map((r) => r.route)).toEqual(['/supplyloan/myPlatform', '/pledge/myPlatform', '/pledge/pledgeFinacy']);
    // The dashboard's credit card: each lending product says how its lines show and where they are managed.
    expect(CONTRIBUTIONS.creditLines.map((k) => [k.product, k.platformPage])).toEqual([
      ['SUPPLY', '/supplyloan/myPlatform'],
      ['PLEDGE', '/pledge/myPlatform'],
    ]);
  });

  it('takes a new product by its module alone: its route, desk tab, slot filler and reminder line', () => {
    const features = [...FEATURES, bridgeLoan];
    expect(routesOf(features).map((r) => r.path)).toContain('/bridgeloan/apply');
    const contributions = contributionsOf(features);
    expect(contributions.desks['back-office']?.map((t) => t.key)).toEqual([
      'cloudloan',
      'bridgeLoan',
      'purchaseSales',
      'pledgePrices',
      'pledgeReleases',
      'receivables',
      'registry',
      'factoring',
    ]);
    expect(contributions.slots['dashboard.alerts']).toHaveLength(2);
    expect(contributions.reminders.map((r) => r.label)[1]).toBe('过桥贷即将到期');
    expect(contributions.creditLines.map((k) => k.product)).toEqual(['SUPPLY', 'BRIDGE', 'PLEDGE']);
  });

  it('refuses a path claimed twice, a desk tab added twice and a product’s credit lines described twice', () => {
    const copy = { ...bridgeLoan, name: 'copy' };
    expect(() => contributionsOf([bridgeLoan, { name: 'copy', creditLines: bridgeLoan.creditLines }])).toThrow(
      'Credit lines of BRIDGE are described twice',
    );
    expect(() => routesOf([bridgeLoan, copy])).toThrow('Route /bridgeloan/apply is claimed by both bridgeloan and copy');
    expect(() => contributionsOf([bridgeLoan, copy])).toThrow('Desk back-office has two tabs bridgeLoan (copy)');
  });
});
