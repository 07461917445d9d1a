// Contracts (PRODUCT §10): their types and the status machine.
import { defineLifecycle } from '../state-machine.ts';

export const CONTRACT_TYPES = [
  'FACTORING_AGREEMENT',
  'FINANCING',
  'PLEDGE',
  'MARGIN',
  'CLOUD_LOAN',
  // Issue 36: the debtor's confirmation letter (确认函) and the notice of assignment (转让通知书).
  'RECEIVABLE_CONFIRMATION',
  'ASSIGNMENT_NOTICE',
] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

export const CONTRACT_TYPE_LABELS: Readonly<Record<ContractType, string>> = {
  FACTORING_AGREEMENT: '保理协议',
  FINANCING: '融资合同',
  PLEDGE: '质押合同',
  MARGIN: '保证金协议',
  CLOUD_LOAN: '云贷协议',
  RECEIVABLE_CONFIRMATION: '应收账款确认函',
  ASSIGNMENT_NOTICE: '应收账款转让通知书',
};

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
