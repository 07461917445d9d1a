import type { BankAdapter, BankAdapters } from './bank-adapter.ts';
import { operatorBank } from './operator-bank.ts';

/**
 * The registry of an app's bank adapters, built in app.ts from its list (`BANK_ADAPTERS`), the way the
 * sign hooks and task types are. The site configuration names the adapter new applications go to
 * (`bankAdapter` of the `cloudLoan` key); each application and drawdown remembers its adapter by name.
 */
export function bankAdapters(list: readonly BankAdapter[]): BankAdapters {
  const byName = new Map<string, BankAdapter>();
  const add = (adapter: BankAdapter) => {
    if (byName.has(adapter.name)) throw new Error(`cloud loan: bank adapter "${adapter.name}" is listed twice`);
    byName.set(adapter.name, adapter);
  };
  list.forEach(add);
  return {
    named(name) {
      const adapter = byName.get(name);
      if (!adapter) throw new Error(`cloud loan: no bank adapter named "${name}" (site_config.cloudLoan.bankAdapter)`);
      return adapter;
    },
    names: () => [...byName.keys()],
    add,
  };
}

/** The adapters that come with the portal: the operator decides for the bank through the /bpm/tasks inbox. */
export const BUILT_IN_BANK_ADAPTERS: readonly BankAdapter[] = [operatorBank];

/**
 * Only for callers that run without an app — the demo seed (seed/cloudloan.ts) — which use the
 * built-in bank. Every route and the scheduled debit pass the app's registry.
 */
export const builtInBanksOnly = (): BankAdapters => bankAdapters(BUILT_IN_BANK_ADAPTERS);
