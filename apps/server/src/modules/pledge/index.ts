// The goods-pledge face (issue 23): what app.ts lists — the operator task types, the sign hook, the
// close-of-business steps — and the operations the demo seed drives. app.ts registers routes.ts itself.
export { PLEDGE_TASK_TYPES } from './task-types.ts';
export { pledgeMarginDefaultStep, pledgeOverdueStep } from './jobs/close-of-day.ts';
export { pledgeSignHook } from './on-contract-signed.ts';
export { setPledgeTerms } from './terms.ts';
export { recordGoodsPrice } from './operations/record-price.ts';
export { applyPledge } from './operations/apply.ts';
export { payMargin } from './operations/pay-margin.ts';
export { PLEDGE_RELATED_TYPE } from './contract-documents.ts';
export { addSignPerson } from './operations/sign-persons.ts';
export { addCustomer } from './operations/customers.ts';
/** The risk desk (issue 27) values and reads pledges through the pledge's own rules. */
export { pledgeOwedOn } from './balance.ts';
export { currentPrice, itemsOf, LIVE_STATUSES as PLEDGE_LIVE_STATUSES, pledgedQuantityOf, valuationOf } from './store.ts';
/** The cloud loan's eligibility reads goods pledges' arrears through the lending core's port (app.ts wires it). */
export { pledgeArrears } from './overdue.ts';
