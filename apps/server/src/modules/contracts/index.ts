/** What other modules use of contracts: draw one up, ask whether it is signed, void it, react to signing. */
export { generateContract, type GenerateContractInput } from './generate-contract.ts';
export { isContractSigned, voidContractsOf } from './queries.ts';
export type { SignHook, SignedContract } from './sign-hooks.ts';
