// The lending core's face (issue 22): what every lending product — supply-chain loans, goods-pledge
// financing and the bank cloud loan — uses. Products supply their terms, collateral and schedule.
export { disburse, type Disbursement } from './disbursement.ts';
