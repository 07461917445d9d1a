/** A tranche's balance: the lending core's accrual and allocation rules live in the domain (loan-accrual.ts). */
export type { LoanBalance as TrancheState, Owed } from '@factoring/domain';
export { allocate, crystallise, owedOn, runningInterest, runningPenalty, unusedPrepaidInterest } from '@factoring/domain';
