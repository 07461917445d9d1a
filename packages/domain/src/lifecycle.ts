// Status machines: a transition not listed is refused (PRODUCT §6, §8, §4). The builder lives in
// state-machine.ts; every machine lives in status/<area>.ts (issue 23). The machines first written
// here are re-exported for existing imports.
export * from './state-machine.ts';
export { financingLifecycle, FINANCING_STATUS_LABELS, FINANCING_STATUSES, type FinancingStatus } from './status/supplyloan.ts';
export { pledgeLifecycle, PLEDGE_STATUS_LABELS, PLEDGE_STATUSES, type PledgeStatus } from './status/pledge.ts';
export {
  authenticationLifecycle,
  AUTHENTICATION_STATUS_LABELS,
  AUTHENTICATION_STATUSES,
  type AuthenticationStatus,
} from './status/certification.ts';
