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

/**
 * What happens when a contract of a kind of business record is signed, per app: the module owning
 * the record exports its hook and `buildApp` lists it (`SIGN_HOOKS` in app.ts, relatedType → hook).
 */
export interface SignHooks {
  run(tx: Tx, contract: SignedContract): Promise<void>;
  /** Adds a hook after the app was built: for tests with their own related types. */
  add(relatedType: string, hook: SignHook): void;
}

export function signHooks(list: Readonly<Record<string, SignHook>>): SignHooks {
  const hooks = new Map(Object.entries(list));
  return {
    async run(tx, contract) {
      const hook = hooks.get(contract.relatedType);
      if (hook) await hook(tx, contract.relatedId, contract);
    },
    add(relatedType, hook) {
      if (hooks.has(relatedType)) throw new Error(`sign hook "${relatedType}" is listed twice`);
      hooks.set(relatedType, hook);
    },
  };
}
