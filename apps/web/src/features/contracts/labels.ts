import { CONTRACT_TYPE_LABELS, CONTRACT_TYPES, contractLifecycle, type ContractStatus } from '@factoring/domain';

// Contract types and statuses: labels from the domain (packages/domain/src/status/contract.ts); colours are the web's.

export const TYPE_OPTIONS = CONTRACT_TYPES.map((value) => ({ value, label: CONTRACT_TYPE_LABELS[value] }));

const STATUS_COLORS: Record<ContractStatus, string> = { TO_SIGN: 'orange', SIGNED: 'green', EXPIRED: 'default', VOID: 'red' };

export const STATUS_OPTIONS = contractLifecycle.states.map((value) => ({ value, label: contractLifecycle.label(value) }));

export const statusColor = (s: ContractStatus) => STATUS_COLORS[s] ?? 'default';
