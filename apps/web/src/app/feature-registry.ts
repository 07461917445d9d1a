import type { Contributions } from '../lib/contributions.ts';
import type { DeskTab, FeatureModule, RouteDef, SlotContribution } from '../lib/feature-module.ts';

/**
 * The routes of the listed features, each path once: a second feature claiming a path is a mistake the
 * app refuses at start (and route-table.test.ts at once), not a page silently shadowed.
 */
export function routesOf(features: readonly FeatureModule[]): RouteDef[] {
  const owner = new Map<string, string>();
  return features.flatMap((feature) =>
    (feature.routes ?? []).map((route) => {
      const taken = owner.get(route.path);
      if (taken) throw new Error(`Route ${route.path} is claimed by both ${taken} and ${feature.name}`);
      owner.set(route.path, feature.name);
      return route;
    }),
  );
}

/**
 * What the listed features put on one another's pages: slots in list order, desk tabs, reminder lines and the
 * credit card's kinds of line by their order (a product's lines described twice is refused).
 */
export function contributionsOf(features: readonly FeatureModule[]): Contributions {
  const slots: Contributions['slots'] = {};
  const desks: Contributions['desks'] = {};
  for (const feature of features) {
    for (const contribution of feature.slots ?? []) (slots[contribution.slot] ??= [] as SlotContribution[]).push(contribution);
    for (const tab of feature.desks ?? []) {
      const tabs = (desks[tab.desk] ??= [] as DeskTab[]);
      if (tabs.some((t) => t.key === tab.key)) throw new Error(`Desk ${tab.desk} has two tabs ${tab.key} (${feature.name})`);
      tabs.push(tab);
    }
  }
  for (const tabs of Object.values(desks)) tabs.sort((a, b) => a.order - b.order);
  const reminders = features.flatMap((f) => f.reminders ?? []).sort((a, b) => a.order - b.order);
  const creditLines = features.flatMap((f) => f.creditLines ?? []).sort((a, b) => a.order - b.order);
  for (const [i, kind] of creditLines.entries())
    if (creditLines.findIndex((k) => k.product === kind.product) !== i)
      throw new Error(`Credit lines of ${kind.product} are described twice`);
  return { slots, desks, reminders, creditLines };
}
