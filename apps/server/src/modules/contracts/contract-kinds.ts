import type { Tx } from '../../db/client.ts';
import type { Clause, TemplateInput } from './templates.ts';

/**
 * A kind of contract (issue 35), declared once by the area whose business it is — its code, its words,
 * its template, who signs it and what signing it does — and given to the contracts module by app.ts.
 * The contracts module draws up, signs, countersigns and lists contracts of any kind; it names none.
 */
export interface ContractKind {
  /** Stored on every contract of the kind (contracts.type) and used as the list's filter: UPPER_SNAKE_CASE. */
  code: string;
  /** Its heading and its name in lists and file names. */
  label: string;
  /** The business record its contracts belong to, in words: shown before the record's number (关联业务). */
  recordLabel: string;
  /** The two parties' roles, 甲方 first (the enterprise the contract belongs to), then the counterparty. */
  roles: readonly [string, string];
  /** Who signs: the enterprise alone (a letter, one signature block) or both parties. */
  signers: 'ENTERPRISE' | 'BOTH';
  /**
   * Whether the factor adds its own digital signature when an operator approves the decision that follows
   * the enterprise's (issue 37): the factor's own contracts; not a bank's agreement nor a debtor's letter.
   */
  factorCountersigns: boolean;
  preamble(i: TemplateInput): string;
  clauses(i: TemplateInput): Clause[];
  /** Chinese labels of the business data keys its contracts are drawn up with; any other key is shown as written. */
  fieldLabels?: Readonly<Record<string, string>>;
  /**
   * What signing one of its contracts does to the business record it belongs to, by the record's type
   * (contracts.related_type → the hook of the area owning that record): run inside the signing transaction,
   * after the contract row is marked signed; a BusinessError refuses the signing.
   */
  signHooks?: Readonly<Record<string, SignHook>>;
}

export interface SignedContract {
  id: number;
  contractNo: string;
  type: string;
  typeLabel: string;
  relatedType: string;
  relatedId: string;
  /** Who signed, from where: for the owning module's own event log. */
  signer: { id: number; name: string; ip: string };
}

export type SignHook = (tx: Tx, relatedId: string, contract: SignedContract) => Promise<void>;

/** The kinds an app registered, built once by `buildApp` from the areas' lists. */
export interface ContractKinds {
  /** In registration order: the list's type filter. */
  readonly list: readonly ContractKind[];
  of(code: string): ContractKind | undefined;
  /** Runs the hook the signed contract's kind has for its record's type (if any), in the signing transaction. */
  runSignHook(tx: Tx, contract: SignedContract): Promise<void>;
  /** Adds a kind after the app was built: for tests with kinds of their own. */
  add(kind: ContractKind): void;
}

const CODE = /^[A-Z][A-Z0-9_]{1,39}$/;

export function contractKinds(kinds: readonly ContractKind[]): ContractKinds {
  const list: ContractKind[] = [];
  const byCode = new Map<string, ContractKind>();
  const add = (kind: ContractKind) => {
    if (!CODE.test(kind.code)) throw new Error(`contract kind "${kind.code}": the code must be UPPER_SNAKE_CASE`);
    if (byCode.has(kind.code)) throw new Error(`contract kind "${kind.code}" is registered twice`);
    byCode.set(kind.code, kind);
    list.push(kind);
  };
  kinds.forEach(add);
  return {
    list,
    of: (code) => byCode.get(code),
    async runSignHook(tx, contract) {
      await byCode.get(contract.type)?.signHooks?.[contract.relatedType]?.(tx, contract.relatedId, contract);
    },
    add,
  };
}
