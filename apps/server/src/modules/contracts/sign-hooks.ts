import type { Tx } from '../../db/client.ts';
import type { ContractType } from '../../db/schema/index.ts';

export interface SignedContract {
  id: number;
  contractNo: string;
  type: ContractType;
  relatedType: string;
  relatedId: string;
  /** Who signed, from where: for the owning module's own event log. */
  signer: { id: number; name: string; ip: string };
}

/** Called inside the signing transaction, after the contract row is marked signed; a BusinessError refuses the signing. */
export type SignHook = (tx: Tx, relatedId: string, contract: SignedContract) => Promise<void>;

const hooks = new Map<string, SignHook>();

/**
 * Lets the module owning a kind of business record react when one of its contracts is signed, e.g.
 * `registerSignHook('FINANCING', (tx, id) => onFinancingContractSigned(tx, Number(id)))` at route
 * registration. Registering again replaces the hook (a rebuilt app in the same process).
 */
export function registerSignHook(relatedType: string, fn: SignHook): void {
  hooks.set(relatedType, fn);
}

export async function runSignHook(tx: Tx, contract: SignedContract): Promise<void> {
  const hook = hooks.get(contract.relatedType);
  if (hook) await hook(tx, contract.relatedId, contract);
}
