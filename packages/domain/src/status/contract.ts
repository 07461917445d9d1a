// Contracts (PRODUCT §10): the status machine. Their kinds are no closed list (issue 35): each area
// registers its own with the server (contracts/contract-kinds.ts), which lists them (GET /api/contracts/kinds).
import { defineLifecycle } from '../state-machine.ts';

export const CONTRACT_STATUSES = ['TO_SIGN', 'SIGNED', 'EXPIRED', 'VOID'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/**
 * A contract is signed once or voided with its business record. EXPIRED is also derived when
 * reading: a TO_SIGN or SIGNED contract past its expiry date (China time) reads as EXPIRED.
 */
export const contractLifecycle = defineLifecycle<ContractStatus>(
  { TO_SIGN: ['SIGNED', 'VOID', 'EXPIRED'], SIGNED: ['VOID', 'EXPIRED'], EXPIRED: ['VOID'], VOID: [] },
  { TO_SIGN: '待签署', SIGNED: '已签署', EXPIRED: '已过期', VOID: '已作废' },
);
export const CONTRACT_STATUS_LABELS = contractLifecycle.labels;
