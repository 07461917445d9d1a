import { contractLifecycle, type ContractStatus } from '@factoring/domain';

// Contract statuses: labels from the domain (packages/domain/src/status/contract.ts); colours are the web's. The
// kinds of contract are the server's (issue 35: each area registers its own): `useContractKinds`, and each
// contract's `typeLabel`.

const STATUS_COLORS: Record<ContractStatus, string> = { TO_SIGN: 'orange', SIGNED: 'green', EXPIRED: 'default', VOID: 'red' };

export const STATUS_OPTIONS = contractLifecycle.states.map((value) => ({ value, label: contractLifecycle.label(value) }));

export const statusColor = (s: ContractStatus) => STATUS_COLORS[s] ?? 'default';
