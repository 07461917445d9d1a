import type { BankAdapter } from './bank-adapter.ts';
import { operatorBank } from './operator-bank.ts';

/**
 * The bank adapters the configuration may name (`bankAdapter` of the `cloudLoan` site configuration).
 * A real bank's API is added here as one more implementation of BankAdapter.
 */
const BANK_ADAPTERS: readonly BankAdapter[] = [operatorBank];

export function bankAdapterNamed(name: string): BankAdapter {
  const adapter = BANK_ADAPTERS.find((a) => a.name === name);
  if (!adapter) throw new Error(`cloud loan: no bank adapter named "${name}" (site_config.cloudLoan.bankAdapter)`);
  return adapter;
}
